// Fills msgstr in the PO catalogs from a JSON file {locale: {msgid: msgstr}}; prints what is still missing.
// Usage: node scripts/i18n-fill.mjs translations.json
import fs from "node:fs";
import PO from "pofile";

const map = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
for (const [loc, tr] of Object.entries(map)) {
  const file = `web/locales/${loc}/messages.po`;
  const po = PO.parse(fs.readFileSync(file, "utf8"));
  for (const item of po.items) if (tr[item.msgid] !== undefined) item.msgstr = [tr[item.msgid]];
  fs.writeFileSync(file, `${po.toString()}\n`);
  const missing = po.items.filter((i) => !i.msgstr[0]).map((i) => i.msgid);
  if (missing.length) console.warn(loc, "missing", missing);
}

// Fills msgstr in the PO catalogs from a JSON file {locale: {msgid: msgstr}}; prints what is still missing.
// Usage: node scripts/i18n-fill.mjs translations.json (a message with a context is keyed "[context] message")
import fs from "node:fs";
import PO from "pofile";
import { samePlaceholders } from "./i18n-placeholders.mjs";

const map = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
for (const [loc, tr] of Object.entries(map)) {
  const file = `web/locales/${loc}/messages.po`;
  const po = PO.parse(fs.readFileSync(file, "utf8"));
  for (const item of po.items) {
    const text = tr[item.msgctxt ? `[${item.msgctxt}] ${item.msgid}` : item.msgid];
    if (text === undefined) continue;
    if (!samePlaceholders(item.msgid, text)) {
      console.warn(
        loc,
        "placeholders differ, skipped:",
        JSON.stringify(item.msgid),
        "→",
        JSON.stringify(text),
      );
      continue;
    }
    item.msgstr = [text];
  }
  fs.writeFileSync(file, `${po.toString()}\n`);
  const missing = po.items.filter((i) => !i.msgstr[0]).map((i) => i.msgid);
  if (missing.length) console.warn(loc, "missing", missing);
}

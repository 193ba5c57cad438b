// Lists the messages a locale has no translation for, with where they are used, as JSON for translators.
// Usage: node scripts/i18n-todo.mjs fr > todo-fr.json
import fs from "node:fs";
import PO from "pofile";

const locale = process.argv[2];
const po = PO.parse(fs.readFileSync(`web/locales/${locale}/messages.po`, "utf8"));
const todo = po.items
  .filter((i) => !i.obsolete && !i.msgstr.some((s) => s.trim() !== ""))
  .map((i) => ({
    // A message with a context is keyed "[context] message" so translators see which meaning they translate.
    id: i.msgctxt ? `[${i.msgctxt}] ${i.msgid}` : i.msgid,
    where: i.references.slice(0, 2),
    note: i.extractedComments.join(" ") || undefined,
  }));
process.stdout.write(`${JSON.stringify(todo, null, 1)}\n`);

/**
 * `npm run i18n:check`: the catalogs are current (extraction changes nothing) and complete (every message
 * of the source catalog has a translation in every other language).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import PO from "pofile";
import { DEFAULT_LOCALE, LOCALES } from "../web/src/i18n/locales";
import { samePlaceholders } from "./i18n-placeholders.mjs";

const catalogPath = (locale: string) => `web/locales/${locale}/messages.po`;
const read = () => new Map(LOCALES.map((l) => [l, readFileSync(catalogPath(l), "utf8")]));

const before = read();
const extract = spawnSync("npx", ["lingui", "extract", "--clean"], { encoding: "utf8" });
if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr);
  process.exit(1);
}
const after = read();
const problems: string[] = [];
for (const l of LOCALES) {
  if (before.get(l) !== after.get(l)) problems.push(`${catalogPath(l)} was out of date (now re-extracted)`);
}
for (const l of LOCALES) {
  if (l === DEFAULT_LOCALE) continue;
  const po = PO.parse(after.get(l) ?? "");
  const missing = po.items.filter((i) => !i.obsolete && !i.msgstr.some((s) => s.trim() !== ""));
  for (const m of missing) problems.push(`${l}: no translation for "${m.msgid}"`);
  for (const item of po.items) {
    const text = item.msgstr[0] ?? "";
    if (text && !samePlaceholders(item.msgid, text)) {
      problems.push(`${l}: placeholders or tags differ in "${item.msgid}" → "${text}"`);
    }
  }
}
if (problems.length > 0) {
  console.error(`i18n: ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  console.error("Translate the new messages in web/locales/*/messages.po and commit them.");
  process.exit(1);
}
console.warn(`i18n: ${LOCALES.length} catalogs current and complete.`);

/**
 * `npm run lighthouse`: Lighthouse's mobile profile over the main pages (scripts/lighthouse/audit.ts), three runs
 * each, medians; prints the table and writes it to bench/RESULTS.md beside the first-paint bench. Fails when a
 * page's median falls under the floor (scripts/lighthouse/report.ts). `npm test` runs it with --check: the same
 * audits and floors, RESULTS.md left alone.
 *   --check          do not write bench/RESULTS.md
 *   --runs N         runs per page (3)
 *   --reports DIR    keep every Lighthouse report (JSON) in DIR
 *   WORD …           only the pages whose name contains a WORD
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { findChromium } from "../tests/helpers/chromium";
import { auditPages } from "./lighthouse/audit";
import { belowFloor, medians, SECTION_TITLE, section, table } from "./lighthouse/report";

const { values, positionals } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    reports: { type: "string" },
  },
  allowPositionals: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9)
  throw new Error(`--runs ${values.runs}: expected 1 to 9`);

if (!findChromium()) {
  // As the browser tests: loud, and a failure only in CI.
  console.error(
    "!! LIGHTHOUSE NOT RUN: no Chromium found (apt-get install -y chromium, or set CHROME_PATH).",
  );
  process.exit(process.env.CI === "true" ? 1 : 0);
}
if (values.reports) mkdirSync(values.reports, { recursive: true });
const results = await auditPages({
  runs,
  only: positionals,
  ...(values.reports ? { reports: values.reports } : {}),
  progress: (line) => console.warn(line),
});

console.log(`\nLighthouse, mobile profile: medians of ${runs} run(s) a page\n\n${table(results)}\n`);
for (const { page, runs: pageRuns } of results) {
  const { diagnostics } = medians(pageRuns);
  if (diagnostics.length > 0)
    console.log(`${page.name}, where performance lost points:\n  ${diagnostics.join("\n  ")}`);
}

/** Replaces the section (or puts it after the first-paint bench's): the rest of RESULTS.md is left as it was. */
function writeSection(file: string, text: string): void {
  const blocks = existsSync(file)
    ? readFileSync(file, "utf8")
        .trimEnd()
        .split(/\n(?=## )/)
    : ["# Benchmark results\n"];
  const at = blocks.findIndex((b) => b.startsWith(SECTION_TITLE));
  if (at >= 0) blocks[at] = `${text}\n`;
  else {
    const firstPaint = blocks.findIndex((b) => b.includes("(bench/first-paint.bench.ts)"));
    blocks.splice(firstPaint >= 0 ? firstPaint + 1 : blocks.length, 0, `${text}\n`);
  }
  writeFileSync(file, `${blocks.map((b) => b.trimEnd()).join("\n\n")}\n`);
}

if (!values.check && positionals.length === 0) {
  writeSection("bench/RESULTS.md", section(results, runs));
  console.log("lighthouse: wrote its section of bench/RESULTS.md");
}
const under = belowFloor(results);
for (const line of under) console.log(`✘ ${line}`);
console.log(
  under.length === 0
    ? "lighthouse: every page at or above its floor"
    : `lighthouse: ${under.length} under the floor`,
);
process.exit(under.length === 0 ? 0 : 1);

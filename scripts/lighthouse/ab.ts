/**
 * An A/B pair for a change's effect (issue 28): two builds of the web app (two WEB_DIST folders), each on a server
 * of its own, audited in turn (A then B, page by page, run by run) so a slow minute of a shared machine falls on
 * both. Prints each build's medians per page. Not part of `npm test`: a tool for measuring one change.
 *   npx tsx scripts/lighthouse/ab.ts DIR_A DIR_B [--runs N] [--reports DIR] [WORD …]
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { demoSession } from "../../tests/browser/builder-helpers";
import { findChromium } from "../../tests/helpers/chromium";
import { startTestServer } from "../../tests/helpers/server";
import { auditOnce, auditWithRetry, PAGES, type Run, seedIds } from "./audit";

const { values, positionals } = parseArgs({
  options: { runs: { type: "string", default: "3" }, reports: { type: "string" } },
  allowPositionals: true,
});
const [dirA, dirB, ...only] = positionals;
if (!dirA || !dirB) throw new Error("usage: ab.ts DIR_A DIR_B [--runs N] [WORD …]");
const chromePath = findChromium();
if (!chromePath) throw new Error("No Chromium found");
if (values.reports) mkdirSync(values.reports, { recursive: true });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

const builds = await Promise.all(
  [dirA, dirB].map(async (dir) => {
    const server = await startTestServer({ env: { webDist: path.resolve(dir) } });
    const { cookies, call } = await demoSession(server.url);
    return { dir, server, cookies, ids: await seedIds(call) };
  }),
);
try {
  const pages = PAGES.filter((p) => only.length === 0 || only.some((o) => p.name.includes(o)));
  const runs = new Map<string, Run[]>();
  for (let r = 0; r < Number(values.runs); r++) {
    for (const page of pages) {
      for (const b of builds) {
        const url = `${b.server.url}${page.path(b.ids)}`;
        const run = await auditWithRetry(() =>
          auditOnce(chromePath, url, page.signedIn ? b.cookies : [], values.reports),
        );
        const key = `${page.name}\t${b.dir}`;
        runs.set(key, [...(runs.get(key) ?? []), run]);
        console.warn(
          `${page.name} ${b.dir}: ${run.performance} (LCP ${Math.round(run.lcpMs)}, BI ${run.benchmarkIndex})`,
        );
      }
    }
  }
  console.log("page\tbuild\tperformance\tFCP ms\tLCP ms\tTBT ms\tCLS\truns");
  for (const [key, rs] of runs) {
    console.log(
      [
        key,
        median(rs.map((x) => x.performance)),
        Math.round(median(rs.map((x) => x.fcpMs))),
        Math.round(median(rs.map((x) => x.lcpMs))),
        Math.round(median(rs.map((x) => x.tbtMs))),
        median(rs.map((x) => x.cls)).toFixed(3),
        rs.map((x) => x.performance).join(","),
      ].join("\t"),
    );
  }
} finally {
  for (const b of builds) await b.server.stop();
}

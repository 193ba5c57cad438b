/** The medians of the Lighthouse runs, as a table, the floors `npm test` holds them to, and the RESULTS.md section. */
import os from "node:os";
import type { PageResult, Run } from "./audit";

/** What the bench aims at on a quiet machine (issue 28). */
export const AIM = { performance: 95, accessibility: 100, bestPractices: 100 };

/**
 * What `npm test` holds every page's median to. Accessibility and best practices do not depend on the machine:
 * 100. Performance does: Lighthouse simulates a 4× slower CPU by scaling the main-thread work it saw, so a loaded
 * machine's slower tasks come back four times over. Measured twice on this 2-core machine shared with six other
 * engineers' test runs (3 runs of 12 pages each time; 1-minute load 14 to 25, BenchmarkIndex 370 to 2,370), the
 * lowest median was 54 (the builder's first pane) and the lowest single run 30 (the drawing page): the floor is
 * that run (a median under it needs two runs as bad), a tripwire for a gross regression, not a measure. The bench
 * holds the 95, taken on a quiet machine (docs/decisions/029-lighthouse-in-the-suite.md).
 */
export const FLOOR = { performance: 30, accessibility: 100, bestPractices: 100 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** One line per audit ("id: what it found"), the first run's: the same audit from every run says little more. */
function firstPerAudit(lines: string[]): string[] {
  const byAudit = new Map<string, string>();
  for (const line of lines) {
    const id = line.split(":")[0] ?? line;
    if (!byAudit.has(id)) byAudit.set(id, line);
  }
  return [...byAudit.values()];
}

/** Each figure's median over the runs; the audits that failed in any run. */
export function medians(runs: Run[]): Run {
  const m = (k: keyof Omit<Run, "failed" | "diagnostics">) => median(runs.map((r) => r[k]));
  return {
    performance: m("performance"),
    accessibility: m("accessibility"),
    bestPractices: m("bestPractices"),
    fcpMs: m("fcpMs"),
    lcpMs: m("lcpMs"),
    tbtMs: m("tbtMs"),
    cls: m("cls"),
    benchmarkIndex: m("benchmarkIndex"),
    failed: [...new Set(runs.flatMap((r) => r.failed))],
    diagnostics: firstPerAudit(runs.flatMap((r) => r.diagnostics)),
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function table(results: PageResult[]): string {
  const rows = results.map(({ page, runs }) => {
    const m = medians(runs);
    return `| ${page.name}${page.signedIn ? " (signed in)" : ""} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${s(m.fcpMs)} | ${s(m.lcpMs)} | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${Math.round(m.benchmarkIndex)} |`;
  });
  return [
    "| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | machine (BenchmarkIndex) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

/** One line per page and category under the floor, with the audits that cost the points. */
export function belowFloor(results: PageResult[]): string[] {
  return results.flatMap(({ page, runs }) => {
    const m = medians(runs);
    const lines: string[] = [];
    if (m.performance < FLOOR.performance) {
      lines.push(
        `${page.name}: performance ${m.performance} < ${FLOOR.performance} (FCP ${s(m.fcpMs)}, LCP ${s(m.lcpMs)}, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls.toFixed(3)}; Lighthouse's diagnostics above)`,
      );
    }
    if (m.accessibility < FLOOR.accessibility || m.bestPractices < FLOOR.bestPractices) {
      lines.push(
        `${page.name}: accessibility ${m.accessibility}, best practices ${m.bestPractices} (${m.failed.join("; ")})`,
      );
    }
    return lines;
  });
}

/** The pages whose median misses the bench's aim. */
export function missingAim(results: PageResult[]): string[] {
  return results
    .filter(({ runs }) => {
      const m = medians(runs);
      return (
        m.performance < AIM.performance ||
        m.accessibility < AIM.accessibility ||
        m.bestPractices < AIM.bestPractices
      );
    })
    .map(({ page }) => page.name);
}

export const SECTION_TITLE = "## Lighthouse, mobile profile (bench/lighthouse.bench.ts)";

export function section(results: PageResult[], runs: number): string {
  const load = os.loadavg()[0] ?? 0;
  const cores = os.cpus().length;
  const missing = missingAim(results);
  return [
    SECTION_TITLE,
    "",
    `Written by \`npm run lighthouse\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse 12.8.2, Debian's Chromium (headless), the default mobile profile (simulated slow 4G, 4× CPU slowdown), a fresh browser and a cold cache per audit, the built app on a throwaway SQLite database with the demo seed; public pages signed out, the others as the demo owner. ${runs} runs per page, interleaved; each column is its own median. The machine's load at the end (1-minute average): ${load.toFixed(1)} on ${cores} cores.${load > cores ? " **Taken on a loaded machine: these are not figures to hold against the aim; take them again on a quiet one.**" : ""}`,
    "",
    table(results),
    "",
    missing.length === 0
      ? `Every page at **${AIM.performance}+** for performance and **100** for accessibility and best practices.`
      : `Under ${AIM.performance} / 100 / 100: ${missing.join(", ")}. \`npm test\` holds every page to ${FLOOR.performance} / 100 / 100 (a floor for a loaded 2-core machine); this bench holds the ${AIM.performance}.`,
  ].join("\n");
}

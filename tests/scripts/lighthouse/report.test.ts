import { describe, expect, it } from "vitest";
import type { PageResult, Run } from "../../../scripts/lighthouse/audit";
import { AIM, belowFloor, FLOOR, medians, section } from "../../../scripts/lighthouse/report";

const run = (over: Partial<Run> = {}): Run => ({
  performance: 97,
  accessibility: 100,
  bestPractices: 100,
  fcpMs: 1500,
  lcpMs: 2000,
  tbtMs: 50,
  cls: 0,
  benchmarkIndex: 1500,
  failed: [],
  diagnostics: [],
  ...over,
});

const page = (name: string, runs: Run[]): PageResult => ({
  page: { name, path: () => name, signedIn: false },
  runs,
});

describe("the Lighthouse report", () => {
  it("takes each column's own median and keeps every failed audit of any run, once", () => {
    const m = medians([
      run({ performance: 90, lcpMs: 3000, failed: ["errors-in-console: 1"] }),
      run({ performance: 40, lcpMs: 2000 }),
      run({ performance: 95, lcpMs: 9000, failed: ["errors-in-console: 1"] }),
    ]);
    expect(m.performance).toBe(90);
    expect(m.lcpMs).toBe(3000);
    expect(m.failed).toEqual(["errors-in-console: 1"]);
  });

  it("lets through a page at the floors and names each page and category under them, with the audits", () => {
    const ok = page("/ok", [run({ performance: FLOOR.performance })]);
    const slow = page("/slow", [run({ performance: FLOOR.performance - 1 })]);
    const logged = page("/logged", [run({ bestPractices: 96, failed: ["errors-in-console: 401"] })]);
    const lines = belowFloor([ok, slow, logged]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\/slow: performance \d+ < 30 /);
    expect(lines[1]).toBe("/logged: accessibility 100, best practices 96 (errors-in-console: 401)");
  });

  it("says every page met the aim only when every median did, and else names the pages that missed it", () => {
    const good = page("/good", [run()]);
    expect(section([good], 1)).toContain(`Every page at **${AIM.performance}+**`);
    const missed = section([good, page("/missed", [run({ performance: AIM.performance - 1 })])], 1);
    expect(missed).toContain("Under 95 / 100 / 100: /missed.");
    expect(missed).toContain("| /missed | 94 | 100 | 100 |");
  });
});

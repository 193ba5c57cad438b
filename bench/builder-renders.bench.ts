/**
 * Issue 7: typing in one field of the builder re-renders that field, not the pane. Counted with React's Profiler
 * in tests/web/builder/render-count.test.tsx (jsdom, the real builder and engine); this runs that test and copies
 * the counts it prints. Counts, not times: they do not drift with the machine.
 */
import { spawnSync } from "node:child_process";

const TEST = "tests/web/builder/render-count.test.tsx";
const LINE = /render counts for 10 characters typed: pane (\d+), name field (\d+), other field (\d+)/;

export async function run(): Promise<string> {
  const result = spawnSync("npx", ["vitest", "run", "--project", "web", TEST], { encoding: "utf8" });
  const match = LINE.exec(`${result.stdout}\n${result.stderr}`);
  if (result.status !== 0 || !match)
    throw new Error(`${TEST} failed or printed no counts:\n${result.stdout}`);
  const [, pane, field, other] = match.map(Number);
  return [
    "## Builder re-renders while typing (bench/builder-renders.bench.ts)",
    "",
    `React Profiler renders while 10 characters are typed into the contest name (${TEST}):`,
    "",
    "| component | renders | per keystroke |",
    "|---|---:|---:|",
    `| the name field | ${field} | ${((field ?? 0) / 10).toFixed(1)} |`,
    `| the basic-information pane | ${pane} | ${((pane ?? 0) / 10).toFixed(1)} |`,
    `| another field of the pane (number of winners) | ${other} | ${((other ?? 0) / 10).toFixed(1)} |`,
  ].join("\n");
}

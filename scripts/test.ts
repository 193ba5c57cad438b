/**
 * `npm test`: the whole suite, in order, stopping at nothing so every failure shows in one run:
 * typecheck, lint, codegen drift, database schema drift, schema checks, catalogs, unit/API/component/story tests, browser tests.
 * Ends with one summary line "tests: N passed, M failed" (plus the checks that failed).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Step = { name: string; cmd: string[]; vitestReport?: string };

const out = mkdtempSync(path.join(tmpdir(), "fairdraw-test-"));
const report = (name: string) => path.join(out, `${name}.json`);
const reporters = (name: string) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report(name)}`,
];

const steps: Step[] = [
  { name: "typecheck", cmd: ["npx", "tsc", "-p", "."] },
  { name: "lint", cmd: ["npx", "biome", "check", "."] },
  { name: "codegen drift", cmd: ["npx", "tsx", "codegen/generate.ts", "--check"] },
  { name: "database schema drift (sqlite / postgresql)", cmd: ["npx", "tsx", "scripts/db-drift.ts"] },
  { name: "schemas", cmd: ["npx", "tsx", "scripts/schemas-check.ts"] },
  { name: "i18n catalogs", cmd: ["npx", "tsx", "scripts/i18n-check.ts"] },
  {
    name: "unit, API, component and story tests",
    cmd: ["npx", "vitest", "run", "--project", "unit", "--project", "web", ...reporters("vitest")],
    vitestReport: report("vitest"),
  },
  {
    name: "browser tests (Chromium)",
    cmd: ["npx", "tsx", "tests/browser/run.ts", ...reporters("browser")],
    vitestReport: report("browser"),
  },
];

let passed = 0;
let failed = 0;
const failedChecks: string[] = [];
let postgresLine = "PostgreSQL: NOT RUN (the unit tests did not report)";

/** Whether tests/api/postgres.test.ts ran on a real server, said loudly in the summary (it skips without one). */
function postgresSummary(report: {
  testResults?: { name: string; assertionResults: { status: string }[] }[];
}): string {
  const file = report.testResults?.find((r) =>
    r.name.endsWith(path.join("tests", "api", "postgres.test.ts")),
  );
  if (!file) return "PostgreSQL: NOT RUN (tests/api/postgres.test.ts did not report)";
  const by = (status: string) => file.assertionResults.filter((a) => a.status === status).length;
  const ran = by("passed") + by("failed");
  if (ran === 0) return "PostgreSQL: NOT RUN: no server (set TEST_DATABASE_URL or install postgresql)";
  return `PostgreSQL: RAN on a real server: ${by("passed")} passed, ${by("failed")} failed`;
}
for (const step of steps) {
  process.stdout.write(`\n▶ ${step.name}\n`);
  const started = Date.now();
  const [bin, ...args] = step.cmd as [string, ...string[]];
  const result = spawnSync(bin, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "1" } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.vitestReport) {
    try {
      const r = JSON.parse(readFileSync(step.vitestReport, "utf8"));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      process.stdout.write(`  ${step.name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed\n`);
      if (step.vitestReport === report("vitest")) {
        postgresLine = postgresSummary(r);
        process.stdout.write(`  ${postgresLine}\n`);
      }
    } catch {
      // No report: the runner did not get as far as running tests (or the browser step was skipped).
    }
  }
  if (result.status !== 0) failedChecks.push(step.name);
  process.stdout.write(`${result.status === 0 ? "✔" : "✘"} ${step.name} (${seconds}s)\n`);
}
rmSync(out, { recursive: true, force: true });

process.stdout.write(`\n${postgresLine}\n`);
if (failedChecks.length > 0) process.stdout.write(`failed: ${failedChecks.join(", ")}\n`);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failedChecks.length > 0 ? 1 : 0);

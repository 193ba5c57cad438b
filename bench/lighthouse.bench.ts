/**
 * Lighthouse's mobile profile over the main pages: the section `npm run lighthouse` writes (scripts/lighthouse.ts),
 * here so that a whole `npm run bench` keeps it.
 */
import { auditPages } from "../scripts/lighthouse/audit";
import { section } from "../scripts/lighthouse/report";

const RUNS = 3;

export async function run(): Promise<string> {
  return section(await auditPages({ runs: RUNS, progress: (line) => console.warn(line) }), RUNS);
}

/**
 * `npm run test:browser`: builds the web app if it is stale, then runs the Chromium tests. Without a
 * Chromium it says so loudly and passes, except under CI=true, where a missing browser is a failure.
 */
import { spawnSync } from "node:child_process";
import { buildWebIfNeeded } from "../../scripts/web-build";
import { findChromium } from "../helpers/chromium";

if (!findChromium()) {
  const banner = "!".repeat(78);
  console.error(`\n${banner}\n!! BROWSER TESTS SKIPPED: no Chromium found.`);
  console.error("!! Install it with `apt-get update && apt-get install -y chromium`, or set CHROME_PATH.");
  console.error(`${banner}\n`);
  process.exit(process.env.CI === "true" ? 1 : 0);
}

await buildWebIfNeeded();
const extra = process.argv.slice(2);
const result = spawnSync("npx", ["vitest", "run", "--project", "browser", ...extra], { stdio: "inherit" });
process.exit(result.status ?? 1);

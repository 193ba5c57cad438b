/**
 * Vitest global setup: a ledger of the process groups tests start (tests/helpers/processes.ts). At the end of
 * the run any group still alive is killed and the run fails, naming the command: a test must stop what it
 * starts (a server left running after `npm test` was found alive 47 minutes later).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { groupAlive } from "../helpers/processes";

export default function setup() {
  const ledger = mkdtempSync(path.join(tmpdir(), "fairdraw-pgids-"));
  process.env.FAIRDRAW_TEST_PGIDS = ledger;
  return () => {
    const survivors: string[] = [];
    for (const name of readdirSync(ledger)) {
      const pgid = Number(name);
      if (!groupAlive(pgid)) continue;
      survivors.push(`${pgid}: ${readFileSync(path.join(ledger, name), "utf8").trim()}`);
      try {
        process.kill(-pgid, "SIGKILL");
      } catch {}
    }
    rmSync(ledger, { recursive: true, force: true });
    if (survivors.length > 0) {
      throw new Error(`process groups outlived their tests (now killed):\n${survivors.join("\n")}`);
    }
  };
}

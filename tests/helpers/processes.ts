/**
 * Processes a test starts: each in a process group of its own (detached), so stopping it stops everything under
 * it (`npx` → `tsx` → node → the server), and recorded in the suite's ledger (FAIRDRAW_TEST_PGIDS, set by
 * tests/setup/process-groups.ts), whose teardown fails the run when a group outlived its test.
 */
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

/** Whether any process of the group is still there (signal 0 only asks). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function spawnGroup(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const ledger = process.env.FAIRDRAW_TEST_PGIDS;
  if (ledger && child.pid)
    writeFileSync(path.join(ledger, String(child.pid)), `${command} ${args.join(" ")}\n`);
  return child;
}

/** SIGTERM to the whole group, then SIGKILL to whatever is left after `graceMs`; resolves once none is left. */
export async function stopGroup(child: ChildProcess | undefined, graceMs = 10_000): Promise<void> {
  const pgid = child?.pid;
  if (!pgid || !groupAlive(pgid)) return;
  try {
    process.kill(-pgid, "SIGTERM");
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {}
    for (let i = 0; i < 50 && groupAlive(pgid); i++) await new Promise((r) => setTimeout(r, 100));
  }
}

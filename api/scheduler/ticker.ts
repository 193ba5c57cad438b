/**
 * The scheduler in the server process (api/server.ts): a tick every SCHEDULER_TICK_MS (the env's, or 15 s),
 * never two at once. The
 * timer does not keep the process alive; a failing tick is logged (a database out of reach once per outage) and
 * the next one tries again. Stopping waits
 * for a tick under way, so the database is not closed under it. The first tick of a process first puts the jobs
 * that failed for good back to pending (jobs.ts requeueFailedJobs): a restart is when whatever broke them has
 * been fixed. After the jobs, each tick keeps the tokens of idle accounts (tokens.ts).
 */
import type { DatabaseOutage } from "../db/outage";
import type { SchedulerDeps } from "./handlers";
import { requeueFailedJobs } from "./jobs";
import { runDueJobs } from "./run";
import { keepTokens } from "./tokens";

/** A job runs at most this late after its due date (while the server runs). */
export const SCHEDULER_TICK_MS = 15_000;

export type StopScheduler = (() => Promise<void>) & {
  /** Runs a tick now (a job was brought forward: api/services/live-entries.ts), unless one is under way. */
  wake: () => void;
};

export function startScheduler(
  deps: SchedulerDeps & { outage?: DatabaseOutage },
  every: number = SCHEDULER_TICK_MS,
): StopScheduler {
  let requeued = false;
  const tick = async () => {
    if (!requeued) {
      const n = await requeueFailedJobs(deps.db, deps.clock().toISOString());
      requeued = true;
      if (n > 0) deps.logger.info({ requeued: n }, "scheduler: failed jobs put back to pending");
    }
    await runDueJobs(deps);
    // The tokens of accounts nothing uses, refreshed or their end told (./tokens.ts).
    await keepTokens(deps);
  };
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      // Woken during a tick: one more right after it, so a job brought forward does not wait a whole period.
      again = true;
      return;
    }
    running = tick()
      .then(() => undefined)
      .catch(async (err: unknown) => {
        // A database out of reach is the outage's to log, once; the next tick tries again.
        if (await deps.outage?.refused(err)) return;
        deps.logger.error({ err }, "scheduler tick failed");
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  };
  let stopped = false;
  const timer = setInterval(run, every);
  timer.unref();
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
  return Object.assign(stop, { wake: () => (stopped ? undefined : run()) });
}

/**
 * The scheduler in the server process (api/server.ts): a tick every SCHEDULER_TICK_MS (the env's, or 15 s),
 * never two at once. The
 * timer does not keep the process alive; a failing tick is logged (a database out of reach once per outage) and
 * the next one tries again. Stopping waits
 * for a tick under way, so the database is not closed under it. The first tick of a process first puts the jobs
 * that failed for good back to pending (jobs.ts requeueFailedJobs): a restart is when whatever broke them has
 * been fixed.
 */
import type { DatabaseOutage } from "../db/outage";
import type { SchedulerDeps } from "./handlers";
import { requeueFailedJobs } from "./jobs";
import { runDueJobs } from "./run";

/** A job runs at most this late after its due date (while the server runs). */
export const SCHEDULER_TICK_MS = 15_000;

export function startScheduler(
  deps: SchedulerDeps & { outage?: DatabaseOutage },
  every: number = SCHEDULER_TICK_MS,
): () => Promise<void> {
  let requeued = false;
  const tick = async () => {
    if (!requeued) {
      const n = await requeueFailedJobs(deps.db, deps.clock().toISOString());
      requeued = true;
      if (n > 0) deps.logger.info({ requeued: n }, "scheduler: failed jobs put back to pending");
    }
    await runDueJobs(deps);
  };
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .then(() => undefined)
      .catch(async (err: unknown) => {
        // A database out of reach is the outage's to log, once; the next tick tries again.
        if (await deps.outage?.refused(err)) return;
        deps.logger.error({ err }, "scheduler tick failed");
      })
      .finally(() => {
        running = null;
      });
  }, every);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * The scheduler in the server process (api/server.ts): a tick every SCHEDULER_TICK_MS, never two at once. The
 * timer does not keep the process alive; a failing tick is logged and the next one tries again. Stopping waits
 * for a tick under way, so the database is not closed under it.
 */
import type { SchedulerDeps } from "./handlers";
import { runDueJobs } from "./run";

/** A job runs at most this late after its due date (while the server runs). */
export const SCHEDULER_TICK_MS = 15_000;

export function startScheduler(deps: SchedulerDeps, every: number = SCHEDULER_TICK_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runDueJobs(deps)
      .then(() => undefined)
      .catch((err: unknown) => deps.logger.error({ err }, "scheduler tick failed"))
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

/** The contest scheduler: durable jobs (jobs.ts), what each does (handlers.ts), the tick (run.ts, ticker.ts). */
export type { SchedulerDeps } from "./handlers";
export {
  cancelContestJobs,
  findJob,
  type JobKind,
  requeueFailedJobs,
  scheduleAfterDraw,
  scheduleContest,
  scheduleContestById,
} from "./jobs";
export {
  CLAIM_TIMEOUT_MS,
  claimDueJobs,
  type JobRun,
  MAX_ATTEMPTS,
  runDueJobs,
  type TickReport,
} from "./run";
export { SCHEDULER_TICK_MS, startScheduler } from "./ticker";
export { keepTokens, TOKEN_BATCH, type TokenSweep } from "./tokens";

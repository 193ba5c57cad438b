/**
 * A scheduler tick (`runDueJobs`), on the injected clock:
 * 1. contests that reached planned or started without jobs get theirs (jobs.ts adoptUnscheduled);
 * 2. due jobs are claimed one at a time, the next once the one before has run: a process holds a claim only on
 *    the job it is running, so the jobs behind it stay free for another process, and a process that dies leaves
 *    one job to take over, CLAIM_TIMEOUT_MS later (a batch claimed at once would wait behind each other, renewed,
 *    and die together). Claimable: pending jobs whose due_at has come, and jobs claimed longer ago than the claim
 *    timeout (CLAIM_TIMEOUT_MS, or the env's CLAIM_TIMEOUT_MS: the process that claimed them stopped before
 *    finishing), in run order: due date, then start before reminders before close before autodraw at the same
 *    instant, then id. On SQLite a claim is a guarded UPDATE (… WHERE id = ? AND status = <read> AND claimed_at
 *    <read>): of two processes only one claims a job; on PostgreSQL the row is picked with SELECT … FOR UPDATE
 *    SKIP LOCKED (api/db/pg/claim-jobs.ts), so processes claiming at once take other jobs. The jobs of a frozen
 *    team's contests are not claimed: they wait, untouched, until the team is unfrozen (a freeze is a payment
 *    overdue, not a reason to fail the team's contests). A tick runs at most TICK_BATCH jobs. While a job runs,
 *    its claim is renewed each fifth of the timeout (HeldClaims), so a long job never lets it go stale;
 * 3. a job done is marked done with what it did; a job that threw is put back to pending with its
 *    error and a later due_at (backoff), or failed after MAX_ATTEMPTS; once a job that moves its contest's
 *    status (start, close, autodraw) threw, the contest's other jobs are not claimed for the rest of the tick
 *    (they wait for it); a publication that threw (closing, winners, ...) holds nothing back. A job that is only waiting
 *    (NotReady: its contest has not reached the status it needs, a publishing account is missing) is tried
 *    again after NOT_READY_RETRY_MS and the wait is not counted as an attempt: a job fails for good only after
 *    MAX_ATTEMPTS real failures. A network's rate limit (RateLimited) waits the same way, until the time it gives;
 * 4. the team is told: once when a waiting job asks for something (NotReady's notification, sent when the job's
 *    error changes), and when a job fails for good (contestJobFailed);
 * 5. a job done that moved its contest's status puts the contest's failed jobs back to pending (jobs.ts
 *    requeueFailedJobs);
 * 6. every job that changed something pushes load_contest to the contest's team.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { dialectOf } from "../db/client";
import { type ClaimOptions, claimable, claimDueJobsPg, claimOrder } from "../db/pg/claim-jobs";
import { first } from "../db/query";
import { contests, jobs, teams } from "../db/tables";
import { transaction } from "../db/transaction";
import { RateLimited } from "../drivers/errors";
import type { Env } from "../env";
import type { StatusMove } from "../services/contest-status";
import { type NotificationContent, notify } from "../services/notifications";
import { type JobOutcome, NotReady, runJob, type SchedulerDeps } from "./handlers";
import { adoptUnscheduled, JOB_KINDS, type JobRow, requeueFailedJobs } from "./jobs";

/** A job claimed longer ago than this is claimed again (its process stopped). */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;
/**
 * While a tick runs, it renews the claims it still holds this often: a long job (a close loading 50 000 entries,
 * a moment_replies job answering 5 000) never lets its own claim, or those of the jobs waiting behind it in the
 * tick, go stale and be claimed again by another process.
 */
export const CLAIM_RENEW_MS = CLAIM_TIMEOUT_MS / 5;
/** After this many failed runs a job is failed for good. */
export const MAX_ATTEMPTS = 8;
/** How many jobs one tick runs at most (claimed one at a time). */
export const TICK_BATCH = 100;
/** How soon a job whose contest was not ready is tried again. */
export const NOT_READY_RETRY_MS = 60_000;
/** The jobs that move their contest's status: the contest's later jobs of a tick wait when one of them threw. */
const STATUS_KINDS: ReadonlySet<string> = new Set(["start", "close", "autodraw"]);

export type JobRun = {
  id: string;
  contest_id: string;
  kind: string;
  key: string;
  /** done; retry (put back to pending); failed (for good). */
  outcome: "done" | "retry" | "failed";
  result?: Record<string, unknown>;
  error?: string;
};

export type TickReport = { runs: JobRun[]; moves: StatusMove[] };

function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** ISO dates and hex ids in code-unit order, as the database sorts them (localeCompare depends on the locale). */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const kindOrder = (kind: string) => {
  const i = (JOB_KINDS as readonly string[]).indexOf(kind);
  return i === -1 ? JOB_KINDS.length : i;
};

/** The tick's claim timeout: CLAIM_TIMEOUT_MS unless the environment sets another (tests of several processes). */
function claimTimeoutOf(deps: { env?: Pick<Env, "claimTimeoutMs"> }): number {
  return deps.env?.claimTimeoutMs ?? CLAIM_TIMEOUT_MS;
}

/** The order claimed jobs run in: due date, then start before reminders before close..., then id. */
function runOrder(a: JobRow, b: JobRow): number {
  return byCodeUnit(a.dueAt, b.dueAt) || kindOrder(a.kind) - kindOrder(b.kind) || byCodeUnit(a.id, b.id);
}

/**
 * Claims the due jobs (see the file's comment); answers them as claimed, in the order they are to run. On
 * PostgreSQL, SELECT … FOR UPDATE SKIP LOCKED (api/db/pg/claim-jobs.ts: the same rules, several processes
 * claiming at once each take other jobs); on SQLite, guarded updates in one transaction (one writer at a time).
 */
export async function claimDueJobs(
  deps: Pick<SchedulerDeps, "db"> & { env?: Pick<Env, "claimTimeoutMs"> },
  now: Date,
  limit = TICK_BATCH,
  opts: Pick<ClaimOptions, "skipContests" | "among"> = {},
): Promise<JobRow[]> {
  const claimTimeoutMs = claimTimeoutOf(deps);
  const { skipContests, among } = opts;
  if (dialectOf(deps.db) === "postgresql") {
    return (
      await claimDueJobsPg(deps.db, now, { limit, claimTimeoutMs, skipContests, among, kindOrder: JOB_KINDS })
    ).sort(runOrder);
  }
  const at = now.toISOString();
  const stale = new Date(now.getTime() - claimTimeoutMs).toISOString();
  return transaction(deps.db, async (tx) => {
    const candidates = await tx
      .select()
      .from(jobs)
      .where(claimable(tx, { jobs, contests, teams }, at, stale, opts))
      .orderBy(...claimOrder({ jobs }, JOB_KINDS))
      .limit(limit);
    const claimed: JobRow[] = [];
    for (const job of candidates) {
      const won = await tx
        .update(jobs)
        .set({ status: "claimed", claimedAt: at, attempts: sql`${jobs.attempts} + 1` })
        .where(
          and(
            eq(jobs.id, job.id),
            eq(jobs.status, job.status),
            job.claimedAt === null ? sql`${jobs.claimedAt} is null` : eq(jobs.claimedAt, job.claimedAt),
          ),
        )
        .returning({ id: jobs.id });
      if (won.length === 1)
        claimed.push({ ...job, status: "claimed", claimedAt: at, attempts: job.attempts + 1 });
    }
    return claimed.sort(runOrder);
  });
}

/**
 * The claims a tick holds: all stamped with one claimed_at, renewed together (renew), let go one by one as their
 * jobs end (release). A claim another process took over (it went stale) is no longer matched, so it is neither
 * renewed nor finished by this tick.
 */
export class HeldClaims {
  private readonly held = new Set<string>();
  private stamp: string;
  /**
   * Renewals and finishes run one after another: a finish matches the claim by its stamp, so it must not read
   * the stamp while a renewal is changing it in the database.
   */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: Pick<SchedulerDeps, "db" | "clock">,
    claimed: readonly JobRow[],
    stamp: string,
  ) {
    for (const job of claimed) this.held.add(job.id);
    this.stamp = stamp;
  }

  /** The claimed_at of every claim still held. */
  get claimedAt(): string {
    return this.stamp;
  }

  /** Runs fn once the renewals and finishes before it are over. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const mine = this.queue.then(fn, fn);
    this.queue = mine.catch(() => undefined);
    return mine;
  }

  /** Stamps the claims still held with the clock's time; answers how many were still ours. */
  renew(): Promise<number> {
    return this.exclusive(async () => {
      if (this.held.size === 0) return 0;
      const next = this.deps.clock().toISOString();
      const renewed = await this.deps.db
        .update(jobs)
        .set({ claimedAt: next })
        .where(
          and(inArray(jobs.id, [...this.held]), eq(jobs.status, "claimed"), eq(jobs.claimedAt, this.stamp)),
        )
        .returning({ id: jobs.id });
      this.stamp = next;
      return renewed.length;
    });
  }

  /** Marks a claimed job's end, only if this run still holds the claim; lets the claim go. */
  finish(job: JobRow, set: Partial<JobRow>): Promise<void> {
    return this.exclusive(async () => {
      await this.deps.db
        .update(jobs)
        .set(set)
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "claimed"), eq(jobs.claimedAt, this.stamp)));
      this.held.delete(job.id);
    });
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/** One scheduler tick (see the file's comment). */
export async function runDueJobs(deps: SchedulerDeps): Promise<TickReport> {
  const now = deps.clock();
  await adoptUnscheduled(deps.db, now.toISOString());
  const report: TickReport = { runs: [], moves: [] };
  // The jobs due as the tick begins: what their runs make due (a closing publication, a job put back) waits for
  // the next tick, as when a tick claimed its jobs at once.
  const stale = new Date(now.getTime() - claimTimeoutOf(deps)).toISOString();
  let among = (
    await deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(claimable(deps.db, { jobs, contests, teams }, now.toISOString(), stale))
      .orderBy(...claimOrder({ jobs }, JOB_KINDS))
      .limit(TICK_BATCH)
  ).map((j) => j.id);
  // Contests whose status job threw this tick: their other jobs wait for it.
  const blocked = new Set<string>();
  for (let n = 0; n < TICK_BATCH; n++) {
    const [job] = await claimDueJobs(deps, deps.clock(), 1, { skipContests: [...blocked], among });
    if (!job) break;
    // Run once a tick: a job put back to pending by a later one of the tick waits for the next.
    among = among.filter((id) => id !== job.id);
    const claims = new HeldClaims(deps, [job], job.claimedAt ?? deps.clock().toISOString());
    const renewal = setInterval(() => {
      claims.renew().catch((err: unknown) => deps.logger.warn({ err }, "scheduler: renewing claims failed"));
    }, claimTimeoutOf(deps) / 5);
    renewal.unref();
    try {
      await runClaimed(deps, job, claims, blocked, report);
    } finally {
      clearInterval(renewal);
    }
  }
  return report;
}

/** Runs one claimed job and marks its end (see the file's comment, 3 to 6). */
async function runClaimed(
  deps: SchedulerDeps,
  job: JobRow,
  claims: HeldClaims,
  blocked: Set<string>,
  { runs, moves }: TickReport,
): Promise<void> {
  const base = { id: job.id, contest_id: job.contestId, kind: job.kind, key: job.key };
  let outcome: JobOutcome;
  try {
    outcome = await runJob(deps, job);
  } catch (err) {
    if (STATUS_KINDS.has(job.kind)) blocked.add(job.contestId);
    const error = describe(err);
    // A network's rate limit is a wait too: tried again when it says, not counted as a failure.
    const limited = err instanceof RateLimited;
    const waiting = err instanceof NotReady || limited;
    const failed = !waiting && job.attempts >= MAX_ATTEMPTS;
    const retryAt = new Date(
      deps.clock().getTime() +
        (limited ? Math.max(1000, err.waitMs) : waiting ? NOT_READY_RETRY_MS : backoffMs(job.attempts)),
    );
    await claims.finish(
      job,
      failed
        ? { status: "failed", lastError: error, doneAt: deps.clock().toISOString() }
        : {
            status: "pending",
            claimedAt: null,
            lastError: error,
            dueAt: retryAt.toISOString(),
            // Waiting is not failing: the claim's attempt is given back.
            ...(waiting ? { attempts: job.attempts - 1 } : {}),
          },
    );
    if (err instanceof NotReady && err.notification && job.lastError !== error) {
      await tellTeam(deps, job, err.notification);
    }
    if (failed) {
      const contest = await contestOf(deps, job.contestId);
      await tellTeam(deps, job, {
        key: "contestJobFailed",
        data: {
          contest: { _id: job.contestId, name: contest?.name ?? "" },
          job: { kind: job.kind, key: job.key, attempts: job.attempts },
        },
        link: `/contest/${job.contestId}`,
      });
    }
    if (!waiting) deps.logger.warn({ err, job: base }, "scheduler job failed");
    runs.push({ ...base, outcome: failed ? "failed" : "retry", error });
    return;
  }
  await claims.finish(job, {
    status: "done",
    doneAt: deps.clock().toISOString(),
    result: outcome.result,
    lastError: null,
  });
  runs.push({ ...base, outcome: "done", result: outcome.result });
  moves.push(...outcome.moves);
  // What the contest's failed jobs waited for may have happened: they are tried again.
  if (outcome.moves.length > 0) await requeueFailedJobs(deps.db, deps.clock().toISOString(), job.contestId);
  if (outcome.changed) {
    const teamId = outcome.moves[0]?.team_id ?? (await contestOf(deps, job.contestId))?.teamId;
    if (teamId) deps.realtime.toTeam(teamId, { type: "load_contest", contest_id: job.contestId });
  }
}

async function contestOf(deps: Pick<SchedulerDeps, "db">, contestId: string) {
  return await first(
    deps.db
      .select({ teamId: contests.teamId, name: contests.name })
      .from(contests)
      .where(eq(contests.id, contestId)),
  );
}

/** A notification to the team of the job's contest. */
async function tellTeam(deps: SchedulerDeps, job: JobRow, content: NotificationContent): Promise<void> {
  const teamId = (await contestOf(deps, job.contestId))?.teamId;
  if (teamId) await notify(deps, { teamId }, content);
}

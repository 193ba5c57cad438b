/**
 * The scheduler's claim on PostgreSQL (api/scheduler/run.ts claimDueJobs is SQLite's): the same jobs are due
 * (pending and due, or claimed longer ago than the claim timeout, and not of a frozen team's contest), but they
 * are picked with SELECT … FOR UPDATE SKIP LOCKED: processes claiming at the same moment each take other rows,
 * none waits on another's, none takes a row twice. docs/decisions/021-postgresql.md says why not pg-boss.
 */
import { and, asc, eq, inArray, isNotNull, lte, notExists, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { contests, jobs, teams } from "./schema";

export type PgJobRow = typeof jobs.$inferSelect;

/** Any drizzle PostgreSQL database or transaction (a pool, one client). */
type Claimer = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

type JobTables = { jobs: typeof jobs; contests: typeof contests; teams: typeof teams };

/** What a claim may leave out and how it orders what it takes (the scheduler's run order). */
export type ClaimOptions = {
  /** Contests whose jobs wait this tick (one of their status jobs failed). */
  skipContests?: readonly string[];
  /**
   * The pending jobs a tick may take (those due when it began): what a job of the tick made due waits for the
   * next tick. Stale claims are taken whenever they are found.
   */
  among?: readonly string[];
  /** Job kinds in the order they run at the same due date; others after them. */
  kindOrder?: readonly string[];
};

/**
 * Which jobs a claim may take, the one definition both engines' claims use (each passes its dialect's tables):
 * pending and due, or claimed longer ago than the claim timeout (`stale`), and not of a frozen team's contest.
 */
export function claimable(
  q: Pick<Claimer, "select">,
  t: JobTables,
  at: string,
  stale: string,
  { skipContests = [], among }: Pick<ClaimOptions, "skipContests" | "among"> = {},
) {
  return and(
    skipContests.length > 0 ? notInArray(t.jobs.contestId, [...skipContests]) : undefined,
    among === undefined
      ? undefined
      : among.length > 0
        ? or(inArray(t.jobs.id, [...among]), eq(t.jobs.status, "claimed"))
        : eq(t.jobs.status, "claimed"),
    or(
      and(eq(t.jobs.status, "pending"), lte(t.jobs.dueAt, at)),
      and(eq(t.jobs.status, "claimed"), lte(t.jobs.claimedAt, stale)),
    ),
    notExists(
      q
        .select({ one: sql`1` })
        .from(t.contests)
        .innerJoin(t.teams, eq(t.teams.id, t.contests.teamId))
        .where(and(eq(t.contests.id, t.jobs.contestId), isNotNull(t.teams.frozenLimitDate))),
    ),
  );
}

/** The order claims take jobs in: due date, then the kinds' order (a CASE over kindOrder), then id. */
export function claimOrder(t: Pick<JobTables, "jobs">, kindOrder: readonly string[] = []): SQL[] {
  const rank =
    kindOrder.length === 0
      ? undefined
      : sql`CASE ${sql.join(
          kindOrder.map((kind, i) => sql`WHEN ${t.jobs.kind} = ${kind} THEN ${sql.raw(String(i))}`),
          sql` `,
        )} ELSE ${sql.raw(String(kindOrder.length))} END`;
  return [asc(t.jobs.dueAt), ...(rank ? [rank] : []), asc(t.jobs.id)];
}

/** Claims up to `limit` due jobs in one transaction; answers them as claimed, in due order. */
export async function claimDueJobsPg(
  db: Claimer,
  now: Date,
  opts: { limit: number; claimTimeoutMs: number } & ClaimOptions,
): Promise<PgJobRow[]> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - opts.claimTimeoutMs).toISOString();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(claimable(tx, { jobs, contests, teams }, at, stale, opts))
      .orderBy(...claimOrder({ jobs }, opts.kindOrder))
      .limit(opts.limit)
      .for("update", { of: jobs, skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(jobs)
      .set({ status: "claimed", claimedAt: at, attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          due.map((j) => j.id),
        ),
      )
      .returning();
    // Code-unit order (the C collation the database is created with), as SQLite's claim answers.
    return claimed.sort((a, b) =>
      a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
  });
}

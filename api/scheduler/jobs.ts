/**
 * What the scheduler will do for a contest (the jobs table), decided when the contest changes:
 * - it becomes planned (created, or a draft submitted): its seed is committed and it gets a start job (main
 *   publications at start_at, planned → started), a job per reminder at its date, a close job at close_at
 *   (closing publications, entries loaded, winning moments resolved, started → closed) and, with the automatic
 *   draw on, an autodraw job at autodraw_at;
 * - a planned contest is saved again: its pending jobs are replaced by the new dates (done ones stay);
 * - it is deleted or canceled, or its team is deleted: its pending and claimed jobs are canceled;
 * - it closes: a closing job per source whose closing publication is on, due at once (the close does not wait
 *   for a publication: handlers.ts); with winning moments resolved, a moment_replies job per MOMENT_REPLIES_BATCH
 *   load positions (key: the first position), due at once, which sends the won and lost replies of those entries;
 * - its final draw is made: a winners job and a private_messages job per source that has them on, due at once;
 * - while it runs (started), a `load` job reads its entries every loadEveryMs, keyed by its due date: the start
 *   schedules the first, each load the next, until the close (which loads the last time).
 *
 * A job is never scheduled twice: (contest, kind, key) is unique and every insert is ON CONFLICT DO NOTHING.
 * Contests that reached planned or started without jobs (written before the scheduler existed, or by the demo
 * seed) are adopted by the next tick (`adoptUnscheduled`), unless their team was deleted.
 *
 * A job failed for good (MAX_ATTEMPTS real failures, api/scheduler/run.ts) is put back to pending, its attempts
 * counted afresh, by `requeueFailedJobs`: for every contest when the scheduler starts (a restart, after whatever
 * broke was fixed), and for one contest when its status moves (what its jobs depended on happened).
 */
import { and, eq, inArray, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import { getIn, isPlainObject, toTime } from "../../engine/values";
import type { Db } from "../db/client";
import { insertMany } from "../db/insert-many";
import { first } from "../db/query";
import { contests, jobs, teams } from "../db/tables";
import { transaction } from "../db/transaction";
import { newId } from "../ids";
import { commitContest } from "../services/commitments";
import { formSourcesOf } from "../services/contest-sources";
import type { StoredSource } from "../services/contests/form";

export const JOB_KINDS = [
  "start",
  "load",
  "reminder",
  "close",
  "closing",
  "moment_replies",
  "autodraw",
  "winners",
  "private_messages",
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobRow = typeof jobs.$inferSelect;

type ContestRow = typeof contests.$inferSelect;
/** What planning a contest's jobs reads of its row (a create passes what it wrote, without reading it back). */
export type SchedulingRow = Pick<
  ContestRow,
  | "id"
  | "type"
  | "status"
  | "deletedAt"
  | "startAt"
  | "startedAt"
  | "closeAt"
  | "config"
  | "sources"
  | "cbData"
>;
type Tx = Db;

/** The key of a job that happens once per contest. */
export const CONTEST_KEY = "contest";

function iso(value: unknown): string | null {
  const time = toTime(value);
  return time === null ? null : new Date(time).toISOString();
}

function storedSources(row: Pick<ContestRow, "sources">): StoredSource[] {
  return (Array.isArray(row.sources) ? row.sources : []).filter(isPlainObject) as unknown as StoredSource[];
}

const MINUTE_MS = 60_000;

/**
 * How often a running contest's entries are read: a twentieth of its duration, between 1 and 15 minutes, so a
 * won instant-win reply goes out within minutes of the entry and a long contest does not read a network needlessly.
 */
export function loadEveryMs(row: Pick<ContestRow, "startAt" | "startedAt" | "closeAt">): number {
  const start = toTime(row.startedAt ?? row.startAt);
  const close = toTime(row.closeAt);
  const span = start === null || close === null ? 0 : close - start;
  return Math.min(15 * MINUTE_MS, Math.max(MINUTE_MS, Math.floor(span / 20)));
}

/** The next load of a running contest after `at`, or none when the close comes first (it loads the last time). */
function nextLoad(row: SchedulingRow, at: string): { kind: JobKind; key: string; dueAt: string }[] {
  const close = toTime(row.closeAt);
  const from = toTime(at);
  if (row.type !== "tunnel" || close === null || from === null) return [];
  const due = from + loadEveryMs(row);
  if (due >= close) return [];
  const dueAt = new Date(due).toISOString();
  return [{ kind: "load", key: dueAt, dueAt }];
}

/** Schedules a running contest's next load (the start's first, each load's next), in the caller's transaction. */
export async function scheduleNextLoad(tx: Tx, row: ContestRow, at: string): Promise<void> {
  await insertJobs(tx, row.id, nextLoad(row, at), at);
}

/** The jobs a scheduled contest needs, from its stored dates and sources (a started one's next load after `at`). */
function plannedJobs(row: SchedulingRow, at: string): { kind: JobKind; key: string; dueAt: string }[] {
  const start = iso(row.startAt);
  if (start === null) return [];
  const out: { kind: JobKind; key: string; dueAt: string }[] = [
    { kind: "start", key: CONTEST_KEY, dueAt: start },
    ...(row.status === "started" ? nextLoad(row, at) : []),
  ];
  for (const source of storedSources(row)) {
    for (const reminder of Array.isArray(source.reminders) ? source.reminders : []) {
      const date = iso(reminder.date);
      if (date !== null) out.push({ kind: "reminder", key: `${source._id}:${reminder.id}`, dueAt: date });
    }
  }
  const close = iso(row.closeAt);
  if (close !== null) out.push({ kind: "close", key: CONTEST_KEY, dueAt: close });
  const autodraw = getIn(row.config, ["autodraw"]);
  if (close !== null && isPlainObject(autodraw) && autodraw.enabled === true) {
    const at = iso(autodraw.autodraw_at);
    if (at !== null) out.push({ kind: "autodraw", key: CONTEST_KEY, dueAt: at < close ? close : at });
  }
  return out;
}

async function insertJobs(
  tx: Tx,
  contestId: string,
  list: { kind: JobKind; key: string; dueAt: string }[],
  at: string,
): Promise<void> {
  // A maximal contest plans some 150 jobs: insertMany writes them as SQLite's one prepared statement run per row
  // (drizzle mapping each row's parameters cost more than SQLite's work) or as PostgreSQL's one statement.
  await insertMany(
    tx,
    jobs,
    list.map((job) => ({
      id: newId(),
      contestId,
      kind: job.kind,
      key: job.key,
      dueAt: job.dueAt,
      createdAt: at,
    })),
    { onConflictDoNothing: true },
  );
}

/**
 * Schedules (or reschedules) a tunnel contest that is planned, in the caller's transaction: its commitments,
 * then its pending jobs replaced by those its dates ask for now. Anything else is left alone.
 */
export async function scheduleContest(tx: Tx, row: SchedulingRow, at: string): Promise<void> {
  if (row.type !== "tunnel" || row.deletedAt !== null) return;
  if (row.status !== "planned" && row.status !== "started") return;
  await commitContest(tx, row, at);
  await tx.delete(jobs).where(and(eq(jobs.contestId, row.id), eq(jobs.status, "pending")));
  await insertJobs(tx, row.id, plannedJobs(row, at), at);
}

/** scheduleContest for the contest with that id, as the caller's transaction has written it. */
export async function scheduleContestById(tx: Tx, contestId: string, at: string): Promise<void> {
  const row = await first(tx.select().from(contests).where(eq(contests.id, contestId)));
  if (row) await scheduleContest(tx, row, at);
}

/** A contest's job of that kind and key (the start job by default). */
export async function findJob(
  db: Pick<Db, "select">,
  contestId: string,
  kind: JobKind = "start",
  key: string = CONTEST_KEY,
): Promise<JobRow | undefined> {
  return await first(
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.contestId, contestId), eq(jobs.kind, kind), eq(jobs.key, key))),
  );
}

/** Cancels what is left to do for a contest (deleted or canceled). */
export async function cancelContestJobs(
  tx: Pick<Db, "update">,
  contestId: string,
  at: string,
): Promise<void> {
  await tx
    .update(jobs)
    .set({ status: "canceled", doneAt: at })
    .where(and(eq(jobs.contestId, contestId), inArray(jobs.status, ["pending", "claimed"])));
}

/** Cancels a contest's jobs not yet claimed (pending, or failed and waiting to be re-queued): the claimed job that calls it ends as it runs. */
export async function cancelPendingJobs(
  tx: Pick<Db, "update">,
  contestId: string,
  at: string,
): Promise<void> {
  await tx
    .update(jobs)
    .set({ status: "canceled", doneAt: at })
    .where(and(eq(jobs.contestId, contestId), inArray(jobs.status, ["pending", "failed"])));
}

/**
 * How many load positions one moment_replies job answers: a bounded job (a few seconds on the sandbox, a batch
 * at a time on a network), retried alone when a network fails, and a close that does not wait for 50 000 replies.
 */
export const MOMENT_REPLIES_BATCH = 5_000;

/**
 * After the close: the closing publication of each source that has it on, and, when its winning moments were
 * resolved, the won and lost replies over its `entries` stored entries, MOMENT_REPLIES_BATCH positions a job.
 */
export async function scheduleAfterClose(
  tx: Tx,
  row: ContestRow,
  at: string,
  momentReplies: { entries: number } | null = null,
): Promise<void> {
  const forms = formSourcesOf(row);
  const list: { kind: JobKind; key: string; dueAt: string }[] = [];
  for (let from = 0; momentReplies && from < momentReplies.entries; from += MOMENT_REPLIES_BATCH) {
    list.push({ kind: "moment_replies", key: String(from), dueAt: at });
  }
  storedSources(row).forEach((source, i) => {
    const form = forms[i];
    if (!form || form.type !== source.provider) return;
    if (getIn(form, ["closing_publication", "enabled"]) === true) {
      list.push({ kind: "closing", key: source._id, dueAt: at });
    }
  });
  await insertJobs(tx, row.id, list, at);
}

/** Failed jobs (of one contest, or all) back to pending, due at `at`, attempts from 0 (see the file's comment). */
export async function requeueFailedJobs(
  db: Pick<Db, "update">,
  at: string,
  contestId?: string,
): Promise<number> {
  const requeued = await db
    .update(jobs)
    .set({ status: "pending", attempts: 0, dueAt: at, claimedAt: null, doneAt: null })
    .where(
      and(eq(jobs.status, "failed"), contestId === undefined ? undefined : eq(jobs.contestId, contestId)),
    )
    .returning({ id: jobs.id });
  return requeued.length;
}

/** After the final draw: the winners publication and private messages of each source that has them on. */
export async function scheduleAfterDraw(tx: Tx, row: ContestRow, at: string): Promise<void> {
  const forms = formSourcesOf(row);
  const list: { kind: JobKind; key: string; dueAt: string }[] = [];
  storedSources(row).forEach((source, i) => {
    const form = forms[i];
    if (!form || form.type !== source.provider) return;
    if (getIn(form, ["winners_publication", "enabled"]) === true) {
      list.push({ kind: "winners", key: source._id, dueAt: at });
    }
    if (getIn(form, ["winners_private_message", "enabled"]) === true) {
      list.push({ kind: "private_messages", key: source._id, dueAt: at });
    }
  });
  await insertJobs(tx, row.id, list, at);
}

/** The contest (of the query's row) has no job at all. */
function withoutJobs(db: Db) {
  return notExists(db.select({ one: sql`1` }).from(jobs).where(eq(jobs.contestId, contests.id)));
}

/** Planned or started tunnel contests with no job at all get theirs (see the file's comment). */
export async function adoptUnscheduled(db: Db, at: string): Promise<number> {
  const orphans = await db
    .select()
    .from(contests)
    .where(
      and(
        eq(contests.type, "tunnel"),
        inArray(contests.status, ["planned", "started"]),
        isNull(contests.deletedAt),
        withoutJobs(db),
        notExists(
          db
            .select({ one: sql`1` })
            .from(teams)
            .where(and(eq(teams.id, contests.teamId), isNotNull(teams.deletedAt))),
        ),
      ),
    );
  let adopted = 0;
  for (const listed of orphans) {
    if (plannedJobs(listed, at).length === 0) continue;
    // Read again inside the transaction: the list above is a moment old, and meanwhile the contest may have got
    // its jobs (its creator's transaction, another process's adoption) or been changed. Scheduling from the old
    // row would delete those pending jobs and plan new ones from stale dates.
    const done = await transaction(db, async (tx) => {
      const row = await first(
        tx
          .select()
          .from(contests)
          .where(and(eq(contests.id, listed.id), withoutJobs(tx))),
      );
      if (!row) return false;
      await scheduleContest(tx, row, at);
      return true;
    });
    if (done) adopted++;
  }
  return adopted;
}

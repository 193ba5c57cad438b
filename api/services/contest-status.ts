/**
 * Contest statuses on the server clock (contest-builder.md §4, decisions.md "Time"): planned → started at
 * start_at, started → closed at close_at, for tunnel contests (a classic contest is imported already started and
 * is closed by hand). closed → ended comes with the draw, canceled with a cancel or a merge.
 *
 * The timeline's started and closed steps are start_at and close_at themselves: a move writes no other date.
 * A contest whose start and close have both passed (the server was down) goes straight to closed, one change.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Deps } from "../context";
import { contests } from "../db/schema";

export const CONTEST_STATUSES = ["planned", "started", "closed", "ended", "canceled"] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

/** Nothing more happens to a contest in these statuses (no merge, no edit, no status move). */
export const FINISHED_STATUSES: readonly string[] = ["ended", "canceled"];

/** How often the server moves statuses (api/server.ts): a contest starts or closes at most this late. */
export const STATUS_TICK_MS = 15_000;

export type StatusChange = {
  contest_id: string;
  team_id: string;
  from: "planned" | "started";
  to: "started" | "closed";
};

/** A date column as a time, or null when empty or not a date (never moves on a date it cannot read). */
function timeOf(value: string | null): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** Where the clock moves a planned or started tunnel contest; null when nothing is due (or another status). */
export function dueStatus(
  contest: { status: string; startAt: string | null; closeAt: string | null },
  now: Date,
): StatusChange["to"] | null {
  const at = now.getTime();
  const start = timeOf(contest.startAt);
  const close = timeOf(contest.closeAt);
  const closeDue = close !== null && close <= at;
  if (contest.status === "planned") {
    if (start === null || start > at) return null;
    return closeDue ? "closed" : "started";
  }
  return contest.status === "started" && closeDue ? "closed" : null;
}

/**
 * Moves every tunnel contest that is due, in one transaction; each row is updated only if it still has the
 * status it was read with, so two runs never move the same contest twice. Pushes load_contest to the team of each
 * moved contest once the transaction is written, and answers what moved.
 */
export function advanceContestStatuses(deps: Pick<Deps, "db" | "clock" | "realtime">): StatusChange[] {
  const { db, clock, realtime } = deps;
  const now = clock();
  const changes = db.transaction((tx) => {
    const out: StatusChange[] = [];
    const candidates = tx
      .select({
        id: contests.id,
        teamId: contests.teamId,
        status: contests.status,
        startAt: contests.startAt,
        closeAt: contests.closeAt,
      })
      .from(contests)
      .where(
        and(
          eq(contests.type, "tunnel"),
          inArray(contests.status, ["planned", "started"]),
          isNull(contests.deletedAt),
        ),
      )
      .all();
    for (const c of candidates) {
      const to = dueStatus(c, now);
      const from = c.status === "planned" || c.status === "started" ? c.status : null;
      if (!to || !from) continue;
      const moved = tx
        .update(contests)
        .set({ status: to, updatedAt: now.toISOString() })
        .where(and(eq(contests.id, c.id), eq(contests.status, c.status)))
        .run();
      if (moved.changes === 1) {
        out.push({ contest_id: c.id, team_id: c.teamId, from, to });
      }
    }
    return out;
  });
  for (const change of changes) {
    realtime.toTeam(change.team_id, { type: "load_contest", contest_id: change.contest_id });
  }
  return changes;
}

/**
 * Runs advanceContestStatuses every `every` ms until the returned function is called. The timer does not keep
 * the process alive; a failing run is logged and the next one tries again.
 */
export function startStatusTicker(
  deps: Pick<Deps, "db" | "clock" | "realtime" | "logger">,
  every: number = STATUS_TICK_MS,
): () => void {
  const timer = setInterval(() => {
    try {
      advanceContestStatuses(deps);
    } catch (err) {
      deps.logger.error({ err }, "contest status tick failed");
    }
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Contest statuses (contest-builder.md §4, app-shell.md §4): planned → started → closed → ended, or canceled.
 * There is one way a status moves: `moveStatus`, called by the scheduler's jobs (api/scheduler/) on the server
 * clock — started at start_at (the start job), closed at close_at (the close job), ended with the final draw —
 * and by the few hand actions that move a contest (a classic contest's load closes it, a merge cancels it).
 *
 * Each move writes its timeline date (started_at, closed_at, ended_at, canceled_at) with the status, in the
 * caller's transaction, and only when the contest still has a status the move starts from; the caller pushes
 * load_contest to the team (`announceMoves`) once its transaction is written.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { contests } from "../db/tables";
import type { RealtimeHub } from "./realtime";

export const CONTEST_STATUSES = ["planned", "started", "closed", "ended", "canceled"] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

/** Nothing more happens to a contest in these statuses (no merge, no edit, no status move). */
export const FINISHED_STATUSES: readonly string[] = ["ended", "canceled"];

type Tx = Pick<Db, "select" | "update">;
type TimelineColumn = "startedAt" | "closedAt" | "endedAt" | "canceledAt";

/** Where each status may be reached from, and the timeline date the move writes. */
const MOVES = {
  started: { from: ["planned"], column: "startedAt" },
  closed: { from: ["started"], column: "closedAt" },
  ended: { from: ["closed"], column: "endedAt" },
  canceled: { from: ["planned", "started", "closed"], column: "canceledAt" },
} as const satisfies Record<string, { from: readonly ContestStatus[]; column: TimelineColumn }>;

export type MoveTarget = keyof typeof MOVES;

export type StatusMove = { contest_id: string; team_id: string; from: string; to: MoveTarget };

/** Columns a move may write besides its status and timeline date (drawn_at, meta, ...). */
export type MoveExtra = Partial<Omit<typeof contests.$inferInsert, "id" | "teamId" | "status">>;

/**
 * Moves a contest (not deleted) to `to` if its status is one that move starts from; null when it is not (it moved
 * already, or it can't). Guarded by the status read, so two runs never move a contest twice.
 */
export async function moveStatus(
  tx: Tx,
  contestId: string,
  to: MoveTarget,
  at: string,
  extra: MoveExtra = {},
): Promise<StatusMove | null> {
  const row = await first(
    tx
      .select({ id: contests.id, teamId: contests.teamId, status: contests.status })
      .from(contests)
      .where(and(eq(contests.id, contestId), isNull(contests.deletedAt))),
  );
  const move = MOVES[to];
  if (!row || !(move.from as readonly string[]).includes(row.status)) return null;
  const moved = await tx
    .update(contests)
    .set({ ...extra, status: to, [move.column]: at, updatedAt: at })
    .where(and(eq(contests.id, row.id), eq(contests.status, row.status)))
    .returning({ id: contests.id });
  return moved.length === 1 ? { contest_id: row.id, team_id: row.teamId, from: row.status, to } : null;
}

/** Pushes load_contest to each moved contest's team (after the moves' transaction is written). */
export function announceMoves(realtime: RealtimeHub, moves: readonly (StatusMove | null)[]): void {
  for (const move of moves) {
    if (move) realtime.toTeam(move.team_id, { type: "load_contest", contest_id: move.contest_id });
  }
}

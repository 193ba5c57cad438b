/** The team activity log: one row for each event of app-shell.md §9, written where the event happens. */
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { activities } from "../db/schema";
import { newId } from "../ids";

export const ACTIVITY_TYPES = [
  "createTeam",
  "joinTeam",
  "addTeamAccount",
  "createInvite.member",
  "createInvite.account",
  "removeTeamMember",
  "unlinkAccount",
  "removeDelegation",
  "cancelInvite",
  "createContest",
  "loadContest",
  "loadEntries",
  "startDraw",
  "finishDraw",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export function logActivity(
  db: Pick<Db, "insert">,
  clock: Clock,
  entry: {
    teamId: string;
    type: ActivityType;
    userId?: string | null;
    targetUserId?: string | null;
    meta?: Record<string, unknown>;
  },
): void {
  db.insert(activities)
    .values({
      id: newId(),
      teamId: entry.teamId,
      type: entry.type,
      userId: entry.userId ?? null,
      targetUserId: entry.targetUserId ?? null,
      meta: entry.meta ?? {},
      createdAt: clock().toISOString(),
    })
    .run();
}

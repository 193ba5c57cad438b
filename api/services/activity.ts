/** The team activity log: one row for each event of app-shell.md §9, written where the event happens. */
import type { ActivityItem } from "../../codegen/types";
import activitySchema from "../../schemas/stored/activity.schema.json";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { activities } from "../db/tables";
import { newId } from "../ids";

/** The activity types are the stored shape's enum (schemas/stored/activity.schema.json): one list for both ends. */
export const ACTIVITY_TYPES = activitySchema.properties.type.enum as readonly ActivityItem["type"][];
export type ActivityType = ActivityItem["type"];

export async function logActivity(
  db: Pick<Db, "insert">,
  clock: Clock,
  entry: {
    teamId: string;
    type: ActivityType;
    userId?: string | null;
    targetUserId?: string | null;
    meta?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(activities).values({
    id: newId(),
    teamId: entry.teamId,
    type: entry.type,
    userId: entry.userId ?? null,
    targetUserId: entry.targetUserId ?? null,
    meta: entry.meta ?? {},
    createdAt: clock().toISOString(),
  });
}

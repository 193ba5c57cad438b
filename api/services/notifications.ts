/** Notifications: stored for one user or a whole team, and pushed at once to their open sockets. */
import { and, count, desc, eq, gt, lt, or } from "drizzle-orm";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { notifications } from "../db/tables";
import { afterCommit } from "../db/transaction";
import { newId } from "../ids";

export type NotificationContent = {
  key: string;
  data?: Record<string, unknown>;
  title?: string | null;
  description?: string | null;
  link?: string | null;
};

export type NotificationRow = typeof notifications.$inferSelect;

export function notificationShape(row: NotificationRow, lastReadId: string | null) {
  const content = row.content as NotificationContent;
  return {
    _id: row.id,
    created_at: row.createdAt,
    content: {
      key: content.key,
      data: content.data ?? {},
      title: content.title ?? null,
      description: content.description ?? null,
      link: content.link ?? null,
    },
    team_id: row.teamId,
    read: lastReadId !== null && row.id <= lastReadId,
    broadcast_user_id: row.userId,
  };
}

export async function notify(
  deps: Pick<Deps, "db" | "clock" | "realtime">,
  to: { userId: string } | { teamId: string },
  content: NotificationContent,
): Promise<NotificationRow> {
  const row: NotificationRow = {
    id: newId(),
    teamId: "teamId" in to ? to.teamId : null,
    userId: "userId" in to ? to.userId : null,
    content,
    createdAt: deps.clock().toISOString(),
  };
  await deps.db.insert(notifications).values(row);
  const notification = notificationShape(row, null);
  // Pushed once the row is committed (at once outside a transaction): never for a rolled-back change.
  afterCommit(() => {
    if ("userId" in to) deps.realtime.toUser(to.userId, { type: "add_notification", notification });
    else deps.realtime.toTeam(to.teamId, { type: "add_notification", notification });
  });
  return row;
}

/** A page of the notifications list (GET /users/me/notifications/list); the bell shows the first one. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** What a user hears: the notifications sent to them and those sent to their current team. */
function visibleTo(userId: string, teamId: string | null) {
  return teamId
    ? or(eq(notifications.userId, userId), eq(notifications.teamId, teamId))
    : eq(notifications.userId, userId);
}

/** Newest first, NOTIFICATIONS_PAGE_SIZE at most, older than `before` (an id) when given. */
export async function notificationsPage(
  db: Db,
  who: { userId: string; teamId: string | null },
  before?: string,
): Promise<NotificationRow[]> {
  const mine = visibleTo(who.userId, who.teamId);
  return db
    .select()
    .from(notifications)
    .where(before ? and(mine, lt(notifications.id, before)) : mine)
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE);
}

/** How many of them are newer than the last one the user read (ids sort by creation). */
export async function unreadNotificationsCount(
  db: Db,
  who: { userId: string; teamId: string | null; lastReadId: string | null },
): Promise<number> {
  const mine = visibleTo(who.userId, who.teamId);
  const row = await first(
    db
      .select({ n: count() })
      .from(notifications)
      .where(who.lastReadId ? and(mine, gt(notifications.id, who.lastReadId)) : mine),
  );
  return row?.n ?? 0;
}

/** Notifications: stored for one user or a whole team, and pushed at once to their open sockets. */
import { and, count, desc, eq, gt, lt, or } from "drizzle-orm";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { notifications } from "../db/schema";
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

export function notify(
  deps: Pick<Deps, "db" | "clock" | "realtime">,
  to: { userId: string } | { teamId: string },
  content: NotificationContent,
): NotificationRow {
  const row: NotificationRow = {
    id: newId(),
    teamId: "teamId" in to ? to.teamId : null,
    userId: "userId" in to ? to.userId : null,
    content,
    createdAt: deps.clock().toISOString(),
  };
  deps.db.insert(notifications).values(row).run();
  const notification = notificationShape(row, null);
  if ("userId" in to) deps.realtime.toUser(to.userId, { type: "add_notification", notification });
  else deps.realtime.toTeam(to.teamId, { type: "add_notification", notification });
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
export function notificationsPage(
  db: Db,
  who: { userId: string; teamId: string | null },
  before?: string,
): NotificationRow[] {
  const mine = visibleTo(who.userId, who.teamId);
  return db
    .select()
    .from(notifications)
    .where(before ? and(mine, lt(notifications.id, before)) : mine)
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE)
    .all();
}

/** How many of them are newer than the last one the user read (ids sort by creation). */
export function unreadNotificationsCount(
  db: Db,
  who: { userId: string; teamId: string | null; lastReadId: string | null },
): number {
  const mine = visibleTo(who.userId, who.teamId);
  return (
    db
      .select({ n: count() })
      .from(notifications)
      .where(who.lastReadId ? and(mine, gt(notifications.id, who.lastReadId)) : mine)
      .get()?.n ?? 0
  );
}

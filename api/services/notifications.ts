/** Notifications: stored for one user or a whole team, and pushed at once to their open sockets. */
import type { Deps } from "../context";
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

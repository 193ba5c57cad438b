/**
 * The notifications panel (app-shell.md §2 and §7): the signed-in user's notifications and their current team's,
 * newest first, a page at a time (`?before=<_id of the last one shown>`). Marking them read is
 * `POST /users/me {last_read_notification_id}` (users.ts); new_count counts those newer than that id.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { AppError } from "../errors";
import { authOf, loadTeamContext } from "../middleware/guards";
import { notificationShape, notificationsPage, unreadNotificationsCount } from "../services/notifications";
import { message } from "../validation";

/** `?before=<id>`: an id of ours (24 hex digits) or nothing; 422 on `before` otherwise. */
export function beforeCursor(c: Context<AppEnv>): string | undefined {
  const before = c.req.query("before");
  if (before === undefined || before === "") return undefined;
  if (!/^[0-9a-f]{24}$/.test(before)) {
    throw new AppError("validation", {
      message: "validation.failed",
      errors: { before: [message(c, "validation.structure.invalid")] },
    });
  }
  return before;
}

export const notificationsRoutes = new Hono<AppEnv>().get("/notifications/list", async (c) => {
  const auth = authOf(c);
  const { db } = c.get("deps");
  const before = beforeCursor(c);
  const who = { userId: auth.user.id, teamId: (await loadTeamContext(c)).team.id };
  const lastReadId = auth.user.lastReadNotificationId;
  return c.json({
    data: (await notificationsPage(db, who, before)).map((n) => notificationShape(n, lastReadId)),
    new_count: await unreadNotificationsCount(db, { ...who, lastReadId }),
  });
});

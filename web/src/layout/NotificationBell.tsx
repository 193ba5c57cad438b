/**
 * The notification centre (app-shell.md §2, §7): the bell with the count of new notifications opens a 290 px panel
 * (a Radix Popover) with a header and "Mark all as read"; unread items are marked, each item shows its title, its
 * text and, on a line of its own, its time (refreshed every 60 s). Marking read is POST /users/me
 * last_read_notification_id with the newest one. Items pushed by the socket are rendered by the same NotificationItem.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import dayjs from "dayjs";
import { produce } from "immer";
import { Bell, BellOff, CheckCheck } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import type { User } from "../../../codegen/types";
import { api, unwrap } from "../api/client";
import { useSession, useUser } from "../session/session";
import { useNow } from "../widgets/useNow";
import { notificationText } from "./notification-text";

export const NOTIFICATION_TIMES_REFRESH_MS = 60_000;

type Notification = User["notifications"]["list"][number];

export function NotificationBell() {
  const { t } = useLingui();
  const user = useUser();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const { list, new_count } = user.notifications;
  const unread = new_count > 0 || list.some((n) => !n.read);

  const markAllRead = () => {
    const newest = list[0];
    if (!newest) return;
    session.setUser(
      produce(user, (d) => {
        d.notifications.new_count = 0;
        for (const n of d.notifications.list) n.read = true;
      }),
    );
    void unwrap(api.users.me.$post({ json: { last_read_notification_id: newest._id } })).catch(
      () => undefined,
    );
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="icon-button notification-bell"
        aria-label={new_count > 0 ? t`Notifications, ${new_count} new` : t`Notifications`}
      >
        <Bell size={22} aria-hidden="true" />
        {new_count > 0 && (
          <span className="badge" aria-hidden="true">
            {new_count}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="notification-panel"
          aria-label={t`Notifications`}
          align="end"
          sideOffset={6}
          collisionPadding={8}
        >
          <div className="notification-head">
            <h2>
              <Trans>Notifications</Trans>
            </h2>
            <button
              type="button"
              className="button small notification-mark-all"
              disabled={!unread}
              onClick={markAllRead}
            >
              <CheckCheck size={16} aria-hidden="true" />
              <Trans>Mark all as read</Trans>
            </button>
          </div>
          {list.length === 0 ? (
            <div className="notification-empty">
              <BellOff size={28} aria-hidden="true" />
              <p>
                <Trans>No notifications yet.</Trans>
              </p>
              <p className="muted">
                <Trans>News about your contests and your team will show here.</Trans>
              </p>
            </div>
          ) : (
            <ul className="notification-list">
              {list.map((n) => (
                <NotificationItem key={n._id} notification={n} onFollow={() => setOpen(false)} />
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationItem({ notification: n, onFollow }: { notification: Notification; onFollow(): void }) {
  const { i18n } = useLingui();
  const now = useNow(NOTIFICATION_TIMES_REFRESH_MS);
  const text = notificationText(i18n, n.content);
  const read = n.read === true;
  return (
    <li className={read ? "notification read" : "notification unread"}>
      {!read && (
        <span className="notification-dot">
          <span className="visually-hidden">
            <Trans>Unread:</Trans>
          </span>
        </span>
      )}
      <div className="notification-body">
        {n.content.link ? (
          <Link className="notification-title" to={n.content.link} onClick={onFollow}>
            {text.title}
          </Link>
        ) : (
          <span className="notification-title">{text.title}</span>
        )}
        {text.description && <p className="notification-text">{text.description}</p>}
        <time className="notification-time" dateTime={n.created_at} title={dayjs(n.created_at).format("LLL")}>
          {dayjs(n.created_at).from(now)}
        </time>
      </div>
    </li>
  );
}

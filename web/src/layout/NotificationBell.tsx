/**
 * The notification bell (app-shell.md §2, §7): a count of new notifications, a 290 px panel listing them with
 * times that refresh every 60 s; opening the panel marks them read (POST /users/me last_read_notification_id).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import dayjs from "dayjs";
import { produce } from "immer";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../api/client";
import { useSession, useUser } from "../session/session";
import { useNow } from "../widgets/useNow";
import { notificationText } from "./notification-text";

export const NOTIFICATION_TIMES_REFRESH_MS = 60_000;

export function NotificationBell() {
  const { t, i18n } = useLingui();
  const user = useUser();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const id = useId();
  const now = useNow(NOTIFICATION_TIMES_REFRESH_MS);
  const { list, new_count } = user.notifications;

  const root = useRef<HTMLDivElement>(null);
  // A click outside or Escape anywhere closes the panel.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    const newest = list[0];
    if (opening && newest && new_count > 0) {
      session.setUser(
        produce(user, (d) => {
          d.notifications.new_count = 0;
          for (const n of d.notifications.list) n.read = true;
        }),
      );
      void unwrap(api.users.me.$post({ json: { last_read_notification_id: newest._id } })).catch(
        () => undefined,
      );
    }
  };

  return (
    <div className="notification-bell" ref={root}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={new_count > 0 ? t`Notifications, ${new_count} new` : t`Notifications`}
        onClick={toggle}
      >
        <svg
          aria-hidden="true"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {new_count > 0 && (
          <span className="badge" aria-hidden="true">
            {new_count}
          </span>
        )}
      </button>
      {open && (
        <section
          id={id}
          className="notification-panel"
          style={{ inlineSize: 290 }}
          aria-label={t`Notifications`}
        >
          {list.length === 0 ? (
            <p className="muted">
              <Trans>No notifications yet.</Trans>
            </p>
          ) : (
            <ul>
              {list.map((n) => {
                const text = notificationText(i18n, n.content);
                return (
                  <li key={n._id} className={n.read ? "read" : "unread"}>
                    {n.content.link ? (
                      <Link to={n.content.link} onClick={() => setOpen(false)}>
                        <strong>{text.title}</strong>
                      </Link>
                    ) : (
                      <strong>{text.title}</strong>
                    )}
                    {text.description && <p>{text.description}</p>}
                    <time dateTime={n.created_at}>{dayjs(n.created_at).from(now)}</time>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

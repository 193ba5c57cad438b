/**
 * /team/activity (app-shell.md §2, §3, §9; team.activity.view_activity): the team's activity log, newest
 * first, each item a translated sentence with who did it and when; older items a page at a time.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ActivityItem } from "../../../../codegen/types";
import { useSession, useUser } from "../../session/session";
import { useErrorHandler } from "../../shell/useErrorHandler";
import { ActivitySentence } from "../../team/ActivitySentence";
import { listActivity } from "../../team/api";
import { formatDate } from "../../team/format";
import { Empty, LoadError, Loading, NotAllowed } from "../../team/states";
import "../../team/team.css";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { Avatar } from "../../widgets/Avatar";

/** The API answers 20 items a page (api/routes/activity.ts): a full page may have more behind it. */
export const ACTIVITY_PAGE_SIZE = 20;

type Log = { items: ActivityItem[]; more: boolean };

export default function TeamActivityPage() {
  const { t } = useLingui();
  usePageTitle(t`Activity`);
  const user = useUser();
  const session = useSession();
  const onError = useErrorHandler();
  const canView = session.can("team.activity.view_activity");
  const [log, { reload, update }] = useLoad<Log>(`${user.currentTeam._id}:${canView}`, async () => {
    if (!canView) return { items: [], more: false };
    const items = await listActivity();
    return { items, more: items.length >= ACTIVITY_PAGE_SIZE };
  });
  const [loadingMore, setLoadingMore] = useState(false);

  const more = async () => {
    if (log.status !== "ready") return;
    const last = log.data.items[log.data.items.length - 1];
    if (!last) return;
    setLoadingMore(true);
    try {
      const items = await listActivity(last._id);
      update((l) => ({ items: [...l.items, ...items], more: items.length >= ACTIVITY_PAGE_SIZE }));
    } catch (e) {
      onError(e);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="team-page">
      <h1>
        <Trans>Activity</Trans>
      </h1>
      {!canView ? (
        <NotAllowed>
          <Trans>You don't have the permission to see the team's activity.</Trans>
        </NotAllowed>
      ) : log.status === "loading" ? (
        <Loading />
      ) : log.status === "error" ? (
        <LoadError error={log.error} onRetry={reload} />
      ) : log.data.items.length === 0 ? (
        <Empty>
          <Trans>Nothing has happened in the team yet.</Trans>
        </Empty>
      ) : (
        <>
          <ol className="team-activity-list">
            {log.data.items.map((item) => (
              <ActivityRow key={item._id} item={item} />
            ))}
          </ol>
          {log.data.more && (
            <p>
              <button
                type="button"
                className="button"
                onClick={() => void more()}
                disabled={loadingMore}
                aria-busy={loadingMore}
              >
                {loadingMore ? <Trans>Loading…</Trans> : <Trans>Show older activity</Trans>}
              </button>
            </p>
          )}
        </>
      )}
    </div>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const { i18n } = useLingui();
  return (
    <li data-type={item.type}>
      <Avatar src={item.user.profile_picture} alt="" size={32} />
      <div>
        <p className="team-activity-sentence">
          <ActivitySentence item={item} />
        </p>
        <time className="muted team-small" dateTime={item.created_at}>
          {formatDate(i18n, item.created_at, true)}
        </time>
      </div>
    </li>
  );
}

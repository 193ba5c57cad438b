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
import { ACTIVITY_PAGE_SIZE, listActivity } from "../../team/api";
import { formatDate } from "../../team/format";
import { NotAllowed, WhenLoaded } from "../../team/states";
import "../../team/team.css";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { Avatar } from "../../widgets/Avatar";

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
      ) : (
        <WhenLoaded
          state={log}
          onRetry={reload}
          empty={<Trans>Nothing has happened in the team yet.</Trans>}
          isEmpty={(l) => l.items.length === 0}
        >
          {(data) => (
            <>
              <ol className="team-activity-list">
                {data.items.map((item) => (
                  <ActivityRow key={item._id} item={item} />
                ))}
              </ol>
              {data.more && (
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
        </WhenLoaded>
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

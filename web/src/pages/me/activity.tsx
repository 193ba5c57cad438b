/**
 * The person's own activity (GET /users/me/activity/list: newest first, 20 a page, `?before=<_id>` for the next)
 * and how one line of it reads (app-shell.md §3 "Activity item", §9 "Activity types").
 */
import dayjs from "dayjs";
import type { ActivityItem } from "../../../../codegen/types";
import { api, unwrap } from "../../api/client";
import { ProviderMark } from "../../components/ProviderMark";
import { ActivitySentence } from "../../team/ActivitySentence";
import { Avatar } from "../../widgets/Avatar";

export type { ActivityItem };

export async function fetchMyActivity(before?: string): Promise<ActivityItem[]> {
  const { data } = await unwrap(api.users.me.activity.list.$get({ query: before ? { before } : {} }));
  return data as ActivityItem[];
}

/** One line: who, what, and when (relative, the exact time in the tooltip and for screen readers). */
export function ActivityLine({ item, now }: { item: ActivityItem; now: number }) {
  const when = dayjs(item.created_at);
  return (
    <li className="activity-line" data-type={item.type}>
      <Avatar src={item.user.profile_picture} alt="" size={32} />
      <div className="activity-body">
        <p>
          <ActivitySentence item={item} acrossTeams />
        </p>
        <p className="muted activity-meta">
          <time dateTime={item.created_at} title={when.format("LLL")}>
            {when.from(now)}
          </time>
          {item.meta.account?.provider && (
            <>
              {" · "}
              <ProviderMark provider={item.meta.account.provider} withName />
            </>
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * The person's own activity (GET /users/me/activity/list: newest first, 20 a page, `?before=<_id>` for the next)
 * and how one line of it reads (app-shell.md §3 "Activity item", §9 "Activity types").
 */
import { Trans, useLingui } from "@lingui/react/macro";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ActivityItem } from "../../../../codegen/types";
import { api, unwrap } from "../../api/client";
import { ProviderBadge } from "../../team/ProviderBadge";
import { Avatar } from "../../widgets/Avatar";

export type { ActivityItem };

/** The server's page size: a shorter page is the last one. */
export const ACTIVITY_PAGE_SIZE = 20;

export async function fetchMyActivity(before?: string): Promise<ActivityItem[]> {
  const { data } = await unwrap(api.users.me.activity.list.$get({ query: before ? { before } : {} }));
  return data as ActivityItem[];
}

/** What happened, as a sentence naming the people, team, account, contest or invite involved. */
export function ActivityText({ item, linkContest = true }: { item: ActivityItem; linkContest?: boolean }) {
  const { t } = useLingui();
  const who = item.user.name;
  const team = item.team.name;
  const target = item.targetUser?.name ?? t`a member`;
  const account = item.meta.account?.name ?? t`an account`;
  const contestName = item.meta.contest?.name || t`a contest`;
  const contest: ReactNode =
    linkContest && item.meta.contest ? (
      <Link to={`/contest/${encodeURIComponent(item.meta.contest._id)}/`}>{contestName}</Link>
    ) : (
      <strong>{contestName}</strong>
    );
  switch (item.type) {
    case "createTeam":
      return (
        <Trans>
          {who} created the team {team}.
        </Trans>
      );
    case "joinTeam":
      return (
        <Trans>
          {who} joined the team {team}.
        </Trans>
      );
    case "addTeamAccount":
      return (
        <Trans>
          {who} linked {account} to {team}.
        </Trans>
      );
    case "createInvite.member":
      return (
        <Trans>
          {who} invited someone to join {team}.
        </Trans>
      );
    case "createInvite.account":
      return (
        <Trans>
          {who} invited someone to link an account to {team}.
        </Trans>
      );
    case "removeTeamMember":
      return (
        <Trans>
          {who} removed {target} from {team}.
        </Trans>
      );
    case "unlinkAccount":
      return (
        <Trans>
          {who} unlinked {account} from {team}.
        </Trans>
      );
    case "removeDelegation":
      return (
        <Trans>
          {who} stopped lending {account} to {team}.
        </Trans>
      );
    case "cancelInvite":
      return (
        <Trans>
          {who} canceled an invitation to {team}.
        </Trans>
      );
    case "createContest":
      return (
        <Trans>
          {who} created the contest {contest} in {team}.
        </Trans>
      );
    case "loadContest":
      return (
        <Trans>
          {who} loaded the contest {contest}.
        </Trans>
      );
    case "loadEntries":
      return (
        <Trans>
          {who} loaded the entries of {contest}.
        </Trans>
      );
    case "startDraw":
      return (
        <Trans>
          {who} started the draw of {contest}.
        </Trans>
      );
    case "finishDraw":
      return <Trans>The draw of {contest} is finished.</Trans>;
    default:
      return <Trans>Something happened in {team}.</Trans>;
  }
}

/** One line: who, what, and when (relative, the exact time in the tooltip and for screen readers). */
export function ActivityLine({ item, now }: { item: ActivityItem; now: number }) {
  const when = dayjs(item.created_at);
  return (
    <li className="activity-line" data-type={item.type}>
      <Avatar src={item.user.profile_picture} alt="" size={32} />
      <div className="activity-body">
        <p>
          <ActivityText item={item} />
        </p>
        <p className="muted activity-meta">
          <time dateTime={item.created_at} title={when.format("LLL")}>
            {when.from(now)}
          </time>
          {item.meta.account?.provider && (
            <>
              {" · "}
              <ProviderBadge provider={item.meta.account.provider} />
            </>
          )}
        </p>
      </div>
    </li>
  );
}

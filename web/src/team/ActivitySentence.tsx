/**
 * One activity item (app-shell.md §3, §9) as a sentence: who did what, to whom or to which account, invite or
 * contest. Every type of §9 has its own translated sentence; an unknown type (a newer server) says that
 * something happened rather than nothing. The team's own log (team activity page, dashboard) leaves the team
 * unsaid; the person's activity, which runs across their teams (`acrossTeams`), names it in every sentence.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ActivityItem } from "../../../codegen/types";
import activitySchema from "../../../schemas/stored/activity.schema.json";
import { providerOf } from "../providers";

/** Every activity type: the stored shape's enum (schemas/stored/activity.schema.json), as the API uses it. */
export const ACTIVITY_TYPES = activitySchema.properties.type.enum as readonly ActivityItem["type"][];

export function ActivitySentence({
  item,
  acrossTeams = false,
}: {
  item: ActivityItem;
  acrossTeams?: boolean;
}) {
  const { t } = useLingui();
  const who = <strong>{item.user.name}</strong>;
  const team = item.meta.team?.name ?? item.team.name;
  const target = item.targetUser?.name ?? t`a member`;
  const account = item.meta.account?.name ?? t`an account`;
  const provider = item.meta.account?.provider;
  const network = provider ? (providerOf(provider)?.display_name ?? provider) : "";
  const contestName = item.meta.contest?.name || t`a contest`;
  const contest: ReactNode = item.meta.contest ? (
    <Link to={`/contest/${encodeURIComponent(item.meta.contest._id)}/`}>{contestName}</Link>
  ) : (
    <strong>{contestName}</strong>
  );
  const theTeam = <strong>{team}</strong>;
  const theTarget = <strong>{target}</strong>;
  const theAccount = <strong>{account}</strong>;

  switch (item.type) {
    case "createTeam":
      return acrossTeams ? (
        <Trans>
          {who} created the team {team}.
        </Trans>
      ) : (
        <Trans>
          {who} created the team {theTeam}.
        </Trans>
      );
    case "joinTeam":
      return acrossTeams ? (
        <Trans>
          {who} joined the team {team}.
        </Trans>
      ) : (
        <Trans>{who} joined the team.</Trans>
      );
    case "addTeamAccount":
      if (acrossTeams) {
        return (
          <Trans>
            {who} linked {account} to {team}.
          </Trans>
        );
      }
      return network ? (
        <Trans>
          {who} linked the {network} account {theAccount}.
        </Trans>
      ) : (
        <Trans>
          {who} linked the account {theAccount}.
        </Trans>
      );
    case "createInvite.member":
      return acrossTeams ? (
        <Trans>
          {who} invited someone to join {team}.
        </Trans>
      ) : (
        <Trans>{who} invited someone to join the team.</Trans>
      );
    case "createInvite.account":
      return acrossTeams ? (
        <Trans>
          {who} invited someone to link an account to {team}.
        </Trans>
      ) : (
        <Trans>{who} invited someone to link an account.</Trans>
      );
    case "removeTeamMember":
      return acrossTeams ? (
        <Trans>
          {who} removed {target} from {team}.
        </Trans>
      ) : (
        <Trans>
          {who} removed {theTarget} from the team.
        </Trans>
      );
    case "unlinkAccount":
      return acrossTeams ? (
        <Trans>
          {who} unlinked {account} from {team}.
        </Trans>
      ) : (
        <Trans>
          {who} unlinked the account {theAccount}.
        </Trans>
      );
    case "removeDelegation":
      return acrossTeams ? (
        <Trans>
          {who} stopped lending {account} to {team}.
        </Trans>
      ) : (
        <Trans>
          {who} took back their account {theAccount}.
        </Trans>
      );
    case "cancelInvite":
      return acrossTeams ? (
        <Trans>
          {who} canceled an invitation to {team}.
        </Trans>
      ) : (
        <Trans>{who} canceled an invite.</Trans>
      );
    case "createContest":
      return acrossTeams ? (
        <Trans>
          {who} created the contest {contest} in {team}.
        </Trans>
      ) : (
        <Trans>
          {who} created the contest {contest}.
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
      return acrossTeams ? (
        <Trans>The draw of {contest} is finished.</Trans>
      ) : (
        <Trans>
          {who} finished the draw of {contest}.
        </Trans>
      );
    case "changeBilling":
      return <BillingSentence change={item.meta.billing} team={acrossTeams ? team : null} />;
    default:
      return acrossTeams ? (
        <Trans>Something happened in {team}.</Trans>
      ) : (
        <Trans>{who} did something in the team.</Trans>
      );
  }
}

/** A payment's effect (changeBilling, api/billing/changes.ts): made by Stripe, not by a member. */
function BillingSentence({ change, team }: { change: ActivityItem["meta"]["billing"]; team: string | null }) {
  const plan = change?.plan ?? "";
  const where = team ? ` (${team})` : "";
  switch (change?.change) {
    case "planChanged":
      return (
        <Trans>
          The team moved to the {plan} plan{where}.
        </Trans>
      );
    case "paymentFailed":
      return <Trans>A payment failed; the grace period started{where}.</Trans>;
    case "frozen":
      return <Trans>The team was frozen for an unpaid invoice{where}.</Trans>;
    case "paid":
      return <Trans>The overdue payment was received{where}.</Trans>;
    case "canceled":
      return <Trans>The subscription ended; the team is on the free plan{where}.</Trans>;
    case "oneShotBought":
      return <Trans>A one-shot offer was bought{where}.</Trans>;
    default:
      return <Trans>The team's billing changed{where}.</Trans>;
  }
}

/**
 * One activity item (app-shell.md §3, §9) as a sentence: who did what, to whom or to which account, invite or
 * contest. Every type of §9 has its own translated sentence; an unknown type (a newer server) says that
 * something happened rather than nothing.
 */
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import type { ActivityItem } from "../../../codegen/types";
import { providerOf } from "./providers";

export const ACTIVITY_TYPES = [
  "createTeam",
  "joinTeam",
  "addTeamAccount",
  "createInvite.member",
  "createInvite.account",
  "removeTeamMember",
  "unlinkAccount",
  "removeDelegation",
  "cancelInvite",
  "createContest",
  "loadContest",
  "loadEntries",
  "startDraw",
  "finishDraw",
] as const;

export function ActivitySentence({ item }: { item: ActivityItem }) {
  const user = item.user.name;
  const target = item.targetUser?.name ?? "";
  const team = item.meta.team?.name ?? item.team.name;
  const account = item.meta.account?.name ?? "";
  const provider = item.meta.account?.provider;
  const network = provider ? (providerOf(provider)?.display_name ?? provider) : "";
  const contestId = item.meta.contest?._id;
  const contestName = item.meta.contest?.name ?? "";
  const contest = contestId ? (
    <Link to={`/contest/${encodeURIComponent(contestId)}/`}>{contestName}</Link>
  ) : (
    contestName
  );
  const who = <strong>{user}</strong>;
  const theTeam = <strong>{team}</strong>;
  const theTarget = <strong>{target}</strong>;
  const theAccount = <strong>{account}</strong>;

  switch (item.type) {
    case "createTeam":
      return (
        <Trans>
          {who} created the team {theTeam}.
        </Trans>
      );
    case "joinTeam":
      return <Trans>{who} joined the team.</Trans>;
    case "addTeamAccount":
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
      return <Trans>{who} invited someone to join the team.</Trans>;
    case "createInvite.account":
      return <Trans>{who} invited someone to link an account.</Trans>;
    case "removeTeamMember":
      return (
        <Trans>
          {who} removed {theTarget} from the team.
        </Trans>
      );
    case "unlinkAccount":
      return (
        <Trans>
          {who} unlinked the account {theAccount}.
        </Trans>
      );
    case "removeDelegation":
      return (
        <Trans>
          {who} took back their account {theAccount}.
        </Trans>
      );
    case "cancelInvite":
      return <Trans>{who} canceled an invite.</Trans>;
    case "createContest":
      return (
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
      return (
        <Trans>
          {who} finished the draw of {contest}.
        </Trans>
      );
    default:
      return <Trans>{who} did something in the team.</Trans>;
  }
}

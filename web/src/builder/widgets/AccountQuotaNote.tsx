/**
 * The line under the account picker that tells, before the start, what a contest costs of a real account's network
 * limits (issue 24): X's billed reads and the calls of the day, YouTube's daily quota units, Instagram's posts of the
 * last 24 hours against its publishing limit. Asked once per account (formContext.quota); nothing shows while it
 * loads, when it fails or when the network has no quota (the sandbox, Bluesky): the form never waits for it.
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { AccountQuota } from "../api";
import type { BuilderFormContext, TeamAccount } from "../form-context";

type Props = { ctx: BuilderFormContext; account: TeamAccount; network: string; id: string };

export function AccountQuotaNote({ ctx, account, network, id }: Props) {
  const answer = useQuota(ctx, account);
  const text = useQuotaText(answer, network);
  if (!text) return null;
  return (
    <p id={id} className={answer?.quota?.paused ? "account-quota is-paused" : "account-quota"}>
      {text}
    </p>
  );
}

function useQuota(ctx: BuilderFormContext, account: TeamAccount): AccountQuota | null {
  const [answer, setAnswer] = useState<{ id: string; quota: AccountQuota } | null>(null);
  useEffect(() => {
    let current = true;
    ctx.quota(account._id).then(
      (quota) => {
        if (current) setAnswer({ id: account._id, quota });
      },
      // A failed ask shows nothing: the line is a help, never a reason to stop.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [ctx, account._id]);
  return answer?.id === account._id ? answer.quota : null;
}

function useQuotaText(answer: AccountQuota | null, network: string): string | null {
  const { t, i18n } = useLingui();
  const quota = answer?.quota;
  if (!quota) return null;
  const expected = answer.expected;
  const n = (value: number) => i18n.number(value);
  const entrants = n(1_000);
  const used = n(quota.used);
  const limit = quota.limit === null ? null : n(quota.limit);
  const reset = quota.resets_at ? i18n.date(new Date(quota.resets_at), { timeStyle: "short" }) : null;
  const wait = !quota.paused
    ? null
    : reset
      ? t`Loads wait until ${reset}.`
      : t`Loads wait until the limit resets.`;

  let line: string;
  if (!expected) {
    line =
      limit === null
        ? t`${network}: ${used} posts published in the last 24 hours.`
        : t`${network}: ${used} of ${limit} posts published in the last 24 hours.`;
  } else if (expected.unit === "quota_units") {
    const first = n(expected.first_load_per_1000_entrants);
    if (limit !== null && reset)
      line = t`${network} quota: a first load of ${entrants} entrants uses about ${first} of your ${limit} daily units (${used} used today; resets at ${reset}).`;
    else if (limit !== null)
      line = t`${network} quota: a first load of ${entrants} entrants uses about ${first} of your ${limit} daily units (${used} used today).`;
    else
      line = t`${network} quota: a first load of ${entrants} entrants uses about ${first} units (${used} used today).`;
  } else {
    const first = n(expected.first_load_per_1000_entrants);
    const later = n(expected.later_load);
    const reads = expected.reads_per_1000_entrants;
    const posts = reads ? n(reads.posts) : "";
    const users = reads ? n(reads.users) : "";
    const cost = reads
      ? t`${network} bills reads: a first load of ${entrants} entrants costs about ${first} calls (${posts} posts, ${users} users read); each later load about ${later}.`
      : t`${network}: a first load of ${entrants} entrants costs about ${first} calls; each later load about ${later}.`;
    const today = limit === null ? t`Today: ${used} calls used.` : t`Today: ${used} of ${limit} calls used.`;
    line = `${cost} ${today}`;
  }
  return wait ? `${line} ${wait}` : line;
}

/**
 * The line under the account picker that tells, before the start, what a contest costs of a real account's network
 * limits (issue 24): X's billed reads and the calls of the day, YouTube's daily quota units, Instagram's posts of the
 * last 24 hours against its publishing limit. Asked once per account (formContext.quota); nothing shows while it
 * loads, when it fails or when the network has no quota (the sandbox, Bluesky): the form never waits for it. A hook,
 * so that the picker can point its aria-describedby at the line only while it shows.
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { AccountQuota } from "../api";
import type { BuilderFormContext, TeamAccount } from "../form-context";

/** The line for the chosen account, or null (no account, a sandbox one, loading, failed, no quota). */
export function useAccountQuotaLine(
  ctx: BuilderFormContext | null,
  account: TeamAccount | null,
  network: string,
): { text: string; paused: boolean } | null {
  const answer = useQuota(ctx, account && !account.sandbox ? account._id : null);
  const text = useQuotaText(answer, network);
  return text ? { text, paused: answer?.quota?.paused === true } : null;
}

function useQuota(ctx: BuilderFormContext | null, accountId: string | null): AccountQuota | null {
  const [answer, setAnswer] = useState<{ id: string; quota: AccountQuota } | null>(null);
  useEffect(() => {
    if (!ctx || accountId === null) return;
    let current = true;
    ctx.quota(accountId).then(
      (quota) => {
        if (current) setAnswer({ id: accountId, quota });
      },
      // A failed ask shows nothing: the line is a help, never a reason to stop.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [ctx, accountId]);
  return accountId !== null && answer?.id === accountId ? answer.quota : null;
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

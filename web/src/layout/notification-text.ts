/**
 * What a notification says, in the person's language: the server sends a key and its data (app-shell.md §3
 * "content (key, data, title, description, link)"); known keys are worded here, anything else falls back to the
 * title the server wrote, then to a generic line.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

type Content = { key: string; data: unknown; title: string | null; description: string | null };

function read(data: unknown, ...path: string[]): string {
  let at: unknown = data;
  for (const p of path) at = at && typeof at === "object" ? (at as Record<string, unknown>)[p] : undefined;
  return typeof at === "string" || typeof at === "number" ? String(at) : "";
}

export function notificationText(
  i18n: I18n,
  content: Content,
): { title: string; description: string | null } {
  const d = content.data;
  switch (content.key) {
    case "welcome":
      return {
        title: i18n._(msg`Welcome to Fairdraw, ${read(d, "name")}!`),
        description: content.description,
      };
    case "contestStarted":
      return {
        title: i18n._(msg`Your contest ${read(d, "contest")} has started.`),
        description: content.description,
      };
    case "accountsLinked":
      return { title: i18n._(msg`${read(d, "count")} accounts are linked to your team.`), description: null };
    case "accountReconnectRequested":
      return {
        title: i18n._(
          msg`${read(d, "requested_by", "name")} asks you to reconnect @${read(d, "account", "screen_name")}.`,
        ),
        description: i18n._(msg`Team ${read(d, "team", "name")}`),
      };
    case "accountAccessEnding":
      return {
        title: i18n._(
          msg`${read(d, "network")} access for @${read(d, "account", "screen_name")} ends soon: connect it again to keep publishing and loading entries.`,
        ),
        description: i18n._(msg`${read(d, "network")} does not renew this access by itself.`),
      };
    case "networkQuotaExceeded":
      return {
        title: i18n._(
          msg`${read(d, "network")}'s daily quota is used up: loading entries of @${read(d, "account", "screen_name")} waits until it resets.`,
        ),
        description: i18n._(msg`Nothing is lost: the loads go on where they stopped once the quota resets.`),
      };
    case "contestPublishingAccountMissing":
      return {
        title: i18n._(
          msg`${read(d, "contest", "name")} cannot start: a publishing account is missing or disabled.`,
        ),
        description: i18n._(msg`Reconnect or link the account; the contest starts as soon as it is back.`),
      };
    case "contestStartMissed":
      return {
        title: i18n._(
          msg`${read(d, "contest", "name")} was canceled: it could not start before its close date.`,
        ),
        description: i18n._(msg`Nothing was published. Create the contest again with new dates.`),
      };
    case "privateMessageRefused":
      return {
        title: i18n._(
          msg`@${read(d, "winner", "screen_name")} does not accept private messages from @${read(d, "account", "screen_name")}.`,
        ),
        description: i18n._(
          msg`The message to this winner of ${read(d, "contest", "name")} was not delivered. Reach them another way.`,
        ),
      };
    case "contestJobFailed":
      return {
        title: i18n._(msg`A scheduled step of ${read(d, "contest", "name")} failed.`),
        description: i18n._(
          msg`It will be tried again when the server restarts or the contest moves on. Contact us if it persists.`,
        ),
      };
    case "billingChanged":
      return billingText(i18n, d);
    default:
      return { title: content.title || i18n._(msg`New notification`), description: content.description };
  }
}

/** A billing change told to the team's owner (api/billing/changes.ts): the change, the team and the plan. */
function billingText(i18n: I18n, d: unknown): { title: string; description: string | null } {
  const team = read(d, "team", "name");
  const plan = read(d, "plan");
  const until = read(d, "until");
  const date = until ? i18n.date(new Date(until), { dateStyle: "medium" }) : "";
  const description = i18n._(msg`Team ${team}`);
  switch (read(d, "change")) {
    case "planChanged":
      return { title: i18n._(msg`Your team is now on the ${plan} plan.`), description };
    case "paymentFailed":
      return { title: i18n._(msg`A payment failed: update your card before ${date}.`), description };
    case "frozen":
      return { title: i18n._(msg`The team is frozen until its payment is settled.`), description };
    case "paid":
      return { title: i18n._(msg`Payment received: the team is open again.`), description };
    case "canceled":
      return { title: i18n._(msg`The subscription ended: the team is back on the free plan.`), description };
    case "oneShotBought":
      return { title: i18n._(msg`Your one-shot purchase is paid.`), description };
    default:
      return { title: i18n._(msg`Your team's billing changed.`), description };
  }
}

/**
 * A Stripe subscription's state, applied to its team (webhook.ts reads it from Stripe first, so an event that
 * comes late or twice applies the current state, not the one it carried):
 * - active, trialing: the subscription's plan and period; a team in its grace period or frozen is settled;
 * - past_due (a renewal failed): the grace period starts (GRACE_DAYS), the plan stays; grace.ts freezes the team
 *   at its end if it is still unpaid;
 * - unpaid (Stripe gave up retrying): frozen at once;
 * - canceled, incomplete_expired: back to the basic plan, nothing owed;
 * - incomplete, paused: nothing changes (the first payment is not made; a pause is the owner's).
 * A subscription that is not the team's current one only applies when it is live (a new one replacing it): the
 * end of an old subscription arriving late never takes a new plan away.
 */
import { eq } from "drizzle-orm";
import type { Deps, TeamRow } from "../context";
import type { Db } from "../db/client";
import { teams } from "../db/tables";
import { type BillingChange, recordBillingChange } from "./changes";
import { isCurrency, type Period, PLANS } from "./prices";
import type { Stripe } from "./stripe-client";

/** Days between a failed renewal and the freeze. */
export const GRACE_DAYS = 7;
/** A frozen team's limit date (app-shell.md §2, the 402 page's countdown): days after the freeze. */
export const FREEZE_LIMIT_DAYS = 30;

const DAY_MS = 86_400_000;
const LIVE = new Set(["active", "trialing", "past_due", "unpaid"]);
const ENDED = new Set(["canceled", "incomplete_expired"]);

/** teams.billing: what the billing page shows of the subscription, as last applied. */
export type BillingState = {
  subscription_id: string;
  status: string;
  plan: string;
  period: Period;
  currency: string | null;
  /** The next renewal's amount, in Stripe's smallest unit. */
  amount: number | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
};

function iso(seconds: number | null | undefined): string | null {
  return typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null;
}

/** The plan and period a subscription's price was synced with (prices.ts metadata). */
function planOf(sub: Stripe.Subscription): { plan: string; period: Period } | null {
  const price = sub.items.data[0]?.price;
  const plan = price?.metadata?.fairdraw_plan;
  const period = price?.metadata?.fairdraw_period;
  if (!plan || !PLANS.some((p) => p.id === plan) || (period !== "monthly" && period !== "yearly"))
    return null;
  return { plan, period };
}

export function billingStateOf(sub: Stripe.Subscription, plan: string, period: Period): BillingState {
  const item = sub.items.data[0];
  // The period end is on the subscription in Stripe's older API versions and on its items in newer ones.
  const end = (sub as { current_period_end?: number }).current_period_end ?? item?.current_period_end;
  const amount = sub.items.data.reduce(
    (sum, i) => (i.price.unit_amount === null ? sum : sum + i.price.unit_amount * (i.quantity ?? 1)),
    0,
  );
  return {
    subscription_id: sub.id,
    status: sub.status,
    plan,
    period,
    currency: isCurrency(sub.currency) ? sub.currency : null,
    amount,
    current_period_end: iso(end),
    cancel_at_period_end: sub.cancel_at_period_end,
  };
}

export function storedBilling(team: Pick<TeamRow, "billing">): BillingState | null {
  const b = team.billing as BillingState | null;
  return b && typeof b.subscription_id === "string" ? b : null;
}

/** Applies the subscription to the team (locked by the caller) and records each change. */
export async function applySubscription(
  tx: Db,
  deps: Pick<Deps, "clock" | "realtime">,
  team: TeamRow,
  sub: Stripe.Subscription,
): Promise<BillingChange[]> {
  const now = deps.clock();
  const current = storedBilling(team);
  const isCurrent = !current || current.subscription_id === sub.id;
  if (!isCurrent && !LIVE.has(sub.status)) return [];
  if (!LIVE.has(sub.status) && !ENDED.has(sub.status)) return [];
  const changes: BillingChange[] = [];
  const keep = { ...(team.subscription ?? {}) };
  delete keep.period;
  let set: Partial<TeamRow>;

  if (ENDED.has(sub.status)) {
    if (!current || team.plan === "basic") return [];
    set = { plan: "basic", subscription: Object.keys(keep).length ? keep : null, billing: null };
    set.paymentDueAt = null;
    set.frozenLimitDate = null;
    changes.push({ change: "canceled", plan: "basic", period: null });
  } else {
    const bought = planOf(sub);
    if (!bought) return [];
    const state = billingStateOf(sub, bought.plan, bought.period);
    set = { plan: bought.plan, subscription: { ...keep, period: bought.period }, billing: state };
    const periodBefore = team.subscription?.period ?? null;
    if (team.plan !== bought.plan || periodBefore !== bought.period) {
      changes.push({ change: "planChanged", plan: bought.plan, period: bought.period });
    }
    if (sub.status === "active" || sub.status === "trialing") {
      if (team.paymentDueAt || team.frozenLimitDate) {
        set.paymentDueAt = null;
        set.frozenLimitDate = null;
        changes.push({ change: "paid", plan: bought.plan, period: bought.period });
      }
    } else if (sub.status === "past_due") {
      if (!team.paymentDueAt && !team.frozenLimitDate) {
        const until = new Date(now.getTime() + GRACE_DAYS * DAY_MS).toISOString();
        set.paymentDueAt = until;
        changes.push({ change: "paymentFailed", plan: bought.plan, period: bought.period, until });
      }
    } else if (!team.frozenLimitDate) {
      const until = new Date(now.getTime() + FREEZE_LIMIT_DAYS * DAY_MS).toISOString();
      set.frozenLimitDate = until;
      changes.push({ change: "frozen", plan: bought.plan, period: bought.period, until });
    }
  }
  await tx.update(teams).set(set).where(eq(teams.id, team.id));
  for (const change of changes) await recordBillingChange(tx, deps, team, change);
  return changes;
}

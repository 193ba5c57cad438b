/**
 * What another plan changes against the team's own (the subscription page, issue 26): each quota it raises or
 * lowers, the features it adds and those it takes away, and which plan the page makes the main action (never
 * one below the current plan: the best offer when it is above, else the next plan up). Pure.
 */

import { QUOTA_NAMES, type QuotaName } from "./labels";
import { type Period, type Plan, periodQuotas } from "./plans";

export type QuotaChange = { name: QuotaName; from: number; to: number };
export type PlanDiff = { quotas: QuotaChange[]; added: string[]; removed: string[] };

export function planDiff(current: Plan | undefined, other: Plan, period: Period): PlanDiff {
  const to = periodQuotas(other.quotas, period);
  const from = current ? periodQuotas(current.quotas, period) : null;
  const quotas = QUOTA_NAMES.flatMap((name) =>
    from && from[name] !== to[name] ? [{ name, from: from[name], to: to[name] }] : [],
  );
  const had = new Set(current?.features ?? []);
  const has = new Set(other.features);
  return {
    quotas,
    added: other.features.filter((f) => !had.has(f)),
    removed: (current?.features ?? []).filter((f) => !has.has(f)),
  };
}

/** A plan's place in the range: its monthly euro price; a plan on request is the top. */
export function planRank(plan: Plan): number {
  if (plan.on_request) return Number.POSITIVE_INFINITY;
  return plan.price.eur?.monthly ?? 0;
}

/** The plan the page invites to (a primary button): the best offer if above the current plan, else the next one up. */
export function mainPlanId(current: Plan | undefined, plans: readonly Plan[]): string | null {
  const floor = current ? planRank(current) : 0;
  const above = plans.filter((p) => p.available && !p.on_request && planRank(p) > floor);
  const best = above.find((p) => p.bestOffer);
  if (best) return best.id;
  return above.sort((a, b) => planRank(a) - planRank(b))[0]?.id ?? null;
}

export function isBelow(current: Plan | undefined, plan: Plan): boolean {
  return current !== undefined && planRank(plan) < planRank(current);
}

/**
 * The plans of schemas/plans.json as the subscription page shows them (app-shell.md §3, §9). Pure: prices,
 * periods, quotas and the plans on offer are read here and drawn by the page.
 */
import type { Plan, PlanCatalogue, Quotas, Retention } from "../../../codegen/types";
import constants from "../../../schemas/constants.json";
import plansJson from "../../../schemas/plans.json";
import type { Currency } from "../widgets/Price";

export const PLANS: readonly Plan[] = (plansJson as unknown as PlanCatalogue).plans;
export const CURRENCIES: readonly Currency[] = ["eur", "usd", "jpy", "sar"];
export type Period = "monthly" | "yearly";

/** Quotas of a yearly subscription are doubled (constants.json quotas.yearly_multiplier). */
export const YEARLY_MULTIPLIER: number = constants.quotas.yearly_multiplier;

export function planById(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** The first plan on sale that includes a feature (plans.json lists them cheapest first), to name it. */
export function firstPlanWith(feature: string): Plan | undefined {
  return PLANS.find((p) => p.available && p.features.includes(feature));
}

/** The plans the page lists: every plan on sale, and the team's own even when it is a legacy one. */
export function plansOnOffer(currentPlanId: string): Plan[] {
  return PLANS.filter((p) => p.available || p.id === currentPlanId);
}

/**
 * What a plan costs in a currency for a period:
 * - `on_request`: sold on request (enterprise), no public price;
 * - `unavailable`: no price in that currency;
 * - `free`: 0;
 * - `price`: an amount and what it is per. plans.json keeps the yearly figure "as the spec gives it": when it is
 *   below the monthly price it is a price per month billed yearly (starter 12/10, premium 180/150, business
 *   960/800), otherwise the price of the year (advanced 49/490).
 */
export type PlanCost =
  | { kind: "on_request" }
  | { kind: "unavailable" }
  | { kind: "free" }
  | { kind: "price"; amount: number; per: "month" | "year"; billedYearly: boolean };

export function planCost(plan: Plan, currency: Currency, period: Period): PlanCost {
  if (plan.on_request) return { kind: "on_request" };
  const price = plan.price[currency];
  const amount = price?.[period];
  if (!price || amount === null || amount === undefined) return { kind: "unavailable" };
  if (amount === 0) return { kind: "free" };
  if (period === "monthly") return { kind: "price", amount, per: "month", billedYearly: false };
  const perMonth = price.monthly !== null && amount < price.monthly;
  return { kind: "price", amount, per: perMonth ? "month" : "year", billedYearly: true };
}

/** The plan's quotas for a period: doubled when billed yearly. */
export function periodQuotas(quotas: Quotas, period: Period): Quotas {
  if (period === "monthly") return quotas;
  const out = { ...quotas };
  for (const key of Object.keys(out) as (keyof Quotas)[]) out[key] = quotas[key] * YEARLY_MULTIPLIER;
  return out;
}

/** The currency a person most likely pays in, from the interface language; euros otherwise. */
export function defaultCurrency(locale: string): Currency {
  if (locale.startsWith("ja")) return "jpy";
  if (locale.startsWith("ar")) return "sar";
  if (locale.startsWith("en") || locale.startsWith("hi")) return "usd";
  return "eur";
}

/**
 * The checkout page of a plan (another page's work; without a billing driver it says so: decisions.md), carrying the
 * currency the person chose so the checkout shows the price they saw.
 */
export function checkoutPath(planId: string, period: Period, currency?: Currency): string {
  const path = `/checkout-session/plan/${encodeURIComponent(planId)}/${period}`;
  return currency ? `${path}?${new URLSearchParams({ currency })}` : path;
}

/** The currency a checkout address names (?currency=eur), or the one the interface language suggests. */
export function checkoutCurrency(search: string, locale: string): Currency {
  const asked = new URLSearchParams(search).get("currency");
  return CURRENCIES.find((c) => c === asked) ?? defaultCurrency(locale);
}

export type { Plan, Quotas, Retention };

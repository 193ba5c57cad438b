/**
 * What Fairdraw sells through Stripe, read from schemas/plans.json and schemas/offers.json (the same data the
 * subscription and checkout pages show): each plan on sale × period × currency with a price is a recurring
 * Stripe price, each one-shot offer × currency a one-time price, found again by its lookup key. The key names
 * the plan's version, so a new version of a plan is a new price; an amount changed in the file moves the key to
 * a new price (npm run billing:sync).
 */
import type { OneShotOffer, Plan } from "../../codegen/types";
import offersJson from "../../schemas/offers.json";
import plansJson from "../../schemas/plans.json";

export const CURRENCIES = ["eur", "usd", "jpy", "sar"] as const;
export type Currency = (typeof CURRENCIES)[number];
export type Period = "monthly" | "yearly";

export const PLANS = (plansJson as { plans: Plan[] }).plans;
export const OFFERS = (offersJson as { offers: OneShotOffer[] }).offers;

/** Currencies Stripe counts in whole units (no cents). */
const ZERO_DECIMAL: ReadonlySet<Currency> = new Set(["jpy"]);

/** An amount of the files (whole units, as people read them) in Stripe's smallest unit. */
export function minorUnits(amount: number, currency: Currency): number {
  return ZERO_DECIMAL.has(currency) ? Math.round(amount) : Math.round(amount * 100);
}

export type SoldPrice = {
  lookupKey: string;
  product: { id: string; name: string };
  currency: Currency;
  /** In Stripe's smallest unit. */
  unitAmount: number;
  recurring: { interval: "month" | "year" } | null;
  metadata: Record<string, string>;
};

export function planProductId(plan: Pick<Plan, "id">): string {
  return `fairdraw_plan_${plan.id}`;
}

export function offerProductId(offer: Pick<OneShotOffer, "id">): string {
  return `fairdraw_offer_${offer.id}`;
}

export function planLookupKey(
  plan: Pick<Plan, "id" | "version">,
  period: Period,
  currency: Currency,
): string {
  return `fairdraw_plan_${plan.id}_v${plan.version}_${period}_${currency}`;
}

export function offerLookupKey(offer: Pick<OneShotOffer, "id">, currency: Currency): string {
  return `fairdraw_offer_${offer.id}_${currency}`;
}

/**
 * What a year of a plan costs: plans.json keeps the yearly figure as the spec gives it, a price per month billed
 * yearly when it is below the monthly one (starter 12/10), else the price of the year (advanced 49/490); the
 * subscription page reads it the same way (web/src/team/plans.ts planCost).
 */
function yearlyCharge(monthly: number | null, yearly: number): number {
  return monthly !== null && yearly < monthly ? yearly * 12 : yearly;
}

/** A plan's price for a period in a currency; null when it is not sold that way (free, on request, no price). */
export function planPrice(plan: Plan, period: Period, currency: Currency): SoldPrice | null {
  if (!plan.available || plan.on_request) return null;
  const price = plan.price[currency];
  const amount = price?.[period];
  if (!price || amount === null || amount === undefined || amount <= 0) return null;
  const charge = period === "monthly" ? amount : yearlyCharge(price.monthly, amount);
  return {
    lookupKey: planLookupKey(plan, period, currency),
    product: { id: planProductId(plan), name: `Fairdraw ${plan.name}` },
    currency,
    unitAmount: minorUnits(charge, currency),
    recurring: { interval: period === "monthly" ? "month" : "year" },
    metadata: { fairdraw_plan: plan.id, fairdraw_period: period },
  };
}

/** A one-shot offer's price in a currency; null when it is not sold in it. */
export function offerPrice(offer: OneShotOffer, currency: Currency): SoldPrice | null {
  const amount = offer.price[currency];
  if (!offer.available || amount === null || amount === undefined || amount <= 0) return null;
  return {
    lookupKey: offerLookupKey(offer, currency),
    product: { id: offerProductId(offer), name: `Fairdraw ${offer.name}` },
    currency,
    unitAmount: minorUnits(amount, currency),
    recurring: null,
    metadata: { fairdraw_offer: offer.id },
  };
}

/** Every price on sale, for billing:sync. */
export function soldPrices(): SoldPrice[] {
  const out: SoldPrice[] = [];
  for (const currency of CURRENCIES) {
    for (const plan of PLANS) {
      for (const period of ["monthly", "yearly"] as const) {
        const p = planPrice(plan, period, currency);
        if (p) out.push(p);
      }
    }
    for (const offer of OFFERS) {
      const p = offerPrice(offer, currency);
      if (p) out.push(p);
    }
  }
  return out;
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

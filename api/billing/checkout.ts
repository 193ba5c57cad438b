/**
 * Checkout Sessions for the two purchase addresses (app-shell.md §2): a plan for a period (subscription mode)
 * or a one-shot offer (payment mode), for the team's Stripe customer, at the price synced under the lookup key
 * of the currency the person saw, with the way back into the app. What was bought travels in the session's
 * metadata and is applied only by the signed webhook (webhook.ts), never by the way back.
 * A team that already pays a subscription changes it in the Customer Portal (no second subscription).
 */
import type { TeamRow } from "../context";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { ensureCustomer } from "./customer";
import { type Currency, OFFERS, offerPrice, type Period, PLANS, planPrice } from "./prices";
import type { Stripe } from "./stripe-client";
import { storedBilling } from "./subscription-state";
import { priceOf } from "./sync";

/** Checkout's own languages among ours; Stripe picks from the browser for the others. */
const CHECKOUT_LOCALES = new Set(["en", "fr", "ja"]);

export type Payer = { id: string; email: string; locale: string };
export type PendingImport = { name: string; provider: string; matched: string };

export type Purchase =
  | { kind: "plan"; plan: string; period: Period; currency: Currency }
  | { kind: "offer"; offer: string; currency: Currency; pendingImport?: PendingImport; contestId?: string };

function checkoutLocale(locale: string): Stripe.Checkout.SessionCreateParams.Locale {
  return (CHECKOUT_LOCALES.has(locale) ? locale : "auto") as Stripe.Checkout.SessionCreateParams.Locale;
}

/** The Stripe price of a purchase, or 409 offerNotSold (404 for a plan or offer that does not exist). */
async function stripePrice(stripe: Stripe, purchase: Purchase): Promise<Stripe.Price> {
  let sold = null;
  if (purchase.kind === "plan") {
    const plan = PLANS.find((p) => p.id === purchase.plan);
    if (!plan) throw new AppError("notFound");
    sold = planPrice(plan, purchase.period, purchase.currency);
  } else {
    const offer = OFFERS.find((o) => o.id === purchase.offer);
    if (!offer) throw new AppError("notFound");
    sold = offerPrice(offer, purchase.currency);
  }
  const price = sold ? await priceOf(stripe, sold.lookupKey) : null;
  if (!price) throw new AppError("offerNotSold");
  return price;
}

export function purchaseMetadata(purchase: Purchase, team: TeamRow, payer: Payer): Record<string, string> {
  const base = { fairdraw_team: team.id, user_id: payer.id };
  if (purchase.kind === "plan")
    return { ...base, fairdraw_plan: purchase.plan, fairdraw_period: purchase.period };
  return {
    ...base,
    fairdraw_offer: purchase.offer,
    ...(purchase.pendingImport
      ? {
          import_name: purchase.pendingImport.name,
          import_provider: purchase.pendingImport.provider,
          import_matched: purchase.pendingImport.matched,
        }
      : {}),
    ...(purchase.contestId ? { contest_id: purchase.contestId } : {}),
  };
}

/** Where the person goes to pay: a Checkout Session's address (or the portal's, to change a paid plan). */
export async function checkoutUrl(
  db: Db,
  stripe: Stripe,
  publicUrl: string,
  team: TeamRow,
  payer: Payer,
  purchase: Purchase,
): Promise<string> {
  const customer = await ensureCustomer(db, stripe, team, payer);
  if (purchase.kind === "plan" && storedBilling(team)) {
    return portalUrl(stripe, publicUrl, customer, payer.locale);
  }
  const price = await stripePrice(stripe, purchase);
  const metadata = purchaseMetadata(purchase, team, payer);
  const back =
    purchase.kind === "offer" && purchase.contestId
      ? `/team/one-shot/${encodeURIComponent(purchase.contestId)}?checkout=success`
      : `/team/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`;
  const session = await stripe.checkout.sessions.create({
    mode: purchase.kind === "plan" ? "subscription" : "payment",
    customer,
    client_reference_id: team.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: `${publicUrl}${back}`,
    cancel_url: `${publicUrl}${purchase.kind === "plan" ? "/team/subscription" : "/team/one-shot"}?checkout=canceled`,
    locale: checkoutLocale(payer.locale),
    metadata,
    ...(purchase.kind === "plan"
      ? { subscription_data: { metadata } }
      : { payment_intent_data: { metadata } }),
  });
  if (!session.url) throw new AppError("billingUnavailable", { internal: "checkout session without url" });
  return session.url;
}

/** Stripe's Customer Portal for the customer: change the card, cancel, switch plan. */
export async function portalUrl(
  stripe: Stripe,
  publicUrl: string,
  customer: string,
  locale: string,
): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: `${publicUrl}/team/billing`,
    locale: checkoutLocale(locale) as Stripe.BillingPortal.SessionCreateParams.Locale,
  });
  return session.url;
}

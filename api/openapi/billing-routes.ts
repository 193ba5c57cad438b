import type { RouteDoc } from "./routes";

/** The payment routes (api/routes/billing.ts, api/routes/stripe-webhook.ts), for the OpenAPI document. */
export const BILLING_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/v1/billing",
    summary:
      "The current team's billing: { configured (Stripe set up on this server), plan, period, status, " +
      "has_customer, next_invoice { date, amount, currency } (amount in the currency's smallest unit), ends_at, " +
      "payment_due_at (a failed payment's grace period end), frozen_limit_date, invoices [{ id, number, created, " +
      "total, currency, status, hosted_invoice_url }] (with team.billing.view_invoices, else []) }. Answers for a " +
      "frozen team too (its way to pay). 503 billingUnavailable when Stripe does not answer.",
    tag: "billing",
    access: "team",
    ok: { status: 200, description: "the billing overview" },
    errors: [503],
  },
  {
    method: "POST",
    path: "/api/v1/billing/portal",
    summary:
      "The address of a Stripe Customer Portal session for the team's Stripe customer (made if missing): change " +
      "the card, cancel, switch plan; back to /team/billing. Open to a frozen team. 404 billingNotConfigured " +
      "without Stripe; 503 billingUnavailable.",
    tag: "billing",
    access: "team",
    permission:
      "team.subscription.upgrade_subscription team.subscription.cancel_subscription team.billing.view_invoices",
    ok: { status: 200, description: "{ url }" },
    errors: [404, 503],
  },
  {
    method: "POST",
    path: "/api/v1/billing/checkout/plan/:plan/:period",
    summary:
      "The address of a Stripe Checkout Session (subscription) for the plan and period (monthly, yearly) in " +
      "{ currency } (eur, usd, jpy, sar; 422 otherwise), for the team's Stripe customer (made once, kept on the " +
      "team). A team that already pays gets the Customer Portal's address instead. The plan moves only when " +
      "Stripe's signed webhook says it is paid. 404 for an unknown plan or period, or billingNotConfigured; 409 " +
      "offerNotSold (no price in that currency, or billing:sync not run); 402 for a frozen team; 503.",
    tag: "billing",
    access: "team",
    permission: "team.subscription.upgrade_subscription",
    body: "object",
    ok: { status: 200, description: "{ url }" },
    errors: [402, 404, 409, 503],
  },
  {
    method: "POST",
    path: "/api/v1/billing/checkout/one-shot/:offer",
    summary:
      "The address of a Stripe Checkout Session (payment) for a one-shot offer (:offer as in its checkout_path: " +
      "quickdraw, contestbuilder) in { currency }. quickdraw carries the quick import { name, provider, matched }, " +
      "checked as the import call checks it (422), and made once paid; contestbuilder carries { contest_id }, the " +
      "draft saved for payment, which becomes a paid contest. 404, 409, 402, 503 as for a plan.",
    tag: "billing",
    access: "team",
    permission: "team.subscription.upgrade_subscription",
    body: "object",
    ok: { status: 200, description: "{ url }" },
    errors: [402, 404, 409, 503],
  },
  {
    method: "POST",
    path: "/api/v1/webhooks/stripe",
    summary:
      "Stripe's events, the Stripe-Signature header checked over the raw body with STRIPE_WEBHOOK_SECRET (400 and " +
      "nothing changed otherwise). Each event is applied once by its id; checkout.session.completed, " +
      "customer.subscription.*, invoice.paid and invoice.payment_failed read the subscription again from Stripe " +
      "and apply its state (plan, period, quotas, grace period, freeze). 404 billingNotConfigured without Stripe; " +
      "503 when Stripe cannot be read (Stripe delivers the event again).",
    tag: "billing",
    access: "public",
    body: "object",
    ok: { status: 200, description: "{ received: true, outcome: applied | duplicate | ignored }" },
    errors: [404, 503],
  },
];

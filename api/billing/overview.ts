/**
 * What the billing page shows (GET /api/v1/billing): the plan and its period, the subscription's state as the
 * webhooks last applied it (the next invoice: its date and amount), the grace period or freeze, and the
 * customer's invoices read from Stripe (their hosted pages; `invoices_unavailable` when Stripe did not answer).
 * Without Stripe: `configured: false` and the plan.
 */
import type { TeamRow } from "../context";
import type { Stripe } from "./stripe-client";
import { storedBilling } from "./subscription-state";

export type InvoiceLine = {
  id: string;
  number: string | null;
  created: string;
  total: number;
  currency: string;
  status: string | null;
  hosted_invoice_url: string | null;
};

export async function billingOverview(stripe: Stripe | null, team: TeamRow, withInvoices: boolean) {
  const billing = storedBilling(team);
  const live = billing && billing.status !== "canceled";
  const owing = team.paymentDueAt !== null || team.frozenLimitDate !== null;
  let invoices: InvoiceLine[] = [];
  let invoicesUnavailable = false;
  if (stripe && withInvoices && team.stripeCustomerId) {
    // The plan and the next invoice are ours; only the list is Stripe's: without it the page still says the rest.
    const page = await stripe.invoices.list({ customer: team.stripeCustomerId, limit: 24 }).catch(() => null);
    invoicesUnavailable = page === null;
    invoices = (page?.data ?? [])
      .filter((i) => i.status !== "draft")
      .map((i) => ({
        id: i.id ?? "",
        number: i.number,
        created: new Date(i.created * 1000).toISOString(),
        total: i.total,
        currency: i.currency,
        status: i.status,
        hosted_invoice_url: i.hosted_invoice_url ?? null,
      }));
  }
  return {
    configured: stripe !== null,
    plan: team.plan,
    period: (team.subscription?.period as string | undefined) ?? null,
    status: billing?.status ?? null,
    has_customer: team.stripeCustomerId !== null,
    // While an invoice is owed, the next one is not what to look at: the open one is (the invoices list).
    next_invoice:
      live && !owing && billing.current_period_end && !billing.cancel_at_period_end && billing.amount !== null
        ? { date: billing.current_period_end, amount: billing.amount, currency: billing.currency }
        : null,
    ends_at: live && billing.cancel_at_period_end ? billing.current_period_end : null,
    payment_due_at: team.paymentDueAt,
    frozen_limit_date: team.frozenLimitDate,
    invoices,
    invoices_unavailable: invoicesUnavailable,
  };
}

export type BillingOverview = Awaited<ReturnType<typeof billingOverview>>;

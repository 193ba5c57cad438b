/**
 * The billing calls of the pages (api/routes/billing.ts): the billing page's data, and the addresses of Stripe's
 * Checkout and Customer Portal a purchase or "Manage payment" goes to (a full-page redirect, app-shell.md §2).
 */
import type { BillingOverview } from "../../../api/billing/overview";
import { api, callHeaders, fetchWithFreshToken, unwrap } from "../api/client";

export type { BillingOverview };

export async function fetchBilling(): Promise<BillingOverview> {
  return (await unwrap(api.billing.$get())) as BillingOverview;
}

async function postForUrl(path: string, body: Record<string, unknown>): Promise<string> {
  const answer = await unwrap(
    fetchWithFreshToken(`/api/v1/billing${path}`, {
      method: "POST",
      headers: { ...callHeaders(), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  return (answer as { url: string }).url;
}

/** Where to pay for what a /checkout-session/{rest} address names (its query carries the currency and import). */
export function checkoutSessionUrl(rest: string, body: Record<string, unknown>): Promise<string> {
  return postForUrl(`/checkout/${rest.replace(/^\/+|\/+$/g, "")}`, body);
}

export function customerPortalUrl(): Promise<string> {
  return postForUrl("/portal", {});
}

/** A page the browser leaves for (Stripe's), kept apart so tests can watch it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

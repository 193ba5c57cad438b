/**
 * npm run billing:sync: makes the plans and one-shot offers of schemas/ exist in Stripe as products and prices
 * (api/billing/sync.ts), with STRIPE_SECRET_KEY and STRIPE_API_URL from the environment. Safe to run again: it
 * creates only what is missing or changed.
 */

import { stripeClient } from "../api/billing/stripe-client";
import { syncBillingCatalog } from "../api/billing/sync";
import { readEnv } from "../api/env";

const env = readEnv();
if (!env.stripe) {
  console.error("billing:sync needs STRIPE_SECRET_KEY (and STRIPE_API_URL for anything but api.stripe.com).");
  process.exit(1);
}
const report = await syncBillingCatalog(stripeClient(env.stripe));
const lines = [
  ["products created", report.productsCreated],
  ["products renamed", report.productsRenamed],
  ["prices created", report.pricesCreated],
  ["prices replaced (amount changed)", report.pricesReplaced],
] as const;
for (const [label, list] of lines) if (list.length) console.log(`${label}: ${list.join(", ")}`);
console.log(
  `billing:sync done: ${report.pricesCreated.length + report.pricesReplaced.length} price(s) written, ${report.unchanged} already in step.`,
);

/**
 * npm run billing:sync: the products and prices of prices.ts made to exist in Stripe, once. Products have our
 * ids (fairdraw_plan_advanced); prices are found by lookup key. Run twice, it creates nothing the second time; a
 * price whose amount changed in the files gets a new Stripe price that takes the key over (transfer_lookup_key),
 * so checkouts use the new amount and existing subscriptions keep theirs.
 */

import { type SoldPrice, soldPrices } from "./prices";
import type { Stripe } from "./stripe-client";

export type SyncReport = {
  productsCreated: string[];
  productsRenamed: string[];
  pricesCreated: string[];
  pricesReplaced: string[];
  unchanged: number;
};

/** Stripe takes at most 10 lookup keys in one prices.list call. */
const LOOKUP_KEYS_PER_CALL = 10;

function isMissing(err: unknown): boolean {
  return (err as { statusCode?: number })?.statusCode === 404;
}

async function ensureProduct(
  stripe: Stripe,
  product: SoldPrice["product"],
  report: SyncReport,
): Promise<void> {
  try {
    const found = await stripe.products.retrieve(product.id);
    if (found.name !== product.name || !found.active) {
      await stripe.products.update(product.id, { name: product.name, active: true });
      report.productsRenamed.push(product.id);
    }
  } catch (err) {
    if (!isMissing(err)) throw err;
    await stripe.products.create(
      { id: product.id, name: product.name },
      { idempotencyKey: `fairdraw-product-${product.id}` },
    );
    report.productsCreated.push(product.id);
  }
}

async function pricesByLookupKey(stripe: Stripe, keys: string[]): Promise<Map<string, Stripe.Price>> {
  const found = new Map<string, Stripe.Price>();
  for (let i = 0; i < keys.length; i += LOOKUP_KEYS_PER_CALL) {
    const page = await stripe.prices.list({
      lookup_keys: keys.slice(i, i + LOOKUP_KEYS_PER_CALL),
      active: true,
      limit: 100,
    });
    for (const price of page.data) if (price.lookup_key) found.set(price.lookup_key, price);
  }
  return found;
}

function sameTerms(have: Stripe.Price, want: SoldPrice): boolean {
  const product = typeof have.product === "string" ? have.product : have.product.id;
  return (
    have.unit_amount === want.unitAmount &&
    have.currency === want.currency &&
    product === want.product.id &&
    (have.recurring?.interval ?? null) === (want.recurring?.interval ?? null)
  );
}

export async function syncBillingCatalog(stripe: Stripe): Promise<SyncReport> {
  const report: SyncReport = {
    productsCreated: [],
    productsRenamed: [],
    pricesCreated: [],
    pricesReplaced: [],
    unchanged: 0,
  };
  const wanted = soldPrices();
  const products = new Map(wanted.map((p) => [p.product.id, p.product]));
  for (const product of products.values()) await ensureProduct(stripe, product, report);
  const existing = await pricesByLookupKey(
    stripe,
    wanted.map((p) => p.lookupKey),
  );
  for (const want of wanted) {
    const have = existing.get(want.lookupKey);
    if (have && sameTerms(have, want)) {
      report.unchanged += 1;
      continue;
    }
    await stripe.prices.create({
      product: want.product.id,
      currency: want.currency,
      unit_amount: want.unitAmount,
      lookup_key: want.lookupKey,
      transfer_lookup_key: have !== undefined,
      metadata: want.metadata,
      ...(want.recurring ? { recurring: want.recurring } : {}),
    });
    (have ? report.pricesReplaced : report.pricesCreated).push(want.lookupKey);
  }
  return report;
}

/** The Stripe price sold under a lookup key, or null when billing:sync has not made it. */
export async function priceOf(stripe: Stripe, lookupKey: string): Promise<Stripe.Price | null> {
  return (await pricesByLookupKey(stripe, [lookupKey])).get(lookupKey) ?? null;
}

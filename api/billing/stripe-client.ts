/**
 * The Stripe SDK client of a process (decisions.md "Payments"): every call goes to STRIPE_API_URL's host, port
 * and protocol (a local stand-in in tests). One client per settings object; null when Stripe is not configured.
 */
import Stripe from "stripe";
import type { StripeSettings } from "../env";

const clients = new WeakMap<StripeSettings, Stripe>();

export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      host: settings.host,
      port: settings.port,
      protocol: settings.protocol,
      // A call retried by the SDK carries the same idempotency key: Stripe does it once.
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "Fairdraw" },
    });
    clients.set(settings, client);
  }
  return client;
}

export type { Stripe };

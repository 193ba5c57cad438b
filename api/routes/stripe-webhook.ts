/**
 * POST /webhooks/stripe (decisions.md, third round): Stripe's events, their Stripe-Signature checked over the
 * raw body with STRIPE_WEBHOOK_SECRET (the SDK's constructEvent, with its 5-minute tolerance). Unsigned, forged,
 * stale or unreadable: 400 and nothing changed. Applied once by id (billing/webhook.ts); when Stripe cannot be
 * read to apply it, 503 so Stripe delivers it again.
 */
import { Hono } from "hono";
import { freezeOverdueTeams } from "../billing/grace";
import { stripeClient } from "../billing/stripe-client";
import { applyStripeEvent } from "../billing/webhook";
import type { AppEnv } from "../context";
import { AppError } from "../errors";

export const stripeWebhookRoutes = new Hono<AppEnv>().post("/webhooks/stripe", async (c) => {
  const deps = c.get("deps");
  const settings = deps.env.stripe;
  if (!settings) throw new AppError("billingNotConfigured");
  const signature = c.req.header("stripe-signature");
  const raw = await c.req.text();
  const stripe = stripeClient(settings);
  let event: ReturnType<typeof stripe.webhooks.constructEvent>;
  try {
    if (!settings.webhookSecret || !signature) throw new Error("no signature or no endpoint secret");
    const now = Math.floor(deps.clock().getTime() / 1000);
    event = stripe.webhooks.constructEvent(raw, signature, settings.webhookSecret, undefined, undefined, now);
  } catch (err) {
    throw new AppError("badRequest", { internal: `stripe webhook refused: ${(err as Error).message}` });
  }
  let result: Awaited<ReturnType<typeof applyStripeEvent>>;
  try {
    result = await applyStripeEvent(deps, stripe, event);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("billingUnavailable", {
      internal: `stripe event ${event.id}: ${(err as Error).message}`,
    });
  }
  // A grace period may have ended since the last tick: the team it concerns is frozen now, not at the next tick.
  await freezeOverdueTeams(deps);
  return c.json({ received: true, outcome: result.outcome });
});

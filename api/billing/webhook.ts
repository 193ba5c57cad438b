/**
 * Stripe's webhook events, each applied once (its id kept in stripe_events in the transaction that applies it):
 * - checkout.session.completed: a subscription bought (its current state applied, subscription-state.ts) or a
 *   one-shot paid (one-shot.ts);
 * - customer.subscription.*, invoice.paid, invoice.payment_failed: the subscription is read again from Stripe
 *   and its current state applied, so events twice or out of order end in Stripe's state.
 * Other events are acknowledged and kept as seen. A team is found by its Stripe customer; an event about a
 * customer no team has is acknowledged and changes nothing.
 */
import { eq } from "drizzle-orm";
import type { Deps, TeamRow } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { stripeEvents, teams } from "../db/tables";
import { lockTeam, transaction } from "../db/transaction";
import type { BillingChange } from "./changes";
import { applyOneShot } from "./one-shot";
import type { Stripe } from "./stripe-client";
import { applySubscription } from "./subscription-state";

export type EventOutcome = "applied" | "duplicate" | "ignored";

function idOf(ref: string | { id: string } | null | undefined): string | null {
  return typeof ref === "string" ? ref : (ref?.id ?? null);
}

/** The subscription an event is about, if any. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith("customer.subscription.")) return idOf(object.id as string);
  if (event.type === "checkout.session.completed") return idOf(object.subscription as string | null);
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    // Older API versions name it on the invoice, newer ones under parent.subscription_details.
    const parent = object.parent as { subscription_details?: { subscription?: string } } | null | undefined;
    return idOf((object.subscription as string | null) ?? parent?.subscription_details?.subscription ?? null);
  }
  return null;
}

function customerIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as { customer?: string | { id: string } | null };
  return idOf(object.customer ?? null);
}

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_failed",
]);

async function alreadyApplied(db: Db, id: string): Promise<boolean> {
  return (
    (await first(db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id)))) !==
    undefined
  );
}

export async function applyStripeEvent(
  deps: Pick<Deps, "db" | "clock" | "realtime" | "catalog" | "env">,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<{ outcome: EventOutcome; changes: BillingChange[] }> {
  const { db, clock } = deps;
  if (await alreadyApplied(db, event.id)) return { outcome: "duplicate", changes: [] };
  const customer = customerIdOf(event);
  const subscriptionId = HANDLED.has(event.type) ? subscriptionIdOf(event) : null;
  // Read from Stripe before the transaction: no network call while rows are locked.
  const subscription = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
  const owner = customer ?? idOf(subscription?.customer ?? null);

  return transaction(db, async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, appliedAt: clock().toISOString() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return { outcome: "duplicate" as const, changes: [] };
    if (!HANDLED.has(event.type) || !owner) return { outcome: "ignored" as const, changes: [] };
    const found = await first(
      tx.select({ id: teams.id }).from(teams).where(eq(teams.stripeCustomerId, owner)),
    );
    if (!found) return { outcome: "ignored" as const, changes: [] };
    await lockTeam(tx, found.id);
    const team = (await first(tx.select().from(teams).where(eq(teams.id, found.id)))) as TeamRow;
    const changes: BillingChange[] = [];
    if (subscription) changes.push(...(await applySubscription(tx, deps, team, subscription)));
    if (event.type === "checkout.session.completed") {
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.mode === "payment") changes.push(...(await applyOneShot(tx, deps, team, session)));
    }
    return { outcome: "applied" as const, changes };
  });
}

/**
 * Payments (decisions.md "Payments", issue 26), reachable by a frozen team (its way out of the 402):
 * - GET /billing: the billing page's data (billing/overview.ts); invoices only with team.billing.view_invoices.
 * - POST /billing/portal: a Stripe Customer Portal session's address, to change the card, cancel or switch plan.
 * - POST /billing/checkout/plan/{plan}/{period} {currency}: a Checkout Session's address (subscription).
 * - POST /billing/checkout/one-shot/{offer} {currency, name?, provider?, matched?, contest_id?}: a Checkout
 *   Session's address (payment); the quick import's fields are checked as the import call checks them.
 * Buying (a plan or a one-shot) needs team.subscription.upgrade_subscription (permissions.json: "change to a
 * higher plan or buy a one-shot").
 * Without STRIPE_SECRET_KEY the calls that reach Stripe answer 404 billingNotConfigured; a Stripe call that fails
 * answers 503 billingUnavailable. Buying needs a team that is not frozen (it pays what it owes first).
 */
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { holds } from "../auth/permissions";
import { checkoutUrl, type Purchase, portalUrl } from "../billing/checkout";
import { ensureCustomer } from "../billing/customer";
import { billingOverview } from "../billing/overview";
import { isCurrency, OFFERS } from "../billing/prices";
import { type Stripe, stripeClient } from "../billing/stripe-client";
import type { AppEnv } from "../context";
import { first } from "../db/query";
import { contests } from "../db/tables";
import { AppError } from "../errors";
import { authOf, requireNotFrozen, requirePermission, teamOf } from "../middleware/guards";
import { jsonBody, validationError } from "../validation";
import { readImport } from "./quickdraw";

function stripeOf(c: { get(key: "deps"): AppEnv["Variables"]["deps"] }): Stripe {
  const settings = c.get("deps").env.stripe;
  if (!settings) throw new AppError("billingNotConfigured");
  return stripeClient(settings);
}

/** A Stripe call: its failure is a 503 with nothing charged, never a 500. */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("billingUnavailable", { internal: `stripe: ${(err as Error).message}` });
  }
}

function currencyOf(c: Parameters<typeof validationError>[0], body: Record<string, unknown>) {
  if (!isCurrency(body.currency)) {
    throw validationError(c, { currency: [{ key: "validation.in", rule: "in" }] });
  }
  return body.currency;
}

export const billingRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const settings = c.get("deps").env.stripe;
    const { team, permissions } = teamOf(c);
    const stripe = settings ? stripeClient(settings) : null;
    const invoices = holds(permissions, "team.billing.view_invoices");
    return c.json(await viaStripe(() => billingOverview(stripe, team, invoices)));
  })
  .post(
    "/portal",
    requirePermission(
      "team.subscription.upgrade_subscription team.subscription.cancel_subscription team.billing.view_invoices",
    ),
    async (c) => {
      const stripe = stripeOf(c);
      const { db, env } = c.get("deps");
      const { team } = teamOf(c);
      const { user } = authOf(c);
      const url = await viaStripe(async () => {
        const customer = await ensureCustomer(db, stripe, team, user);
        return portalUrl(stripe, env.publicUrl, customer, user.locale);
      });
      return c.json({ url });
    },
  )
  .post(
    "/checkout/plan/:plan/:period",
    requireNotFrozen,
    requirePermission("team.subscription.upgrade_subscription"),
    async (c) => {
      const stripe = stripeOf(c);
      const period = c.req.param("period");
      if (period !== "monthly" && period !== "yearly") throw new AppError("notFound");
      const currency = currencyOf(c, await jsonBody(c));
      const purchase: Purchase = { kind: "plan", plan: c.req.param("plan"), period, currency };
      return c.json({ url: await buy(c, stripe, purchase) });
    },
  )
  .post(
    "/checkout/one-shot/:offer",
    requireNotFrozen,
    requirePermission("team.subscription.upgrade_subscription"),
    async (c) => {
      const offer = OFFERS.find(
        (o) => o.checkout_path === `/checkout-session/one-shot/${c.req.param("offer")}`,
      );
      if (!offer?.available) throw new AppError("notFound");
      const stripe = stripeOf(c);
      const body = await jsonBody(c);
      const currency = currencyOf(c, body);
      const purchase: Purchase = { kind: "offer", offer: offer.id, currency };
      if (offer.id === "quickDraw") {
        const { name, provider, matched } = body;
        const checked = readImport(c, { name, provider, matched, confirm: true });
        purchase.pendingImport = {
          name: checked.name,
          provider: checked.provider.name,
          matched: checked.matched,
        };
      } else {
        purchase.contestId = await draftForPayment(c, body.contest_id);
      }
      return c.json({ url: await buy(c, stripe, purchase) });
    },
  );

/** The contest-builder one-shot pays for a draft of the team saved for payment and not paid yet (else 422/404). */
async function draftForPayment(c: Parameters<typeof teamOf>[0], id: unknown): Promise<string> {
  if (typeof id !== "string" || id === "") {
    throw validationError(c, { contest_id: [{ key: "validation.required", rule: "required" }] });
  }
  const { db } = c.get("deps");
  const { team } = teamOf(c);
  const draft = await first(
    db
      .select({ id: contests.id })
      .from(contests)
      .where(
        and(
          eq(contests.id, id),
          eq(contests.teamId, team.id),
          eq(contests.forPayment, true),
          eq(contests.paidContest, false),
          isNull(contests.deletedAt),
        ),
      ),
  );
  if (!draft) throw new AppError("notFound", { message: "error.notFound.contest" });
  return draft.id;
}

async function buy(c: Parameters<typeof teamOf>[0], stripe: Stripe, purchase: Purchase): Promise<string> {
  const { db, env } = c.get("deps");
  const { team } = teamOf(c);
  const { user } = authOf(c);
  return viaStripe(() => checkoutUrl(db, stripe, env.publicUrl, team, user, purchase));
}

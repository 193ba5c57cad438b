import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freezeOverdueTeams } from "../../../api/billing/grace";
import { soldPrices } from "../../../api/billing/prices";
import type { Stripe } from "../../../api/billing/stripe-client";
import { stripeClient } from "../../../api/billing/stripe-client";
import { GRACE_DAYS } from "../../../api/billing/subscription-state";
import { syncBillingCatalog } from "../../../api/billing/sync";
import { first } from "../../../api/db/query";
import { activities, contests, notifications, stripeEvents, teams } from "../../../api/db/tables";
import { type Session, signIn } from "../../helpers/api-client";
import { StripeStandIn, standinStripeSettings } from "../../helpers/stripe-standin";
import { createTestApp, type TestApp } from "../../helpers/test-app";
import { addMember, currentTeamId } from "../../helpers/world";

const DAY = 86_400_000;
let standin: StripeStandIn;
let t: TestApp;
let now: Date;

beforeAll(async () => {
  standin = await new StripeStandIn().start();
  // Products and prices exist once for the whole file, as after one `npm run billing:sync`.
  await syncBillingCatalog(stripeClient(standinStripeSettings(standin)));
}, 60_000);
afterAll(async () => {
  await standin.stop();
});

beforeEach(async () => {
  standin.calls.length = 0;
  now = new Date("2026-03-02T09:00:00.000Z");
  standin.now = () => Math.floor(now.getTime() / 1000);
  t = await createTestApp({ env: { stripe: standinStripeSettings(standin) }, clock: () => now });
  standin.deliver = async (body, signature) =>
    (
      await t.app.request("/api/v1/webhooks/stripe", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      })
    ).status;
});
afterEach(async () => {
  await t.cleanup();
  expect(standin.problems).toEqual([]);
});

async function owner(): Promise<{ s: Session; teamId: string }> {
  const s = await signIn(t, "olive@brand.example", "Olive");
  return { s, teamId: await currentTeamId(t, s.userId) };
}

async function team(teamId: string) {
  const row = await first(t.db.select().from(teams).where(eq(teams.id, teamId)));
  if (!row) throw new Error("no team");
  return row;
}

async function billingChanges(teamId: string) {
  return (
    await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.teamId, teamId), eq(activities.type, "changeBilling")))
  ).map((a) => (a.meta as { billing: { change: string } }).billing.change);
}

/** Opens a checkout for the plan and pays it on the stand-in; answers the subscription's id. */
async function buyPlan(s: Session, plan = "advanced", period = "monthly", currency = "usd"): Promise<string> {
  const res = await s.call("POST", `/api/v1/billing/checkout/plan/${plan}/${period}`, { currency });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const sessionId = url.split("/pay/")[1] ?? "";
  const back = await standin.pay(sessionId);
  expect(back).toBe(`${t.env.publicUrl}/team/billing?checkout=success&session_id=${sessionId}`);
  return String(standin.sessions.get(sessionId)?.subscription);
}

describe("billing:sync", () => {
  it("makes every plan and offer price once: a second run creates nothing", async () => {
    const stripe = stripeClient(standinStripeSettings(standin));
    const before = standin.prices.size;
    expect(before).toBe(soldPrices().length);
    const again = await syncBillingCatalog(stripe);
    expect(again).toEqual({
      productsCreated: [],
      productsRenamed: [],
      pricesCreated: [],
      pricesReplaced: [],
      unchanged: soldPrices().length,
    });
    expect(standin.prices.size).toBe(before);
    const keys = [...standin.prices.values()].map((p) => p.lookup_key);
    expect(new Set(keys).size).toBe(keys.length);
    // Advanced in dollars, a year: the spec's 600.
    const yearly = [...standin.prices.values()].find(
      (p) => p.lookup_key === "fairdraw_plan_advanced_v1_yearly_usd",
    );
    expect(yearly?.unit_amount).toBe(60_000);
  });
});

describe("checkout", () => {
  it("opens a Checkout Session for the team's one Stripe customer, in the currency asked, with the way back", async () => {
    const { s, teamId } = await owner();
    const first = await s.call("POST", "/api/v1/billing/checkout/plan/advanced/monthly", { currency: "eur" });
    expect(first.status).toBe(200);
    const second = await s.call("POST", "/api/v1/billing/checkout/plan/professional/yearly", {
      currency: "jpy",
    });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toBe("offerNotSold");
    await s.call("POST", "/api/v1/billing/checkout/plan/hobbyist/yearly", { currency: "jpy" });
    expect(standin.customers.size).toBe(1);
    const customer = [...standin.customers.values()][0];
    expect((await team(teamId)).stripeCustomerId).toBe(customer?.id);
    const sessions = standin.calls.filter((c) => c.template === "/v1/checkout/sessions");
    expect(sessions).toHaveLength(2);
    expect(sessions[0]?.params).toMatchObject({
      mode: "subscription",
      customer: customer?.id,
      cancel_url: `${t.env.publicUrl}/team/subscription?checkout=canceled`,
      metadata: { fairdraw_team: teamId, fairdraw_plan: "advanced", fairdraw_period: "monthly" },
    });
    const price = standin.prices.get(
      (sessions[1]?.params.line_items as { price: string }[] | undefined)?.[0]?.price ?? "",
    );
    expect(price).toMatchObject({
      currency: "jpy",
      unit_amount: 15_000,
      lookup_key: "fairdraw_plan_hobbyist_v1_yearly_jpy",
    });
    // Nothing is bought by opening a checkout.
    expect((await team(teamId)).plan).toBe("basic");
  });

  it("refuses a currency it does not sell in (422), a plan that does not exist (404) and a member without the right (403)", async () => {
    const { s, teamId } = await owner();
    const bad = await s.call("POST", "/api/v1/billing/checkout/plan/advanced/monthly", { currency: "gbp" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.currency).toBeDefined();
    expect(
      (await s.call("POST", "/api/v1/billing/checkout/plan/gold/monthly", { currency: "eur" })).status,
    ).toBe(404);
    expect(
      (await s.call("POST", "/api/v1/billing/checkout/plan/advanced/weekly", { currency: "eur" })).status,
    ).toBe(404);
    const maya = await signIn(t, "maya@brand.example", "Maya");
    await addMember(t, teamId, maya, { "team.subscription.upgrade_subscription": false });
    const member = await signIn(t, "maya@brand.example", "Maya");
    const refused = await member.call("POST", "/api/v1/billing/checkout/plan/advanced/monthly", {
      currency: "eur",
    });
    expect(refused.status).toBe(403);
    expect(standin.calls.filter((c) => c.template === "/v1/checkout/sessions")).toHaveLength(0);
  });

  it("answers 503 with nothing charged when Stripe cannot be reached", async () => {
    const { s } = await owner();
    await t.cleanup();
    t = await createTestApp({
      env: { stripe: { ...standinStripeSettings(standin), port: 9 } },
      clock: () => now,
    });
    const again = await signIn(t, "olive@brand.example", "Olive");
    const res = await again.call("POST", "/api/v1/billing/checkout/plan/advanced/monthly", {
      currency: "eur",
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe("billingUnavailable");
    void s;
    // The billing page still answers what is ours.
    await t.db.update(teams).set({ stripeCustomerId: "cus_unreachable" });
    const page = await again.call("GET", "/api/v1/billing");
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ plan: "basic", invoices: [], invoices_unavailable: true });
  }, 60_000);
});

describe("a plan bought", () => {
  it("moves the plan, period and quotas only when the signed webhooks say it is paid, and tells the owner", async () => {
    const { s, teamId } = await owner();
    await buyPlan(s, "advanced", "yearly", "usd");
    const row = await team(teamId);
    expect(row.plan).toBe("advanced");
    expect(row.subscription).toMatchObject({ period: "yearly" });
    const me = (await (await s.call("GET", "/api/v1/users/me")).json()) as {
      currentTeam: { plan: string; quotas: Record<string, number> };
    };
    // Advanced quotas (5 drafts, 4 imports, 2 contests, 10 winners), doubled when billed yearly.
    expect(me.currentTeam.plan).toBe("advanced");
    expect(me.currentTeam.quotas).toMatchObject({ drafts: 10, imports: 8, contests: 4, winners: 20 });
    expect(await billingChanges(teamId)).toEqual(["planChanged"]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, s.userId));
    expect(told.map((n) => (n.content as { key: string }).key)).toContain("billingChanged");

    const page = (await (await s.call("GET", "/api/v1/billing")).json()) as Record<string, unknown>;
    expect(page).toMatchObject({
      configured: true,
      plan: "advanced",
      period: "yearly",
      status: "active",
      next_invoice: { amount: 60_000, currency: "usd" },
      payment_due_at: null,
      frozen_limit_date: null,
    });
    const invoices = page.invoices as { hosted_invoice_url: string; total: number; status: string }[];
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ total: 60_000, status: "paid" });
    expect(invoices[0]?.hosted_invoice_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invoice\/in_/);
  });

  it("sends a team that already pays to the Customer Portal to change plan, instead of a second subscription", async () => {
    const { s } = await owner();
    const subscriptions = standin.subscriptions.size;
    await buyPlan(s);
    const res = await s.call("POST", "/api/v1/billing/checkout/plan/professional/monthly", {
      currency: "usd",
    });
    expect(((await res.json()) as { url: string }).url).toContain("/portal/");
    const portal = await s.call("POST", "/api/v1/billing/portal");
    const { url } = (await portal.json()) as { url: string };
    expect(url).toContain(encodeURIComponent(`${t.env.publicUrl}/team/billing`));
    expect(standin.subscriptions.size).toBe(subscriptions + 1);
  });

  it("applies an event delivered twice once", async () => {
    const { s, teamId } = await owner();
    await buyPlan(s);
    const before = await billingChanges(teamId);
    for (const event of standin.sent.slice(-3)) expect(await standin.deliverEvent(event)).toBe(200);
    expect(await billingChanges(teamId)).toEqual(before);
    const stored = await t.db.select().from(stripeEvents);
    expect(stored).toHaveLength(3);
  });

  it("ends in Stripe's state when events come out of order", async () => {
    const { s, teamId } = await owner();
    const subId = await buyPlan(s);
    // A renewal fails, then is paid; the app hears the payment first and the failure last.
    const held: string[] = [];
    const deliver = standin.deliver;
    standin.deliver = async (body) => {
      held.push(body);
      return 200;
    };
    await standin.failRenewal(subId);
    await standin.payOpenInvoice(subId);
    standin.deliver = deliver;
    for (const body of held.reverse())
      expect(await standin.deliverEvent(JSON.parse(body) as Stripe.Event)).toBe(200);
    const row = await team(teamId);
    expect(row.plan).toBe("advanced");
    expect(row.paymentDueAt).toBeNull();
    expect(row.frozenLimitDate).toBeNull();
    expect(await billingChanges(teamId)).toEqual(["planChanged"]);

    // The end of the subscription, then its creation heard again late: the team stays on basic.
    const [deleted] = await standin.cancel(subId);
    expect(deleted).toBeDefined();
    const created = standin.sent.find((e) => e.type === "customer.subscription.created");
    await standin.deliverEvent({ ...(created as Stripe.Event), id: "evt_late_copy" });
    expect((await team(teamId)).plan).toBe("basic");
  });

  it("refuses a forged or unsigned delivery with 400 and changes nothing", async () => {
    const { s, teamId } = await owner();
    const held: Stripe.Event[] = [];
    const deliver = standin.deliver;
    standin.deliver = async (body) => {
      held.push(JSON.parse(body) as Stripe.Event);
      return 200;
    };
    await buyPlan(s);
    standin.deliver = deliver;
    for (const event of held) {
      expect(await standin.deliverEvent(event, "whsec_someone_else")).toBe(400);
      const unsigned = await t.app.request("/api/v1/webhooks/stripe", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(event),
      });
      expect(unsigned.status).toBe(400);
    }
    // A body changed after signing.
    const body = JSON.stringify(held[0]);
    const tampered = await t.app.request("/api/v1/webhooks/stripe", {
      method: "POST",
      headers: {
        "stripe-signature": new (await import("stripe")).default("sk_x").webhooks.generateTestHeaderString({
          payload: body,
          secret: "whsec_fairdraw_standin",
          timestamp: Math.floor(now.getTime() / 1000),
        }),
      },
      body: body.replace("advanced", "business"),
    });
    expect(tampered.status).toBe(400);
    expect((await team(teamId)).plan).toBe("basic");
    expect(await t.db.select().from(stripeEvents)).toHaveLength(0);
    // The real deliveries still apply afterwards.
    for (const event of held) expect(await standin.deliverEvent(event)).toBe(200);
    expect((await team(teamId)).plan).toBe("advanced");
  });
});

describe("a failed payment", () => {
  it("gives a grace period, then freezes the team (402) until the payment, which unfreezes it", async () => {
    const { s, teamId } = await owner();
    const subId = await buyPlan(s);
    await standin.failRenewal(subId);
    let row = await team(teamId);
    expect(row.paymentDueAt).toBe(new Date(now.getTime() + GRACE_DAYS * DAY).toISOString());
    expect(row.frozenLimitDate).toBeNull();
    expect((await s.call("GET", "/api/v1/teams/current/contests/list")).status).toBe(200);
    const owing = (await (await s.call("GET", "/api/v1/billing")).json()) as Record<string, unknown>;
    expect(owing).toMatchObject({ status: "past_due", next_invoice: null, payment_due_at: row.paymentDueAt });
    expect((owing.invoices as { status: string }[]).map((i) => i.status)).toEqual(["open", "paid"]);

    now = new Date(now.getTime() + GRACE_DAYS * DAY - 60_000);
    expect(await freezeOverdueTeams(t.deps)).toEqual([]);
    now = new Date(now.getTime() + 120_000);
    expect(await freezeOverdueTeams(t.deps)).toEqual([teamId]);
    row = await team(teamId);
    expect(row.frozenLimitDate).not.toBeNull();
    const blocked = await s.call("GET", "/api/v1/teams/current/contests/list");
    expect(blocked.status).toBe(402);
    // The billing page and the portal stay open to a frozen team: its way to pay.
    const page = (await (await s.call("GET", "/api/v1/billing")).json()) as Record<string, unknown>;
    expect(page.frozen_limit_date).toBe(row.frozenLimitDate);
    expect((await s.call("POST", "/api/v1/billing/portal")).status).toBe(200);
    // Buying something else is not the way out.
    expect(
      (await s.call("POST", "/api/v1/billing/checkout/one-shot/quickdraw", { currency: "eur" })).status,
    ).toBe(402);

    await standin.payOpenInvoice(subId);
    row = await team(teamId);
    expect(row.frozenLimitDate).toBeNull();
    expect(row.paymentDueAt).toBeNull();
    expect((await s.call("GET", "/api/v1/teams/current/contests/list")).status).toBe(200);
    expect(await billingChanges(teamId)).toEqual(["planChanged", "paymentFailed", "frozen", "paid"]);
  });

  it("freezes at once when Stripe gives up retrying, and a cancellation returns the team to the basic plan", async () => {
    const { s, teamId } = await owner();
    const subId = await buyPlan(s);
    await standin.failRenewal(subId);
    await standin.giveUpRetries(subId);
    expect((await team(teamId)).frozenLimitDate).not.toBeNull();
    await standin.cancel(subId);
    const row = await team(teamId);
    expect(row).toMatchObject({ plan: "basic", frozenLimitDate: null, paymentDueAt: null, billing: null });
    expect(await billingChanges(teamId)).toEqual(["planChanged", "paymentFailed", "frozen", "canceled"]);
  });
});

describe("a one-shot bought", () => {
  it("completes the quick import chosen before paying, once, as a paid contest", async () => {
    const { s, teamId } = await owner();
    const matched = "https://x.com/fairdraw/status/1790000000000000000";
    // The basic plan has no imports: the import call sends the person to buy one.
    const refused = await s.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "twitter",
      matched,
      confirm: true,
      name: "Spring draw",
    });
    expect(refused.status).toBe(403);
    const res = await s.call("POST", "/api/v1/billing/checkout/one-shot/quickdraw", {
      currency: "eur",
      provider: "twitter",
      matched,
      name: "Spring draw",
    });
    expect(res.status).toBe(200);
    const sessionId = ((await res.json()) as { url: string }).url.split("/pay/")[1] ?? "";
    expect(standin.sessions.get(sessionId)).toMatchObject({
      mode: "payment",
      amount_total: 1900,
      currency: "eur",
    });
    expect(await t.db.select().from(contests).where(eq(contests.teamId, teamId))).toHaveLength(0);
    await standin.pay(sessionId);
    const made = await t.db.select().from(contests).where(eq(contests.teamId, teamId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      name: "Spring draw",
      type: "classic",
      paidContest: true,
      createdBy: s.userId,
    });
    // Delivered again: still one contest.
    for (const event of standin.sent.slice(-1)) expect(await standin.deliverEvent(event)).toBe(200);
    expect(await t.db.select().from(contests).where(eq(contests.teamId, teamId))).toHaveLength(1);
    expect(await billingChanges(teamId)).toEqual(["oneShotBought"]);
    expect((await team(teamId)).plan).toBe("basic");
  });

  it("checks the quick import before taking a payment for it (422)", async () => {
    const { s } = await owner();
    const res = await s.call("POST", "/api/v1/billing/checkout/one-shot/quickdraw", {
      currency: "eur",
      provider: "twitter",
      matched: "not a link",
      name: "Spring draw",
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.matched).toBeDefined();
    expect(standin.calls.filter((c) => c.template === "/v1/checkout/sessions")).toHaveLength(0);
  });
});

describe("a contest-builder one-shot bought", () => {
  it("makes the team's draft saved for payment a paid contest, and refuses another team's draft (404)", async () => {
    const { s, teamId } = await owner();
    const at = now.toISOString();
    const draft = { teamId, status: "draft", forPayment: true, createdAt: at, updatedAt: at };
    await t.db.insert(contests).values({ ...draft, id: "draft-own", name: "Summer" });
    const other = await signIn(t, "noah@other.example", "Noah");
    const otherTeam = await currentTeamId(t, other.userId);
    await t.db.insert(contests).values({ ...draft, teamId: otherTeam, id: "draft-other", name: "Not yours" });

    const path = "/api/v1/billing/checkout/one-shot/contestbuilder";
    expect((await s.call("POST", path, { currency: "eur", contest_id: "draft-other" })).status).toBe(404);
    expect((await s.call("POST", path, { currency: "eur" })).status).toBe(422);
    const res = await s.call("POST", path, { currency: "eur", contest_id: "draft-own" });
    expect(res.status).toBe(200);
    const sessionId = ((await res.json()) as { url: string }).url.split("/pay/")[1] ?? "";
    expect(await standin.pay(sessionId)).toBe(`${t.env.publicUrl}/team/one-shot/draft-own?checkout=success`);
    const paid = await first(t.db.select().from(contests).where(eq(contests.id, "draft-own")));
    expect(paid?.paidContest).toBe(true);
    const untouched = await first(t.db.select().from(contests).where(eq(contests.id, "draft-other")));
    expect(untouched?.paidContest).toBe(false);
    expect(await billingChanges(teamId)).toEqual(["oneShotBought"]);
    // Paid already: not sold twice.
    expect((await s.call("POST", path, { currency: "eur", contest_id: "draft-own" })).status).toBe(404);
  });
});

describe("without Stripe", () => {
  it("answers billing not configured, takes no webhook, and the billing page says so", async () => {
    await t.cleanup();
    t = await createTestApp({ clock: () => now });
    const s = await signIn(t, "olive@brand.example", "Olive");
    const res = await s.call("POST", "/api/v1/billing/checkout/plan/advanced/monthly", { currency: "eur" });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe("billingNotConfigured");
    const page = (await (await s.call("GET", "/api/v1/billing")).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ configured: false, plan: "basic", invoices: [], next_invoice: null });
    const hook = await t.app.request("/api/v1/webhooks/stripe", { method: "POST", body: "{}" });
    expect(hook.status).toBe(404);
  });
});

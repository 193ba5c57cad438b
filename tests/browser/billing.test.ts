/**
 * Payments in Chromium against the real server, its Stripe SDK pointed at the stand-in (tests/helpers/
 * stripe-standin.ts, checked against Stripe's published description): a free team chooses a plan on the
 * subscription page, pays on the stand-in's hosted checkout page, and is back on its billing page with the new
 * plan, quotas and invoice, moved only by the signed webhooks (both pages pass axe); then it buys a one-shot
 * quick draw whose import is made once paid.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeClient } from "../../api/billing/stripe-client";
import { syncBillingCatalog } from "../../api/billing/sync";
import { launchChromium } from "../helpers/chromium";
import { freePort } from "../helpers/free-port";
import { startTestServer } from "../helpers/server";
import { StripeStandIn, standinStripeSettings } from "../helpers/stripe-standin";
import { type ApiCall, signInDemo } from "./builder-helpers";
import { seriousViolations } from "./route-tour";

let standin: StripeStandIn;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let call: ApiCall;
const pageErrors: string[] = [];
const webhooks: number[] = [];

beforeAll(async () => {
  standin = await new StripeStandIn().start();
  const stripe = standinStripeSettings(standin);
  await syncBillingCatalog(stripeClient(stripe));
  // Stripe sends the browser back to PUBLIC_URL: the server's own address, so a free port chosen first.
  const port = await freePort();
  server = await startTestServer({ env: { stripe, port, publicUrl: `http://127.0.0.1:${port}` } });
  standin.deliver = async (body, signature) => {
    const res = await fetch(`${server.url}/api/v1/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
    webhooks.push(res.status);
    return res.status;
  };
  browser = await launchChromium();
  call = await signInDemo(server.url, browser.context);
  // A new team of the demo owner: the free plan, the one that buys.
  const made = await call("POST", "/teams", { name: "Spring brand" });
  expect(made.status).toBe(201);
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standin?.stop();
});

async function currentTeam() {
  return (await (await call("GET", "/users/me")).json()).currentTeam as {
    plan: string;
    quotas: Record<string, number>;
    subscription: { yearly: boolean } | null;
  };
}

describe("buying with Stripe", () => {
  it("a plan: chosen on the subscription page, paid on Stripe's checkout, back with the new plan and quotas", async () => {
    await page.goto(`${server.url}/team/subscription`);
    await page.getByRole("heading", { name: "Your plan: Basic" }).waitFor();
    await page.getByRole("heading", { name: "Run your first contest" }).waitFor();
    await page.getByLabel("Currency").selectOption("eur");
    await page.locator('[data-plan="advanced"]').getByRole("link", { name: "Choose Advanced" }).click();

    // The stand-in's hosted checkout: the synced price of the plan in euros.
    await page.waitForURL((url) => url.origin === standin.url && url.pathname.startsWith("/pay/"));
    expect(await page.locator("#item").textContent()).toBe("Fairdraw Advanced");
    expect(await page.locator("#amount").textContent()).toBe("4900 eur / month");
    expect((await currentTeam()).plan).toBe("basic");
    await page.getByRole("button", { name: "Pay" }).click();

    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/team/billing");
    await page.getByRole("heading", { name: "Advanced plan, billed monthly" }).waitFor();
    const invoice = page.getByRole("link", { name: /^View invoice FD-/ });
    await invoice.waitFor();
    expect(await invoice.getAttribute("href")).toMatch(new RegExp(`^${standin.url}/invoice/in_`));
    expect(await page.getByText("Next invoice").locator("xpath=..").textContent()).toContain("49 €");

    const team = await currentTeam();
    expect(team.plan).toBe("advanced");
    expect(team.quotas).toMatchObject({ drafts: 5, imports: 4, contests: 2, winners: 10 });
    expect(webhooks.length).toBeGreaterThanOrEqual(3);
    expect(webhooks.every((s) => s === 200)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The subscription page now names Advanced first and sends a change of plan to the portal.
    await page.goto(`${server.url}/team/subscription`);
    await page.getByRole("heading", { name: "Your plan: Advanced" }).waitFor();
    expect(await page.locator('[data-plan="hobbyist"]').getByRole("link").textContent()).toBe(
      "Switch down to Hobbyist",
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(standin.problems).toEqual([]);
  }, 120_000);

  it("a one-shot quick draw: paid on Stripe's checkout, its import made once the payment is confirmed", async () => {
    const query = new URLSearchParams({
      name: "Spring giveaway",
      provider: "twitter",
      matched: "https://x.com/fairdraw/status/1790000000000000001",
    });
    await page.goto(`${server.url}/checkout-session/one-shot/quickdraw?${query}`);
    await page.waitForURL((url) => url.origin === standin.url && url.pathname.startsWith("/pay/"));
    expect(await page.locator("#item").textContent()).toBe("Fairdraw Quick draw one-shot");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/team/billing");
    await page.getByRole("status").filter({ hasText: "Thank you." }).waitFor();

    const list = await (await call("GET", "/teams/current/contests/list")).json();
    const imported = (list.data as { name: string; type: string }[]).filter(
      (c) => c.name === "Spring giveaway",
    );
    expect(imported).toHaveLength(1);
    expect(imported[0]?.type).toBe("classic");
    expect(pageErrors).toEqual([]);
    expect(standin.problems).toEqual([]);
  }, 120_000);
});

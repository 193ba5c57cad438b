import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../web/src/i18n/activate";
import CheckoutPage from "../../web/src/pages/checkout/CheckoutPage";
import { checkoutItem, safeHttpUrl } from "../../web/src/pages/checkout/checkout";
import { error, json } from "../../web/src/testing/fake-api";
import { Providers } from "../../web/src/testing/Providers";
import { mockApi } from "./mock-api";

const left = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock("../../web/src/team/billing", async (original) => ({
  ...(await original<typeof import("../../web/src/team/billing")>()),
  leaveFor: (url: string) => left.urls.push(url),
}));
beforeEach(() => {
  left.urls.length = 0;
});

beforeAll(() => activateLocale("en"));

function renderAt(path: string, configured = false) {
  mockApi({ "GET /billing": json({ configured, plan: "basic", invoices: [], next_invoice: null }) });
  return render(
    <Providers path={path} route="/checkout-session/*">
      <CheckoutPage />
    </Providers>,
  );
}

const offerValue = () => screen.getByText("Offer").nextElementSibling?.textContent;
const priceValue = () => screen.getByText("Price").nextElementSibling?.textContent;

/** The page asks the server whether billing is configured before it says anything. */
const settled = () => screen.findByRole("heading", { level: 1, name: "Billing is not configured" });

describe("the checkout page without a billing driver", () => {
  it("says billing is not configured and names the plan, its period and its price", async () => {
    renderAt("/checkout-session/plan/advanced/monthly");
    await settled();
    expect(screen.getByRole("heading", { level: 1, name: "Billing is not configured" })).toBeTruthy();
    expect(offerValue()).toBe("The Advanced plan, monthly");
    expect(priceValue()).toBe("$ 60 a month");
    expect(screen.getByText("For the team").nextElementSibling?.textContent).toBe("Demo team");
    expect(document.title).toBe("Checkout • Fairdraw");
  });

  it("keeps the currency chosen on the plans page (EUR stays euros)", async () => {
    renderAt("/checkout-session/plan/hobbyist/monthly?currency=eur");
    await settled();
    expect(priceValue()).toBe("9 € a month");
  });

  it("falls back to the language's currency when the address names none it knows", async () => {
    renderAt("/checkout-session/plan/hobbyist/monthly?currency=xyz");
    await settled();
    expect(priceValue()).toBe("$ 12 a month");
  });

  it("writes a yearly price billed yearly as the plan file gives it", async () => {
    renderAt("/checkout-session/plan/professional/yearly");
    await settled();
    expect(offerValue()).toBe("The Professional plan, yearly");
    expect(priceValue()).toBe("$ 1,200 a year");
  });

  it("names the quick draw one-shot and the import waiting for it", async () => {
    const query = new URLSearchParams({
      name: "Summer giveaway",
      provider: "twitter",
      matched: "https://x.com/fairdraw/status/1790",
    });
    renderAt(`/checkout-session/one-shot/quickdraw?${query}`);
    await settled();
    expect(offerValue()).toBe("Quick draw one-shot");
    expect(priceValue()).toBe("$ 22");
    expect(screen.getByText("Summer giveaway")).toBeTruthy();
    expect(screen.getByRole("link", { name: "https://x.com/fairdraw/status/1790" })).toBeTruthy();
  });

  it("offers contact and back", async () => {
    renderAt("/checkout-session/plan/business/monthly");
    await settled();
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/team/subscription",
    );
    fireEvent.click(screen.getByRole("button", { name: "Contact us" }));
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it.each([
    "/checkout-session/plan/gold/monthly",
    "/checkout-session/plan/advanced/weekly",
    "/checkout-session/one-shot/nothing",
    "/checkout-session/",
  ])("answers %s, which names nothing on sale, with the 404 page", (path) => {
    renderAt(path);
    expect(screen.getByRole("heading", { level: 1, name: "This page could not be found" })).toBeTruthy();
  });
});

describe("the checkout page with Stripe", () => {
  it("sends the person to Stripe's checkout for the plan, in the currency they saw", async () => {
    const api = mockApi({
      "GET /billing": json({ configured: true, plan: "basic", invoices: [], next_invoice: null }),
      "POST /billing/checkout/plan/advanced/yearly": json({ url: "https://checkout.stripe.test/c/pay/cs_1" }),
    });
    render(
      <Providers path="/checkout-session/plan/advanced/yearly?currency=eur" route="/checkout-session/*">
        <CheckoutPage />
      </Providers>,
    );
    expect(screen.getByText("Taking you to the secure payment page…")).toBeTruthy();
    await waitFor(() => expect(left.urls).toEqual(["https://checkout.stripe.test/c/pay/cs_1"]));
    expect(api.to("POST /billing/checkout/plan/advanced/yearly")[0]?.body).toEqual({ currency: "eur" });
  });

  it("passes the quick import on with the one-shot, and stays with the server's words when it is refused", async () => {
    const api = mockApi({
      "GET /billing": json({ configured: true, plan: "basic", invoices: [], next_invoice: null }),
      "POST /billing/checkout/one-shot/quickdraw": error(
        503,
        "billingUnavailable",
        "The payment service did not answer. Nothing was charged; try again later.",
      ),
    });
    const query = new URLSearchParams({
      name: "Spring",
      provider: "twitter",
      matched: "https://x.com/a/status/1",
    });
    render(
      <Providers path={`/checkout-session/one-shot/quickdraw?${query}`} route="/checkout-session/*">
        <CheckoutPage />
      </Providers>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The payment service did not answer.");
    expect(api.to("POST /billing/checkout/one-shot/quickdraw")[0]?.body).toEqual({
      currency: "usd",
      name: "Spring",
      provider: "twitter",
      matched: "https://x.com/a/status/1",
    });
    expect(left.urls).toEqual([]);
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
  });
});

describe("checkout addresses", () => {
  it("read the plan and period, or the offer and its pending import", () => {
    expect(checkoutItem("plan/hobbyist/yearly", new URLSearchParams())).toMatchObject({
      kind: "plan",
      plan: { id: "hobbyist" },
      period: "yearly",
    });
    expect(checkoutItem("one-shot/contestbuilder", new URLSearchParams())).toMatchObject({
      kind: "offer",
      offer: { id: "contestBuilder" },
      pendingImport: null,
    });
  });

  it("link a matched post only when it is a web address", () => {
    expect(safeHttpUrl("https://x.com/a/status/1")).toBe("https://x.com/a/status/1");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("not a url")).toBeNull();
  });
});

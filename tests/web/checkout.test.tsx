import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../web/src/i18n/activate";
import CheckoutPage from "../../web/src/pages/checkout/CheckoutPage";
import { checkoutItem, safeHttpUrl } from "../../web/src/pages/checkout/checkout";
import { Providers } from "../../web/src/testing/Providers";

beforeAll(() => activateLocale("en"));

function renderAt(path: string) {
  return render(
    <Providers path={path} route="/checkout-session/*">
      <CheckoutPage />
    </Providers>,
  );
}

const offerValue = () => screen.getByText("Offer").nextElementSibling?.textContent;
const priceValue = () => screen.getByText("Price").nextElementSibling?.textContent;

describe("the checkout page without a billing driver", () => {
  it("says billing is not configured and names the plan, its period and its price", () => {
    renderAt("/checkout-session/plan/advanced/monthly");
    expect(screen.getByRole("heading", { level: 1, name: "Billing is not configured" })).toBeTruthy();
    expect(offerValue()).toBe("The Advanced plan, monthly");
    expect(priceValue()).toBe("$ 60 a month");
    expect(screen.getByText("For the team").nextElementSibling?.textContent).toBe("Demo team");
    expect(document.title).toBe("Checkout • Fairdraw");
  });

  it("keeps the currency chosen on the plans page (EUR stays euros)", () => {
    renderAt("/checkout-session/plan/hobbyist/monthly?currency=eur");
    expect(priceValue()).toBe("9 € a month");
  });

  it("falls back to the language's currency when the address names none it knows", () => {
    renderAt("/checkout-session/plan/hobbyist/monthly?currency=xyz");
    expect(priceValue()).toBe("$ 12 a month");
  });

  it("writes a yearly price billed yearly as the plan file gives it", () => {
    renderAt("/checkout-session/plan/professional/yearly");
    expect(offerValue()).toBe("The Professional plan, yearly");
    expect(priceValue()).toBe("$ 1,200 a year");
  });

  it("names the quick draw one-shot and the import waiting for it", () => {
    const query = new URLSearchParams({
      name: "Summer giveaway",
      provider: "twitter",
      matched: "https://x.com/fairdraw/status/1790",
    });
    renderAt(`/checkout-session/one-shot/quickdraw?${query}`);
    expect(offerValue()).toBe("Quick draw one-shot");
    expect(priceValue()).toBe("The price is not set yet");
    expect(screen.getByText("Summer giveaway")).toBeTruthy();
    expect(screen.getByRole("link", { name: "https://x.com/fairdraw/status/1790" })).toBeTruthy();
  });

  it("offers contact and back", () => {
    renderAt("/checkout-session/plan/business/monthly");
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

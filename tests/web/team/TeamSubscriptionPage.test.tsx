import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import TeamSubscriptionPage from "../../../web/src/pages/team/TeamSubscriptionPage";
import { defaultCurrency, periodQuotas, planById, planCost, plansOnOffer } from "../../../web/src/team/plans";
import { userWith } from "../../../web/src/testing/fixtures";
import { renderShell } from "../shell/render";

beforeAll(() => activateLocale("en"));

function plan(id: string) {
  const found = planById(id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

const card = (id: string) => document.querySelector(`[data-plan="${id}"]`) as HTMLElement;
const price = (id: string) =>
  card(id).querySelector(".team-plan-price")?.textContent?.replace(/\s+/g, " ").trim();

describe("plan prices", () => {
  it("reads a yearly figure below the monthly one as a price per month billed yearly", () => {
    expect(planCost(plan("advanced"), "eur", "yearly")).toEqual({
      kind: "price",
      amount: 490,
      per: "year",
      billedYearly: true,
    });
    expect(planCost(plan("business"), "eur", "yearly")).toEqual({
      kind: "price",
      amount: 800,
      per: "month",
      billedYearly: true,
    });
  });

  it("has no public price for enterprise and none where a currency has no figure", () => {
    expect(planCost(plan("enterprise"), "eur", "monthly")).toEqual({ kind: "on_request" });
    expect(planCost(plan("advanced"), "jpy", "monthly")).toEqual({ kind: "unavailable" });
    expect(planCost(plan("basic"), "sar", "yearly")).toEqual({ kind: "free" });
  });

  it("doubles the quotas of a yearly subscription", () => {
    expect(periodQuotas(plan("professional").quotas, "yearly").members).toBe(4);
    expect(periodQuotas(plan("professional").quotas, "monthly").members).toBe(2);
  });

  it("lists the plans on sale and the team's legacy plan", () => {
    expect(plansOnOffer("business").map((p) => p.id)).toEqual([
      "basic",
      "hobbyist",
      "advanced",
      "professional",
      "business",
      "enterprise",
    ]);
    expect(plansOnOffer("premium").map((p) => p.id)).toContain("premium");
  });

  it("picks the currency from the interface language", () => {
    expect(defaultCurrency("ja")).toBe("jpy");
    expect(defaultCurrency("ar")).toBe("sar");
    expect(defaultCurrency("fr")).toBe("eur");
  });
});

describe("TeamSubscriptionPage", () => {
  it("shows each plan's price in the chosen currency and period", () => {
    renderShell(<TeamSubscriptionPage />, { path: "/team/subscription" });
    const currency = screen.getByLabelText("Currency");

    fireEvent.change(currency, { target: { value: "eur" } });
    expect(price("hobbyist")).toBe("9 € per month");
    expect(price("enterprise")).toBe("On request");
    expect(price("basic")).toBe("Free");

    fireEvent.change(currency, { target: { value: "usd" } });
    expect(price("hobbyist")).toBe("$ 12 per month");
    expect(price("advanced")).toBe("$ 60 per month");

    fireEvent.change(currency, { target: { value: "jpy" } });
    expect(price("hobbyist")).toBe("¥ 1,500 per month");
    expect(price("advanced")).toBe("Not sold in this currency");

    fireEvent.change(currency, { target: { value: "sar" } });
    expect(price("hobbyist")).toBe("60 SAR per month");

    fireEvent.click(screen.getByRole("radio", { name: "Yearly" }));
    fireEvent.change(currency, { target: { value: "eur" } });
    expect(price("advanced")).toBe("490 € per year");
    expect(price("business")).toBe("800 € per month, billed yearly");
    expect(screen.getByText("Billed yearly, every quota is doubled.")).toBeTruthy();
  });

  it("marks the best offer and the current plan and links the others to their checkout", () => {
    renderShell(<TeamSubscriptionPage />, { path: "/team/subscription" });
    expect(within(card("advanced")).getByText("Best offer")).toBeTruthy();
    expect(within(card("business")).getByText("Current plan")).toBeTruthy();
    expect(within(card("business")).queryByRole("link")).toBeNull();
    // Below the business plan: a quiet link, never the main action.
    const lower = within(card("professional")).getByRole("link", { name: "Switch down to Professional" });
    expect(lower.getAttribute("href")).toBe("/checkout-session/plan/professional/monthly?currency=usd");
    expect(lower.className).not.toContain("button");
    fireEvent.click(screen.getByRole("radio", { name: "Yearly" }));
    expect(within(card("advanced")).getByRole("link").getAttribute("href")).toBe(
      "/checkout-session/plan/advanced/yearly?currency=usd",
    );
    expect(within(card("enterprise")).getByRole("button", { name: "Contact us" })).toBeTruthy();
  });

  it("carries the chosen currency to the checkout link", () => {
    renderShell(<TeamSubscriptionPage />, { path: "/team/subscription" });
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "eur" } });
    expect(within(card("hobbyist")).getByRole("link").getAttribute("href")).toBe(
      "/checkout-session/plan/hobbyist/monthly?currency=eur",
    );
  });

  it("names the features of each plan after the features catalogue", () => {
    renderShell(<TeamSubscriptionPage />, { path: "/team/subscription" });
    const row = screen.getByRole("rowheader", { name: "Test draws" }).closest("tr") as HTMLElement;
    const cells = within(row).getAllByRole("cell");
    // basic, hobbyist, advanced, professional, business, enterprise
    expect(cells.map((c) => c.querySelector("[aria-label]")?.getAttribute("aria-label"))).toEqual([
      "Not included",
      "Included",
      "Included",
      "Included",
      "Included",
      "Included",
    ]);
  });

  it("names the current plan first and says what each other plan adds or removes against it", () => {
    const hobbyist = userWith((u) => {
      u.currentTeam.plan = "hobbyist";
      u.currentTeam.subscription = { yearly: false, support: null };
    });
    renderShell(<TeamSubscriptionPage />, { user: hobbyist, path: "/team/subscription" });
    expect(screen.getAllByRole("heading", { level: 2 })[0]?.textContent).toBe("Your plan: Hobbyist");
    const advanced = within(card("advanced")).getByRole("list", { name: "Compared with your plan" });
    const lines = within(advanced)
      .getAllByRole("listitem")
      .map((li) => [li.className, li.textContent]);
    expect(lines).toContainEqual(["plan-diff-more", "Contest builder"]);
    expect(lines).toContainEqual(["plan-diff-more", "8 more features"]);
    const drafts = within(card("advanced")).getByText("Drafts").nextElementSibling as HTMLElement;
    expect(drafts.textContent).toBe("5");
    expect(within(drafts).getByRole("img", { name: "More than your plan (1)" })).toBeTruthy();
    const imports = within(card("basic")).getByText("Imports per month").nextElementSibling as HTMLElement;
    expect(within(imports).getByRole("img", { name: "Less than your plan (2)" })).toBeTruthy();
    const basic = within(card("basic")).getByRole("list", { name: "Compared with your plan" });
    expect(
      within(basic)
        .getAllByRole("listitem")
        .map((li) => li.className),
    ).not.toContain("plan-diff-more");
    expect(within(basic).getByText("No Test draws")).toBeTruthy();
    // The main action is the best offer above the current plan; the hobbyist's own card has none.
    expect(within(card("advanced")).getByRole("link", { name: "Choose Advanced" }).className).toContain(
      "primary",
    );
    expect(
      within(card("professional")).getByRole("link", { name: "Choose Professional" }).className,
    ).not.toContain("primary");
    expect(within(card("hobbyist")).queryByRole("link")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Run your first contest" })).toBeNull();
  });

  it("shows a free team how to run its first contest: a one-shot quick draw or a plan", () => {
    const free = userWith((u) => {
      u.currentTeam.plan = "basic";
      u.currentTeam.subscription = null;
    });
    renderShell(<TeamSubscriptionPage />, { user: free, path: "/team/subscription" });
    const section = screen
      .getByRole("heading", { name: "Run your first contest" })
      .closest("section") as HTMLElement;
    expect(section.textContent).toContain("$ 22");
    expect(within(section).getByRole("link", { name: "Start a quick draw" }).getAttribute("href")).toBe(
      "/contests/quickdraw",
    );
    expect(within(card("advanced")).getByRole("link", { name: "Choose Advanced" }).className).toContain(
      "primary",
    );
  });

  it("offers no checkout to someone who may not change the plan", () => {
    const member = userWith((u) => {
      u.permissions["team.subscription.upgrade_subscription"] = false;
    });
    renderShell(<TeamSubscriptionPage />, { user: member, path: "/team/subscription" });
    expect(within(card("professional")).queryByRole("link")).toBeNull();
    expect(screen.getByText(/ask the team's owner/)).toBeTruthy();
  });
});

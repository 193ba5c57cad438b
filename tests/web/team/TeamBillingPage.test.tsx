import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import TeamBillingPage, { money } from "../../../web/src/pages/team/TeamBillingPage";
import type { BillingOverview } from "../../../web/src/team/billing";
import { json } from "../../../web/src/testing/fake-api";
import { userWith } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { renderShell } from "../shell/render";

const left = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock("../../../web/src/team/billing", async (original) => ({
  ...(await original<typeof import("../../../web/src/team/billing")>()),
  leaveFor: (url: string) => left.urls.push(url),
}));

beforeAll(() => activateLocale("en"));
beforeEach(() => {
  left.urls.length = 0;
});

function overview(over: Partial<BillingOverview> = {}): BillingOverview {
  return {
    configured: true,
    plan: "advanced",
    period: "monthly",
    status: "active",
    has_customer: true,
    next_invoice: { date: "2026-04-01T09:00:00.000Z", amount: 4900, currency: "eur" },
    ends_at: null,
    invoices_unavailable: false,
    payment_due_at: null,
    frozen_limit_date: null,
    invoices: [
      {
        id: "in_1",
        number: "FD-0001",
        created: "2026-03-01T09:00:00.000Z",
        total: 4900,
        currency: "eur",
        status: "paid",
        hosted_invoice_url: "https://invoice.stripe.test/i/in_1",
      },
    ],
    ...over,
  };
}

describe("TeamBillingPage without Stripe", () => {
  it("says plainly that no billing is set up and offers the contact form", async () => {
    mockApi({ "GET /billing": json(overview({ configured: false, invoices: [], next_invoice: null })) });
    renderShell(<TeamBillingPage />, { path: "/team/billing" });
    expect(await screen.findByText(/Online billing is not set up on this Fairdraw server/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Contact us" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Manage payment" })).toBeNull();
  });

  it("tells a frozen team by when to pay", async () => {
    mockApi({ "GET /billing": json(overview({ configured: false, invoices: [] })) });
    const user = userWith((u) => {
      u.currentTeam.frozen = { limit_date: "2030-01-01T00:00:00.000Z" };
    });
    renderShell(<TeamBillingPage />, { user, path: "/team/billing" });
    expect(screen.getByRole("heading", { name: "Payment must be regularised" })).toBeTruthy();
    expect(screen.getByRole("timer")).toBeTruthy();
    await screen.findByText(/Online billing is not set up/);
    expect(screen.queryByRole("link", { name: "See the plans" })).toBeNull();
  });
});

describe("TeamBillingPage with Stripe", () => {
  it("shows the plan, the next invoice in the currency paid and the past invoices linking to Stripe", async () => {
    mockApi({ "GET /billing": json(overview()) });
    renderShell(<TeamBillingPage />, { path: "/team/billing" });
    expect(await screen.findByRole("heading", { name: "Advanced plan, billed monthly" })).toBeTruthy();
    expect(screen.getByText("Next invoice").nextElementSibling?.textContent).toBe("49 € on Apr 1, 2026");
    const table = screen.getByRole("table");
    const link = within(table).getByRole("link", { name: "View invoice FD-0001" });
    expect(link.getAttribute("href")).toBe("https://invoice.stripe.test/i/in_1");
    expect(within(table).getByText("Paid")).toBeTruthy();
  });

  it("opens Stripe's Customer Portal from Manage payment", async () => {
    const api = mockApi({
      "GET /billing": json(overview()),
      "POST /billing/portal": json({ url: "https://billing.stripe.test/p/session/1" }),
    });
    renderShell(<TeamBillingPage />, { path: "/team/billing" });
    fireEvent.click(await screen.findByRole("button", { name: "Manage payment" }));
    await waitFor(() => expect(left.urls).toEqual(["https://billing.stripe.test/p/session/1"]));
    expect(api.to("POST /billing/portal")).toHaveLength(1);
  });

  it("warns during a failed payment's grace period with the date the team is blocked", async () => {
    mockApi({
      "GET /billing": json(
        overview({ payment_due_at: "2026-03-09T09:00:00.000Z", status: "past_due", next_invoice: null }),
      ),
    });
    renderShell(<TeamBillingPage />, { path: "/team/billing" });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "A payment failed" })).toBeTruthy();
    expect(alert.textContent).toContain("Mar 9, 2026");
    expect(screen.getByText("Next invoice").nextElementSibling?.textContent).toBe(
      "None until the invoice owed is paid",
    );
    // One way to pay: the alert's.
    expect(screen.getAllByRole("button", { name: "Manage payment" })).toHaveLength(1);
  });

  it("says a team without a subscription has no next invoice and no invoice yet", async () => {
    mockApi({
      "GET /billing": json(
        overview({
          plan: "basic",
          period: null,
          status: null,
          next_invoice: null,
          invoices: [],
          has_customer: false,
        }),
      ),
    });
    renderShell(<TeamBillingPage />, { path: "/team/billing" });
    expect(await screen.findByText("None: no paid subscription")).toBeTruthy();
    expect(screen.getByText("No invoice yet.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Manage payment" })).toBeNull();
  });

  it("writes Stripe's amounts in whole units, yen having no cents", () => {
    expect(money(123456, "eur")).toBe("1 234,56 €");
    expect(money(1500, "jpy")).toBe("¥ 1,500");
    expect(money(12000, "usd")).toBe("$ 120");
  });
});

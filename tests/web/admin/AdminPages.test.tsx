import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import AdminContestsPage from "../../../web/src/pages/admin/AdminContestsPage";
import AdminPage from "../../../web/src/pages/admin/AdminPage";
import AdminStatsPage from "../../../web/src/pages/admin/AdminStatsPage";
import AdminUsersPage from "../../../web/src/pages/admin/AdminUsersPage";
import { RequireAdmin } from "../../../web/src/shell/guards";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";
import { adminTeam } from "./admin-fixtures";

const admin = userWith((u) => {
  u.grade = "admin";
});

beforeAll(() => activateLocale("en"));

/** Where the page sent the person (path and query). */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string, page: React.ReactNode, user = admin) {
  return render(
    <Providers user={user} path={path}>
      <Routes>
        <Route path="/admin" element={<RequireAdmin />}>
          <Route index element={page} />
          <Route path="users" element={page} />
          <Route path="contests" element={page} />
          <Route path="stats" element={page} />
        </Route>
      </Routes>
      <Where />
    </Providers>,
  );
}

function user(over: Record<string, unknown> = {}) {
  return {
    _id: "user-olive",
    name: "Olive Owner",
    email: "olive@brand.example",
    grade: null,
    locale: "en",
    created_at: "2026-01-02T00:00:00.000Z",
    deleted_at: null,
    current_team_id: "team-brand",
    teams: [{ ...adminTeam(), role: "owner" }],
    ...over,
  };
}

const meta = (total: number, page = 1) => ({ page, per_page: 25, total });

describe("the admin pages", () => {
  it("show the 403 page to a user who is not an admin, and call nothing", () => {
    const api = mockApi({});
    renderAt("/admin/users", <AdminUsersPage />, demoUser);
    expect(
      screen.getByRole("heading", { level: 1, name: "You don't have access to this page" }),
    ).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("home lists the admin pages and sends a search to the users page", () => {
    mockApi({});
    renderAt("/admin", <AdminPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Administration" })).toBeTruthy();
    for (const name of ["Users", "Contests", "Statistics"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText("Find a user by e-mail or name"), { target: { value: "olive" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByTestId("where").textContent).toBe("/admin/users?q=olive");
  });
});

describe("/admin/users", () => {
  it("lists the users found with their teams, and searches through the address", async () => {
    const api = mockApi({
      "GET /admin/users": (call) => ({
        body:
          call.query.get("q") === "nobody" ? { data: [], meta: meta(0) } : { data: [user()], meta: meta(1) },
      }),
    });
    renderAt("/admin/users", <AdminUsersPage />);
    const row = await screen.findByRole("row", { name: /Olive Owner/ });
    expect(within(row).getByText("olive@brand.example")).toBeTruthy();
    expect(within(row).getByText("Basic")).toBeTruthy();
    expect(within(row).getByText("owner")).toBeTruthy();
    expect(screen.getByText("1 user found")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Search by e-mail or name"), { target: { value: " nobody " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Nobody matches “nobody”.")).toBeTruthy();
    expect(screen.getByTestId("where").textContent).toBe("/admin/users?q=nobody");
    expect(api.calls.map((c) => c.query.get("q"))).toEqual([null, "nobody"]);
  });

  it("walks the pages with Previous and Next", async () => {
    const api = mockApi({
      "GET /admin/users": (call) => ({
        body: { data: [user()], meta: meta(60, Number(call.query.get("page") ?? "1")) },
      }),
    });
    renderAt("/admin/users", <AdminUsersPage />);
    expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Previous" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
    expect(api.calls.at(-1)?.query.get("page")).toBe("2");
  });

  it("changes a team's plan from its row, and the row follows", async () => {
    mockApi({
      "GET /admin/users": () => ({ body: { data: [user()], meta: meta(1) } }),
      "POST /admin/teams/team-brand/plan": () => ({ body: adminTeam({ plan: "business" }) }),
    });
    renderAt("/admin/users", <AdminUsersPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Manage the team Brand" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Plan of the team"), { target: { value: "business" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Set the plan" }));
    // A toast says it; the dialog is modal, so the page behind comes back once it is closed.
    await screen.findByText("The team is now on the Business plan.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    const row = screen.getByRole("row", { name: /Olive Owner/ });
    expect(within(row).getByText("Business")).toBeTruthy();
  });

  it("keeps a failed load on the page with a retry", async () => {
    let fail = true;
    mockApi({
      "GET /admin/users": () =>
        fail
          ? { status: 500, body: { error: "serverError", message: "Boom", uid: "u1" } }
          : { body: { data: [user()], meta: meta(1) } },
    });
    renderAt("/admin/users", <AdminUsersPage />);
    expect(await screen.findByText("This could not be loaded.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("row", { name: /Olive Owner/ })).toBeTruthy();
  });
});

describe("/admin/contests", () => {
  it("lists every team's contests and filters them by status through the address", async () => {
    const api = mockApi({
      "GET /admin/contests": () => ({
        body: {
          data: [
            {
              _id: "c1",
              name: "Summer giveaway",
              type: "tunnel",
              status: "started",
              sandbox: true,
              paid_contest: false,
              entries_count: 1234,
              created_at: "2026-01-03T00:00:00.000Z",
              start_at: null,
              close_at: null,
              team: adminTeam({ frozen: { limit_date: "2030-01-01T00:00:00.000Z" } }),
            },
          ],
          meta: meta(1),
        },
      }),
    });
    renderAt("/admin/contests", <AdminContestsPage />);
    const row = await screen.findByRole("row", { name: /Summer giveaway/ });
    expect(within(row).getByText("Started")).toBeTruthy();
    expect(within(row).getByText("Frozen")).toBeTruthy();
    expect(within(row).getByText("1,234")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "ended" } });
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]?.query.get("status")).toBe("ended");
    expect(screen.getByTestId("where").textContent).toBe("/admin/contests?status=ended");
  });
});

describe("/admin/stats", () => {
  it("shows the counts, teams by plan and contests by status in tables", async () => {
    mockApi({
      "GET /admin/stats": () => ({
        body: {
          users: { total: 42, admins: 1, deleted: 3 },
          teams: { total: 40, by_plan: { basic: 30, business: 10 }, frozen: 2 },
          contests: { total: 7, by_status: { draft: 2, started: 5 } },
          entries: 12000,
          sign_ins_7d: 9,
          active_users_7d: 8,
        },
      }),
    });
    renderAt("/admin/stats", <AdminStatsPage />);
    expect(await screen.findByRole("row", { name: "Basic 30" })).toBeTruthy();
    expect(screen.getByRole("row", { name: "Started 5" })).toBeTruthy();
    expect(screen.getByText("12,000")).toBeTruthy();
    expect(screen.getByText("Sign-ins, last 7 days").nextElementSibling?.textContent).toBe("9");
  });
});

import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import { SessionProvider } from "../../../web/src/session/session";
import {
  FrozenGuard,
  frozenBlocks,
  RequireAdmin,
  RequirePermission,
  RequireSession,
} from "../../../web/src/shell/guards";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { holdSession } from "../session/hold-session";
import { currentPath, renderShell } from "./render";

beforeAll(() => activateLocale("en"));

function guarded(guard: React.ReactNode) {
  return (
    <Routes>
      <Route element={guard}>
        <Route path="/contests/*" element={<p>Contests page</p>} />
        <Route path="/admin" element={<p>Admin page</p>} />
        <Route path="/" element={<p>Dashboard</p>} />
      </Route>
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>
  );
}

describe("RequireSession", () => {
  it("sends a signed-out person to /login with the page they wanted as next", () => {
    renderShell(guarded(<RequireSession />), { user: null, path: "/contests/check?x=1" });
    expect(screen.getByText("Login page")).toBeTruthy();
    expect(currentPath()).toBe("/login?next=%2Fcontests%2Fcheck%3Fx%3D1");
  });

  it("sends a signed-out person on / to /login without a next", () => {
    renderShell(guarded(<RequireSession />), { user: null, path: "/" });
    expect(currentPath()).toBe("/login");
  });

  it("shows the page to a signed-in person", () => {
    renderShell(guarded(<RequireSession />), { path: "/contests/" });
    expect(screen.getByText("Contests page")).toBeTruthy();
  });

  it("says it is loading while the user is fetched", () => {
    holdSession();
    mockApi({ "GET /users/me": { delay: new Promise(() => undefined) } });
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={["/contests/"]}>
          <SessionProvider>{guarded(<RequireSession />)}</SessionProvider>
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    expect(screen.queryByText("Contests page")).toBeNull();
  });
});

describe("RequireAdmin", () => {
  it("shows the 403 page to a person who is not an admin", () => {
    const { container } = renderShell(guarded(<RequireAdmin />), { path: "/admin" });
    expect(container.querySelector("[data-status]")?.getAttribute("data-status")).toBe("403");
    expect(screen.queryByText("Admin page")).toBeNull();
  });

  it("lets an admin in", () => {
    const admin = userWith((u) => {
      u.grade = "admin";
    });
    renderShell(guarded(<RequireAdmin />), { path: "/admin", user: admin });
    expect(screen.getByText("Admin page")).toBeTruthy();
  });
});

describe("RequirePermission", () => {
  it("shows the 403 page without the permission", () => {
    const member = userWith((u) => {
      u.permissions["team.contests.view_contests"] = false;
    });
    const { container } = renderShell(
      guarded(<RequirePermission permission="team.contests.view_contests" />),
      { path: "/contests/", user: member },
    );
    expect(container.querySelector("[data-status]")?.getAttribute("data-status")).toBe("403");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("You don't have access to this page");
  });

  it("passes when any of several space-separated permissions is held", () => {
    const member = userWith((u) => {
      u.permissions = { "team.contests.create_drafts": true };
    });
    renderShell(
      guarded(<RequirePermission permission="team.contests.view_contests team.contests.create_drafts" />),
      { path: "/contests/", user: member },
    );
    expect(screen.getByText("Contests page")).toBeTruthy();
  });
});

describe("FrozenGuard", () => {
  const frozen = userWith((u) => {
    u.currentTeam.frozen = { limit_date: new Date(Date.now() + 3 * 86_400_000).toISOString() };
  });

  it("shows the 402 page with the time left on a team page of a frozen team", () => {
    const { container } = renderShell(
      <FrozenGuard>
        <p>Team page</p>
      </FrozenGuard>,
      { path: "/team/members", user: frozen },
    );
    expect(container.querySelector("[data-status]")?.getAttribute("data-status")).toBe("402");
    expect(screen.getByRole("timer")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the billing portal" }).getAttribute("href")).toBe(
      "/team/billing",
    );
    expect(screen.queryByText("Team page")).toBeNull();
  });

  it.each(["/contests/check", "/team/billing", "/me/settings", "/"])("lets a frozen team open %s", (path) => {
    renderShell(
      <FrozenGuard>
        <p>The page</p>
      </FrozenGuard>,
      { path, user: frozen },
    );
    expect(screen.getByText("The page")).toBeTruthy();
  });

  it("never blocks a team that is not frozen", () => {
    renderShell(
      <FrozenGuard>
        <p>The page</p>
      </FrozenGuard>,
      { path: "/team/members", user: demoUser },
    );
    expect(screen.getByText("The page")).toBeTruthy();
  });
});

describe("frozenBlocks", () => {
  it.each([
    ["/contest/abc/", true],
    ["/contest/abc/entries", true],
    ["/contests", true],
    ["/contests/", true],
    ["/contests/create", true],
    ["/team", true],
    ["/team/settings", true],
    ["/contests/check", false],
    ["/contests/check/", false],
    ["/team/billing", false],
    ["/teams", false],
    ["/contestant", false],
    ["/me/teams", false],
    ["/", false],
  ])("%s is blocked: %s", (path, blocked) => {
    expect(frozenBlocks(path)).toBe(blocked);
  });
});

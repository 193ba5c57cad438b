import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import MyContestsPage from "../../../web/src/pages/me/MyContestsPage";
import type { MyContest } from "../../../web/src/pages/me/my-contests";
import { error, json } from "../../../web/src/testing/fake-api";
import { demoUser } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { currentPath, renderShell } from "./render";

// The builder itself is issue 7's: here it only shows what it was opened on.
vi.mock("../../../web/src/builder/ContestBuilder", () => ({
  default: ({ origin }: { origin: { kind: string; id?: string } }) => (
    <div role="dialog" aria-label="Builder">
      builder {origin.kind} {origin.id ?? ""}
    </div>
  ),
}));

beforeAll(() => activateLocale("en"));

const LIST = "GET /users/me/contests/list";

function mine(id: string, name: string, over: Partial<MyContest> = {}): MyContest {
  return {
    _id: id,
    name,
    status: "planned",
    type: "tunnel",
    providers: ["twitter"],
    start_at: null,
    close_at: null,
    entries_count: 0,
    sandbox: false,
    created_at: "2026-03-14T10:00:00.000Z",
    paid_contest: false,
    for_payment: false,
    team: { _id: "team-demo", name: "Demo team" },
    in_current_team: true,
    ...over,
  };
}

const elsewhere = { team: { _id: "team-other", name: "Other team" }, in_current_team: false };

function page(data: MyContest[], meta: Partial<{ page: number; per_page: number; total: number }> = {}) {
  return json({ data, meta: { page: 1, per_page: 20, total: data.length, ...meta } });
}

const rowOf = (name: string) => screen.getByRole("row", { name: new RegExp(name) });

describe("MyContestsPage", () => {
  it("lists the contests the person created with their team, status and date, the current team's linked", async () => {
    const api = mockApi({
      [LIST]: page([
        mine("c3", "Summer draw", { status: "started" }),
        mine("c2", "Agency draw", { ...elsewhere, status: "ended", created_at: "2026-02-01T09:00:00.000Z" }),
      ]),
    });
    renderShell(<MyContestsPage />, { path: "/me/contests" });
    expect(screen.getByRole("heading", { level: 1, name: "My contests" })).toBeTruthy();
    expect(screen.getByText("Loading…").closest("[role=status]")?.getAttribute("aria-busy")).toBe("true");

    const link = await screen.findByRole("link", { name: "Summer draw" });
    expect(link.getAttribute("href")).toBe("/contest/c3/");
    const here = rowOf("Summer draw");
    expect(within(here).getByText("Started")).toBeTruthy();
    expect(here.textContent).toContain("Demo team");
    expect(here.textContent).toContain("Current team");
    expect(here.textContent).toContain("Mar 14, 2026");
    expect(within(here).queryByRole("button")).toBeNull();

    const there = rowOf("Agency draw");
    expect(within(there).queryByRole("link")).toBeNull();
    expect(there.textContent).toContain("Other team");
    expect(there.textContent).not.toContain("Current team");
    expect(within(there).getByText("Ended")).toBeTruthy();
    expect(
      within(there).getByRole("button", { name: "Switch to Other team and open Agency draw" }),
    ).toBeTruthy();

    expect(screen.getByText("2 contests")).toBeTruthy();
    const query = api.to(LIST)[0]?.query;
    expect(query?.get("page")).toBe("1");
    expect(query?.get("per_page")).toBe("20");
    expect(query?.has("status")).toBe(false);
  });

  it("switches to the contest's team, then opens the contest", async () => {
    const api = mockApi({
      [LIST]: page([mine("c2", "Agency draw", elsewhere)]),
      "POST /users/switch_team": json({ ...demoUser, current_team_id: "team-other" }),
      "GET /users/me": json({ ...demoUser, current_team_id: "team-other" }),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    renderShell(<MyContestsPage />, { path: "/me/contests" });
    fireEvent.click(await screen.findByRole("button", { name: "Switch to Other team and open Agency draw" }));
    expect(await screen.findByText("Switching…")).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe("/contest/c2/"));
    expect(api.to("POST /users/switch_team")[0]?.body).toEqual({ team_id: "team-other" });
  });

  it("stays on the list and shows the error when the switch fails", async () => {
    mockApi({
      [LIST]: page([mine("c2", "Agency draw", elsewhere)]),
      "POST /users/switch_team": error(404, "notFound", "This team does not exist."),
    });
    renderShell(<MyContestsPage />, { path: "/me/contests" });
    fireEvent.click(await screen.findByRole("button", { name: "Switch to Other team and open Agency draw" }));
    const alert = await screen.findByRole("dialog", { name: "This team does not exist." });
    expect(currentPath()).toBe("/me/contests");
    // The alert is modal: the list comes back to screen readers once it is closed.
    fireEvent.click(within(alert).getAllByRole("button", { name: "Close" })[0] as HTMLElement);
    expect(
      (screen.getByRole("button", { name: "Switch to Other team and open Agency draw" }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it("filters by status from the address and the tabs", async () => {
    const api = mockApi({
      [LIST]: (call) =>
        call.query.get("status") === "draft"
          ? page([mine("d1", "My draft", { status: "draft" })])
          : page([mine("c1", "Running draw", { status: "started" })]),
    });
    renderShell(<MyContestsPage />, { path: "/me/contests?status=started" });
    await screen.findByRole("link", { name: "Running draw" });
    expect(api.to(LIST)[0]?.query.get("status")).toBe("started");
    const tabs = screen.getByRole("navigation", { name: "Filter by status" });
    expect(within(tabs).getByRole("link", { name: "Started" }).getAttribute("aria-current")).toBe("page");
    expect(within(tabs).queryByRole("link", { name: "Templates" })).toBeNull();

    fireEvent.click(within(tabs).getByRole("link", { name: "Drafts" }));
    expect(await screen.findByRole("button", { name: "My draft" })).toBeTruthy();
    expect(currentPath()).toBe("/me/contests?status=draft");
    expect(api.to(LIST)[1]?.query.get("status")).toBe("draft");

    fireEvent.click(within(tabs).getByRole("link", { name: "All" }));
    await waitFor(() => expect(api.to(LIST)).toHaveLength(3));
    expect(api.to(LIST)[2]?.query.has("status")).toBe(false);
    expect(currentPath()).toBe("/me/contests");
  });

  it("opens a draft of the current team in the builder", async () => {
    mockApi({ [LIST]: page([mine("d1", "My draft", { status: "draft" })]) });
    renderShell(<MyContestsPage />, { path: "/me/contests?status=draft" });
    fireEvent.click(await screen.findByRole("button", { name: "My draft" }));
    expect(await screen.findByText("builder draft d1")).toBeTruthy();
    expect(currentPath()).toBe("/me/contests?status=draft");
  });

  it("opens a draft of another team in the builder once switched to that team", async () => {
    const api = mockApi({
      [LIST]: page([mine("d2", "Their draft", { ...elsewhere, status: "draft" })]),
      "POST /users/switch_team": json({ ...demoUser, current_team_id: "team-other" }),
      "GET /users/me": json({ ...demoUser, current_team_id: "team-other" }),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    renderShell(<MyContestsPage />, { path: "/me/contests?status=draft" });
    fireEvent.click(await screen.findByRole("button", { name: "Switch to Other team and open Their draft" }));
    expect(await screen.findByText("builder draft d2")).toBeTruthy();
    expect(api.to("POST /users/switch_team")).toHaveLength(1);
  });

  it("pages through the list, keeping the filter", async () => {
    const api = mockApi({
      [LIST]: (call) => {
        const n = Number(call.query.get("page"));
        return page([mine(`c${n}`, `Draw on page ${n}`, { status: "ended" })], { page: n, total: 45 });
      },
    });
    renderShell(<MyContestsPage />, { path: "/me/contests?status=ended&page=2" });
    await screen.findByRole("link", { name: "Draw on page 2" });
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(pages.textContent).toContain("Page 2 of 3");
    const next = within(pages).getByRole("link", { name: "Next page" });
    expect(next.getAttribute("href")).toBe("/me/contests?status=ended&page=3");
    fireEvent.click(next);
    await screen.findByRole("link", { name: "Draw on page 3" });
    expect(api.to(LIST).map((c) => [c.query.get("status"), c.query.get("page")])).toEqual([
      ["ended", "2"],
      ["ended", "3"],
    ]);
  });

  it("says when the person created no contest yet, with a way to create one", async () => {
    mockApi({ [LIST]: page([]) });
    renderShell(<MyContestsPage />, { path: "/me/contests" });
    expect(await screen.findByText(/You have not created a contest yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create one" }).getAttribute("href")).toBe("/contests/create");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("words the empty list by filter", async () => {
    mockApi({ [LIST]: page([]) });
    renderShell(<MyContestsPage />, { path: "/me/contests?status=canceled" });
    expect(await screen.findByText("None of your contests was canceled.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Create one" })).toBeNull();
  });

  it("offers a retry when the list fails", async () => {
    mockApi({
      [LIST]: [error(500, "serverError", "Down"), page([mine("c1", "Summer draw")])],
    });
    renderShell(<MyContestsPage />, { path: "/me/contests" });
    expect((await screen.findByRole("alert")).textContent).toContain("Down");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Summer draw" })).toBeTruthy();
  });
});

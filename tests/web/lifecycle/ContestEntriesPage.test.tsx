import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { User } from "../../../codegen/types";
import { activateLocale } from "../../../web/src/i18n/activate";
import ContestEntriesPage from "../../../web/src/pages/contest/ContestEntriesPage";
import { contestFixture } from "../../../web/src/testing/contest-fixtures";
import type { FakeRoutes } from "../../../web/src/testing/fake-api";
import { userWith } from "../../../web/src/testing/fixtures";
import {
  CONTEST_ID,
  entriesAnswer,
  reviewContest,
  validEntries,
} from "../../../web/src/testing/lifecycle-fixtures";
import { C, renderContestPage } from "./render-contest-page";

beforeAll(() => activateLocale("en"));
afterEach(() => vi.restoreAllMocks());

function renderPage(routes: FakeRoutes = {}, opts: { user?: User; path?: string } = {}) {
  return renderContestPage(
    "entries",
    <ContestEntriesPage />,
    {
      [`GET ${C}/entries`]: (call) => ({ body: entriesAnswer(call.query.get("valid") !== "false") }),
      ...routes,
    },
    opts,
  );
}

describe("the entries page", () => {
  it("lists the valid entries first, with the tab counts and the funnel", async () => {
    const api = renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Cup final giveaway" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Valid entries" });
    expect(within(table).getAllByRole("row")).toHaveLength(1 + validEntries.length);
    expect(within(table).getByText("Approved")).toBeTruthy();
    expect(within(table).getByText("Seems to be a bot")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Valid (3)" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Removed (2)" })).toBeTruthy();
    const funnel = screen.getByRole("table", { name: "How the filters sorted the entries" });
    expect(within(funnel).getByRole("row", { name: /Entries read 5/ })).toBeTruthy();
    expect(within(funnel).getByRole("row", { name: /Valid entries 3/ })).toBeTruthy();
    const entriesCall = api.calls.find((c) => c.path === `${C}/entries`);
    expect(entriesCall?.query.get("valid")).toBe("true");
    expect(entriesCall?.query.get("page")).toBe("1");
  });

  it("shows the removed entries with the translated reasons that removed them", async () => {
    renderPage({}, { path: `/contest/${CONTEST_ID}/entries?valid=false` });
    const table = await screen.findByRole("table", { name: "Removed entries" });
    expect(within(table).getByText("Looks automated")).toBeTruthy();
    expect(within(table).getByText("Keyword missing")).toBeTruthy();
    expect(within(table).getByText("Won a recent contest")).toBeTruthy();
    // Removed entries are not drawn: nothing to review.
    expect(within(table).queryByRole("button", { name: /Review/ })).toBeNull();
  });

  it("opens the manual check of a valid entrant and shows the decision in the list", async () => {
    const api = renderPage({
      [`POST ${C}/entries/twitter:3001/profile`]: () => ({
        body: {
          entrant_id: "twitter:3001",
          profile_url: "https://x.com/ana_lima",
          opened_at: "2030-03-08T10:00:00.000Z",
        },
      }),
      [`POST ${C}/entries/twitter:3001/check`]: (call) => ({
        body: {
          ...validEntries[0],
          manual_check: {
            ...validEntries[0]?.manual_check,
            status: "approved",
            reasons: (call.body as { reasons: string[] }).reasons,
          },
        },
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Review Ana Lima" }));
    const dialog = await screen.findByRole("dialog", { name: "Check Ana Lima" });
    fireEvent.click(within(dialog).getByRole("link", { name: /Open the profile/ }));
    const approve = within(dialog).getByRole("button", { name: "Approve" }) as HTMLButtonElement;
    await waitFor(() => expect(approve.disabled).toBe(false));
    fireEvent.click(approve);
    expect(await screen.findByText("Entrant approved")).toBeTruthy();
    const posts = api.calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => c.path)).toEqual([
      `${C}/entries/twitter:3001/profile`,
      `${C}/entries/twitter:3001/check`,
    ]);
    expect(posts[1]?.body).toEqual({ decision: "approve", reasons: [] });
  });

  it("remembers the opened profile when the reviewer comes back to the entrant", async () => {
    renderPage({
      [`POST ${C}/entries/twitter:3001/profile`]: () => ({
        body: {
          entrant_id: "twitter:3001",
          profile_url: "https://x.com/ana_lima",
          opened_at: "2030-03-08T10:00:00.000Z",
        },
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Review Ana Lima" }));
    let dialog = await screen.findByRole("dialog", { name: "Check Ana Lima" });
    fireEvent.click(within(dialog).getByRole("link", { name: /Open the profile/ }));
    const approve = within(dialog).getByRole("button", { name: "Approve" }) as HTMLButtonElement;
    await waitFor(() => expect(approve.disabled).toBe(false));
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Review Ana Lima" }));
    dialog = await screen.findByRole("dialog", { name: "Check Ana Lima" });
    expect((within(dialog).getByRole("button", { name: "Approve" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("hides the review without the plan's manual check and shows the star", async () => {
    const basic = userWith((u) => {
      u.currentTeam.features = u.currentTeam.features.filter((f) => f !== "draw.manualCheck");
    });
    renderPage({}, { user: basic });
    await screen.findByRole("table", { name: "Valid entries" });
    expect(screen.queryByRole("button", { name: /Review/ })).toBeNull();
    expect(
      screen.getByText(/Checking entrants by hand before the draw comes with a higher plan/),
    ).toBeTruthy();
  });

  it("shows the upgrade alert when the plan cannot download the entries", async () => {
    const noExport = userWith((u) => {
      u.currentTeam.features = u.currentTeam.features.filter((f) => f !== "exportEntries");
    });
    renderPage(
      {
        [`GET ${C}/entries/export`]: () => ({
          status: 403,
          body: { error: "upgradeToDownloadEntries", message: "Upgrade to download the entries.", uid: "u1" },
        }),
      },
      { user: noExport },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Download the entries (CSV)" }));
    expect(await screen.findByText("Upgrade to download the entries.")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Subscribe|See the plans|Upgrade/ })).toBeTruthy();
  });

  it("downloads the CSV under the server's file name", async () => {
    const created = vi.fn((_: Blob) => "blob:entries");
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage({
      [`GET ${C}/entries/export`]: () => ({
        text: "entrant_id\r\ntwitter:1001\r\n",
        headers: {
          "content-type": "text/csv",
          "content-disposition": 'attachment; filename="entries-cup.csv"',
        },
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Download the entries (CSV)" }));
    await waitFor(() => expect(names).toEqual(["entries-cup.csv"]));
  });

  it("offers to load the entries of a classic contest, with the consent box on the first load", async () => {
    const classic = contestFixture({ ...reviewContest, type: "classic", status: "started", loaded_at: null });
    const api = renderPage({
      [`GET ${C}`]: () => ({ body: classic }),
      [`GET ${C}/entries`]: () => ({
        body: {
          ...entriesAnswer(true),
          data: [],
          meta: { ...entriesAnswer(true).meta, total: 0, valid: 0, invalid: 0, entries_loaded_at: null },
          funnel: null,
        },
      }),
      [`POST ${C}/load_entries`]: () => ({
        body: { contest_id: CONTEST_ID, loaded: 42, valid: 40, truncated: false, limit: 3000 },
      }),
    });
    expect(await screen.findByText("No entries loaded yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load the entries" }));
    const dialog = await screen.findByRole("dialog", { name: "Load entries" });
    const load = within(dialog).getByRole("button", { name: "Load entries" }) as HTMLButtonElement;
    expect(load.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("checkbox"));
    expect(load.disabled).toBe(false);
    fireEvent.click(load);
    expect(await screen.findByText("42 entries loaded.")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ consent: true });
  });

  it("does not offer to load the entries of a tunnel contest", async () => {
    renderPage();
    await screen.findByRole("table", { name: "Valid entries" });
    expect(screen.queryByRole("button", { name: /Load the entries/ })).toBeNull();
  });

  it("pages through the entries 50 at a time", async () => {
    const api = renderPage({
      [`GET ${C}/entries`]: (call) => ({
        body: {
          ...entriesAnswer(true),
          meta: { ...entriesAnswer(true).meta, total: 120, page: Number(call.query.get("page")) },
        },
      }),
    });
    expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === `${C}/entries`).map((c) => c.query.get("page"))).toEqual([
      "1",
      "2",
    ]);
  });
});

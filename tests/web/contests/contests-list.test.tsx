import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContestListEntry } from "../../../web/src/contest/types";
import { activateLocale } from "../../../web/src/i18n/activate";
import ContestsPage from "../../../web/src/pages/contests/ContestsPage";
import CreatePage from "../../../web/src/pages/contests/CreatePage";
import { seenKey } from "../../../web/src/session/seen";
import { contestFixture, contests, listEntryOf } from "../../../web/src/testing/contest-fixtures";
import type { FakeCall } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

// The builder itself is issue 7's: here it only shows where it was opened from, and closes.
vi.mock("../../../web/src/builder/ContestBuilder", () => ({
  default: ({ origin, onClose }: { origin: { kind: string; id?: string }; onClose(): void }) => (
    <div role="dialog" aria-label="Builder">
      <p>
        builder {origin.kind} {origin.id ?? ""}
      </p>
      <button type="button" onClick={onClose}>
        Close builder
      </button>
    </div>
  ),
}));

beforeAll(() => activateLocale("en"));
// The demo user (web/src/testing/fixtures.ts) has seen the preview's word of welcome unless a test says otherwise.
const PREVIEW_WELCOME_KEY = seenKey("contestPreviewWelcome", "user-demo");
beforeEach(() => localStorage.setItem(PREVIEW_WELCOME_KEY, "1"));

function rows(n: number, status: ContestListEntry["status"] = "started"): ContestListEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    ...listEntryOf(contestFixture({ _id: `c${i}`, name: `Contest ${i}`, status })),
  }));
}

/** A list answering `total` contests, 20 a page, whatever the filter; drafts and templates by their own calls. */
function api(total = 3) {
  return mockApi({
    "GET /teams/current/contests/list": ({ query }: FakeCall) => {
      const page = Number(query.get("page") ?? 1);
      const status = query.get("status");
      if (status === "draft") {
        return { body: { data: [listEntryOf(contests.draft)], meta: { page: 1, per_page: 20, total: 1 } } };
      }
      const count = Math.max(0, Math.min(20, total - (page - 1) * 20));
      return { body: { data: rows(count), meta: { page, per_page: 20, total } } };
    },
    "GET /teams/current/templates/list": () => ({
      body: {
        data: [{ ...listEntryOf(contestFixture({ _id: "t1", name: "Template one", status: "template" })) }],
        meta: { page: 1, per_page: 20, total: 1 },
      },
    }),
    "GET /teams/current/contests/:id": ({ params }: FakeCall) => ({
      body: contestFixture({ _id: params.id, name: `Contest ${params.id}` }),
    }),
  });
}

function renderPage(path = "/contests/", user = demoUser) {
  render(
    <Providers path={path} user={user}>
      <ContestsPage />
    </Providers>,
  );
}

const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.path.endsWith("/list"));

describe("contests list", () => {
  it("lists every contest, drafts included, a row each with its name, type, status, networks and entries", async () => {
    const { calls } = api(3);
    renderPage();
    const table = await screen.findByRole("table", { name: "Contests" });
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(within(table).getByRole("columnheader", { name: "Networks" })).toBeTruthy();
    expect(within(table).getAllByRole("img", { name: "X (Twitter)" })).toHaveLength(3);
    expect(listCalls(calls)[0]?.query.get("status")).toBe("draft,planned,started,closed,ended,canceled");
    expect(listCalls(calls)[0]?.query.get("page")).toBe("1");
    expect(screen.getByRole("heading", { level: 1, name: "Contests" })).toBeTruthy();
  });

  it("filters by status from its tab, and marks the tab", async () => {
    const { calls } = api(3);
    renderPage();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("link", { name: "Planned" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("status")).toBe("planned"));
    expect(screen.getByRole("link", { name: "Planned" }).getAttribute("aria-current")).toBe("page");
  });

  it.each(["draft", "planned", "started", "closed", "ended", "canceled"])(
    "asks the server for the %s contests when the address says so",
    async (status) => {
      const { calls } = api(3);
      renderPage(`/contests/?status=${status}`);
      await screen.findByRole("table");
      expect(listCalls(calls)[0]?.query.get("status")).toBe(status);
    },
  );

  it("pages through 20 contests at a time", async () => {
    const { calls } = api(45);
    renderPage();
    await screen.findByText("Page 1 of 3");
    fireEvent.click(screen.getByRole("link", { name: "Next page" }));
    await screen.findByText("Page 2 of 3");
    expect(listCalls(calls).at(-1)?.query.get("page")).toBe("2");
    fireEvent.click(screen.getByRole("link", { name: "Next page" }));
    await screen.findByText("Page 3 of 3");
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(6);
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Previous page" }));
    await screen.findByText("Page 2 of 3");
  });

  it("keeps the status when it pages, and starts again from page 1 on another tab", async () => {
    const { calls } = api(45);
    renderPage("/contests/?status=started&page=2");
    await screen.findByText("Page 2 of 3");
    expect(listCalls(calls)[0]?.query.get("page")).toBe("2");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/contests/?status=started&page=3",
    );
    expect(screen.getByRole("link", { name: "Ended" }).getAttribute("href")).toBe("/contests/?status=ended");
  });

  it("shows no pages for one page of contests, and a word when there are none", async () => {
    api(0);
    renderPage();
    expect(await screen.findByText(/No contest yet/)).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
  });

  it("lists the templates in their own tab, only for those who may see them", async () => {
    const { calls } = api(3);
    renderPage("/contests/?status=template");
    await screen.findByRole("button", { name: "Template one" });
    expect(listCalls(calls)[0]?.path).toBe("/teams/current/templates/list");
    fireEvent.click(screen.getByRole("button", { name: "Template one" }));
    expect(await screen.findByText("builder template t1")).toBeTruthy();
  });

  it("hides the templates tab without view_templates", async () => {
    api(3);
    renderPage(
      "/contests/",
      userWith((u) => {
        u.permissions["team.templates.view_templates"] = false;
      }),
    );
    await screen.findByRole("table");
    expect(screen.queryByRole("link", { name: "Templates" })).toBeNull();
  });

  it("opens a draft in the builder with its origin", async () => {
    api(3);
    renderPage("/contests/?status=draft");
    const link = await screen.findByRole("link", { name: contests.draft.name });
    expect(link.getAttribute("href")).toBe("/contest/contest-1/");
    fireEvent.click(link);
    expect(await screen.findByText("builder draft contest-1")).toBeTruthy();
  });

  it("names each contest with a link to its page, which a new tab can open", async () => {
    api(3);
    renderPage();
    const link = await screen.findByRole("link", { name: "Contest 1" });
    expect(link.getAttribute("href")).toBe("/contest/c1/");
    // A ctrl-click is the browser's (a new tab): the list neither opens the builder nor a dialog.
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens a contest in the preview from the button beside its name", async () => {
    api(3);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Preview Contest 1" }));
    expect(await screen.findByRole("dialog", { name: "Contest c1" })).toBeTruthy();
  });

  it("welcomes the person to the preview the first time only", async () => {
    localStorage.removeItem(PREVIEW_WELCOME_KEY);
    api(3);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Preview Contest 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Show the contest" }));
    expect(await screen.findByRole("dialog", { name: "Contest c1" })).toBeTruthy();
    expect(localStorage.getItem(PREVIEW_WELCOME_KEY)).toBe("1");
  });

  it("puts a dash for a draft without a network, as for its dates, rather than an empty cell", async () => {
    const draft = { ...listEntryOf(contests.draft), providers: [] };
    mockApi({
      "GET /teams/current/contests/list": () => ({
        body: { data: [draft], meta: { page: 1, per_page: 20, total: 1 } },
      }),
      "GET /teams/current/templates/list": () => ({
        body: { data: [], meta: { page: 1, per_page: 20, total: 0 } },
      }),
    });
    renderPage("/contests/?status=draft");
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLTableRowElement>(`tr[data-contest="${draft._id}"]`);
      if (!found) throw new Error("no draft row yet");
      return found;
    });
    expect(row.cells[3]?.textContent).toBe("—");
  });

  it("lets the person skip the preview's word of welcome, which then never shows again for them", async () => {
    localStorage.removeItem(PREVIEW_WELCOME_KEY);
    api(3);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Preview Contest 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(localStorage.getItem(PREVIEW_WELCOME_KEY)).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "Preview Contest 1" }));
    expect(await screen.findByRole("dialog", { name: "Contest c1" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Skip" })).toBeNull();
  });

  it("welcomes another person to the preview even after someone else saw it in this browser", async () => {
    localStorage.removeItem(PREVIEW_WELCOME_KEY);
    localStorage.setItem(seenKey("contestPreviewWelcome", "someone-else"), "1");
    api(3);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Preview Contest 1" }));
    expect(screen.getByRole("dialog", { name: "The contest preview" })).toBeTruthy();
  });

  it("says when the list cannot be loaded, and tries again", async () => {
    let fail = true;
    mockApi({
      "GET /teams/current/contests/list": () =>
        fail
          ? { status: 500, body: { error: "server", message: "Boom." } }
          : { body: { data: rows(1), meta: { page: 1, per_page: 20, total: 1 } } },
    });
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("Boom.");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeTruthy();
  });
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

describe("/contests/create", () => {
  it("opens the builder on arrival over the list, and goes to /contests/ when it closes", async () => {
    api(3);
    render(
      <Providers path="/contests/create" route="*">
        <CreatePage />
        <Where />
      </Providers>,
    );
    expect(await screen.findByText("builder new")).toBeTruthy();
    expect(await screen.findByRole("table")).toBeTruthy();
    expect(screen.getByTestId("where").textContent).toBe("/contests/create");
    fireEvent.click(screen.getByRole("button", { name: "Close builder" }));
    await waitFor(() => expect(screen.queryByText("builder new")).toBeNull());
    expect(screen.getByTestId("where").textContent).toBe("/contests/");
  });
});

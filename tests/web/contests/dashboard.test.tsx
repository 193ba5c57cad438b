import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import DashboardPage from "../../../web/src/pages/dashboard/DashboardPage";
import OneShotPage from "../../../web/src/pages/team/OneShotPage";
import { contestFixture, listEntryOf } from "../../../web/src/testing/contest-fixtures";
import type { FakeCall } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

vi.mock("../../../web/src/builder/ContestBuilder", () => ({
  default: ({ origin }: { origin: { kind: string; id?: string } }) => (
    <p>
      builder {origin.kind} {origin.id ?? ""}
    </p>
  ),
}));

beforeAll(() => activateLocale("en"));

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const TOTALS: Record<string, number> = { draft: 2, planned: 3, started: 2, closed: 1, ended: 7, canceled: 0 };

function api() {
  return mockApi({
    "GET /teams/current/contests/list": ({ query }: FakeCall) => {
      const status = query.get("status") ?? "";
      const data =
        status === "planned"
          ? [
              contestFixture({ _id: "p-late", name: "Late start", start_at: inHours(48) }),
              contestFixture({ _id: "p-soon", name: "Soon start", start_at: inHours(1) }),
              contestFixture({ _id: "p-mid", name: "Mid start", start_at: inHours(5) }),
            ]
          : status === "started"
            ? [
                contestFixture({
                  _id: "s-1",
                  name: "Closes later",
                  status: "started",
                  close_at: inHours(30),
                }),
                contestFixture({ _id: "s-2", name: "Closes first", status: "started", close_at: inHours(2) }),
              ]
            : [];
      return {
        body: { data: data.map(listEntryOf), meta: { page: 1, per_page: 100, total: TOTALS[status] ?? 0 } },
      };
    },
    "GET /teams/current/activity/list": () => ({
      body: {
        data: [
          {
            _id: "a1",
            type: "createContest",
            created_at: inHours(-1),
            user: { name: "Dana Demo", profile_picture: null },
            targetUser: null,
            team: { name: "Demo team" },
            meta: { contest: { _id: "p-soon", name: "Soon start" } },
          },
        ],
      },
    }),
  });
}

function renderDashboard(user = demoUser) {
  render(
    <Providers user={user}>
      <DashboardPage />
    </Providers>,
  );
}

describe("dashboard", () => {
  it("greets the person and counts the team's contests by status, each a link to that list", async () => {
    api();
    renderDashboard();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toMatch(/, Dana$/);
    const ended = await screen.findByRole("link", { name: "7 Ended" });
    expect(ended.getAttribute("href")).toBe("/contests/?status=ended");
    expect(screen.getByRole("link", { name: "2 Draft" })).toBeTruthy();
  });

  it("lists the next contests to start and to close, soonest first, with countdowns", async () => {
    api();
    renderDashboard();
    const start = (await screen.findByRole("heading", { name: "Next to start" }))
      .parentElement as HTMLElement;
    expect(
      within(start)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Soon start", "Mid start", "Late start"]);
    expect(within(start).getAllByRole("timer")).toHaveLength(3);
    const close = screen.getByRole("heading", { name: "Next to close" }).parentElement as HTMLElement;
    expect(
      within(close)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Closes first", "Closes later"]);
  });

  it("shows the team's recent activity", async () => {
    api();
    renderDashboard();
    const section = (await screen.findByRole("heading", { name: "Recent activity" }))
      .parentElement as HTMLElement;
    expect(await within(section).findByRole("link", { name: "Soon start" })).toBeTruthy();
  });

  it("opens the builder from the quick actions", async () => {
    api();
    renderDashboard();
    await screen.findByRole("link", { name: "7 Ended" });
    fireEvent.click(screen.getByRole("button", { name: "Create a contest" }));
    expect(await screen.findByText("builder new")).toBeTruthy();
  });

  it("offers an upgrade instead when the contests quota is used up", async () => {
    api();
    renderDashboard(
      userWith((u) => {
        (u.currentTeam.quotas as { contests?: number }).contests = 6;
      }),
    );
    await screen.findByRole("link", { name: "7 Ended" });
    fireEvent.click(screen.getByRole("button", { name: "Create a contest" }));
    expect(screen.getByRole("dialog", { name: "Your contests quota is reached" })).toBeTruthy();
  });

  it("asks nothing of a frozen team's contests and points to billing", () => {
    const { calls } = api();
    renderDashboard(
      userWith((u) => {
        u.currentTeam.frozen = { limit_date: inHours(72) } as typeof u.currentTeam.frozen;
      }),
    );
    expect(screen.getByRole("link", { name: "Go to billing" })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe("one-shot contests page", () => {
  it("opens the bought quick draw's import on the way back from the checkout", async () => {
    api();
    const matched = "https://www.instagram.com/p/C8xYz12AbCd/";
    render(
      <Providers
        path={`/team/one-shot/?${new URLSearchParams({ name: "Paid draw", provider: "instagram", matched })}`}
      >
        <OneShotPage />
      </Providers>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Import your one-shot contest" });
    expect((within(dialog).getByLabelText("Contest name") as HTMLInputElement).value).toBe("Paid draw");
  });

  it("completes a paid one-shot draft in the builder", async () => {
    mockApi({
      "GET /teams/current/contests/:id": () => ({
        body: contestFixture({
          _id: "os-1",
          status: "draft",
          paid_contest: true,
          start_at: null,
          close_at: null,
        }),
      }),
    });
    render(
      <Providers path="/team/one-shot/os-1" route="/team/one-shot/:contestId?">
        <OneShotPage />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Complete the contest" }));
    expect(await screen.findByText("builder draft os-1")).toBeTruthy();
  });
});

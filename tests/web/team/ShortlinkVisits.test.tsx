import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { shortlink } from "../../../stories/team/fixtures";
import { activateLocale } from "../../../web/src/i18n/activate";
import ShortlinkPage from "../../../web/src/pages/team/ShortlinkPage";
import { lastDays } from "../../../web/src/team/ShortlinkVisits";
import { error, json } from "../../../web/src/testing/fake-api";
import { userWith } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { renderShell } from "../shell/render";

const NOW = new Date("2026-03-10T22:30:00.000Z");
const ONE = "GET /teams/current/shortlinks/aB3xYz";
const STATS = "GET /teams/current/shortlinks/sl-1/statistics";

/** The answer for the range of a call: every day at 0 but those given. */
function daysOf(from: string, to: string, visited: Record<string, [number, number]> = {}) {
  const days = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    const [visits, uniq] = visited[day] ?? [0, 0];
    days.push({ day, visits, uniq_visits: uniq });
  }
  return { from, to, time_zone: "UTC", days };
}

const VISITED: Record<string, [number, number]> = {
  "2026-03-01": [12, 9],
  "2026-03-08": [30, 21],
  "2026-03-10": [4, 1],
};

function renderPage(user = userWith(() => {})) {
  return renderShell(<ShortlinkPage />, {
    user,
    path: "/team/shortlinks/aB3xYz?domain=fdraw.co",
    route: "/team/shortlinks/:key",
  });
}

beforeAll(() => activateLocale("en"));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("lastDays", () => {
  it("ends on today's UTC day and counts it among the days", () => {
    expect(lastDays(30, NOW)).toEqual({ from: "2026-02-09", to: "2026-03-10" });
    expect(lastDays(1, new Date("2026-03-01T00:00:00.000Z"))).toEqual({
      from: "2026-03-01",
      to: "2026-03-01",
    });
  });
});

describe("the visits over time on a shortlink's page", () => {
  it("asks for the last 30 UTC days and shows them as a described chart and a table of days", async () => {
    const api = mockApi({
      [ONE]: json(shortlink),
      [STATS]: (call) => json(daysOf(call.query.get("from") ?? "", call.query.get("to") ?? "", VISITED)),
    });
    renderPage();
    const section = await screen.findByRole("region", { name: "Visits over time" });
    expect(await within(section).findByText(/^Visits per day from/)).toBeTruthy();
    expect(api.to(STATS)[0]?.query.toString()).toBe("from=2026-02-09&to=2026-03-10");
    expect(within(section).getByText(/^Visits per day from/).textContent).toBe(
      "Visits per day from Feb 9, 2026 to Mar 10, 2026 (UTC): 46 visits and 31 new visitors in all; the busiest day, Mar 8, 2026, had 30 visits.",
    );

    const table = within(section).getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Day", "Visits", "New visitors"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(30);
    const busiest = rows.find((r) => r.textContent?.startsWith("Mar 8, 2026"));
    expect(
      within(busiest as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Mar 8, 2026", "30", "21"]);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Feb 9, 2026", "0", "0"]);
    expect(within(section).getByText(/Days are UTC days/)).toBeTruthy();
    expect(api.unmocked).toEqual([]);
  });

  it("asks again for the period chosen", async () => {
    const api = mockApi({
      [ONE]: json(shortlink),
      [STATS]: (call) => json(daysOf(call.query.get("from") ?? "", call.query.get("to") ?? "", VISITED)),
    });
    renderPage();
    const period = await screen.findByLabelText("Period");
    expect((period as HTMLSelectElement).value).toBe("30");
    fireEvent.change(period, { target: { value: "7" } });
    const section = screen.getByRole("region", { name: "Visits over time" });
    expect(await within(section).findByText(/^Visits per day from Mar 4, 2026 to Mar 10, 2026/)).toBeTruthy();
    expect(api.to(STATS).map((c) => c.query.get("from"))).toEqual(["2026-02-09", "2026-03-04"]);
    expect(within(within(section).getByRole("table")).getAllByRole("row")).toHaveLength(8);
  });

  it("says when nobody visited in the period, without a chart", async () => {
    mockApi({
      [ONE]: json({ ...shortlink, nb_visits: 0, nb_uniq_visits: 0 }),
      [STATS]: (call) => json(daysOf(call.query.get("from") ?? "", call.query.get("to") ?? "")),
    });
    renderPage();
    expect(await screen.findByText("No visits in this period.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("offers a retry when the statistics could not be loaded", async () => {
    mockApi({
      [ONE]: json(shortlink),
      [STATS]: [
        error(500, "serverError", "Something went wrong."),
        (call) => json(daysOf(call.query.get("from") ?? "", call.query.get("to") ?? "", VISITED)),
      ],
    });
    renderPage();
    const section = await screen.findByRole("region", { name: "Visits over time" });
    fireEvent.click(await within(section).findByRole("button", { name: "Try again" }));
    expect(await within(section).findByText(/^Visits per day from/)).toBeTruthy();
  });

  it("shows the star and the plans instead, and asks nothing, for a team without shortlinks.statistics", async () => {
    const api = mockApi({ [ONE]: json(shortlink) });
    const basic = userWith((u) => {
      u.currentTeam.features = u.currentTeam.features.filter((f) => f !== "shortlinks.statistics");
    });
    renderPage(basic);
    expect(await screen.findByText("Visit statistics come with a higher plan.")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Needs a higher plan: see the plans" }).getAttribute("href"),
    ).toBe("/team/subscription");
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/team/subscription",
    );
    expect(screen.queryByRole("region", { name: "Visits over time" })).toBeNull();
    expect(api.to(STATS)).toEqual([]);
  });
});

import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../../codegen/types";
import { activateLocale } from "../../../web/src/i18n/activate";
import ContestPublishPage from "../../../web/src/pages/contest/ContestPublishPage";
import ContestStatisticsPage from "../../../web/src/pages/contest/ContestStatisticsPage";
import type { FakeRoutes } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { statisticsFixture } from "../../../web/src/testing/lifecycle-fixtures";
import { C, renderContestPage } from "./render-contest-page";

beforeAll(() => activateLocale("en"));

function renderAt(page: "statistics" | "publish", routes: FakeRoutes = {}, user: User = demoUser) {
  const element = page === "statistics" ? <ContestStatisticsPage /> : <ContestPublishPage />;
  return renderContestPage(page, element, routes, { user });
}

describe("the statistics page", () => {
  it("shows entries over time as a described chart and a table, the funnel and the sources", async () => {
    renderAt("statistics", { [`GET ${C}/statistics`]: () => ({ body: statisticsFixture }) });
    const time = await screen.findByRole("region", { name: "Entries over time" });
    const caption = within(time).getByText(
      /^Entries per day from .*: 120 in all; the busiest day, .*, had 55\./,
    );
    expect(caption.tagName).toBe("FIGCAPTION");
    const rows = within(time).getAllByRole("row");
    expect(rows).toHaveLength(1 + statisticsFixture.over_time.buckets.length);
    const funnel = screen.getByRole("table", { name: "How the filters sorted the entries" });
    expect(within(funnel).getByRole("row", { name: /Keyword missing/ }).textContent).toContain("12");
    const sources = screen.getByRole("region", { name: "By source" });
    expect(within(sources).getByRole("rowheader").textContent).toContain("Source 1");
  });

  it("shows the star and the upgrade text on a plan without statistics, and calls nothing for them", async () => {
    const basic = userWith((u) => {
      u.currentTeam.features = u.currentTeam.features.filter((f) => f !== "contest.statistics");
    });
    const api = renderAt("statistics", {}, basic);
    expect(await screen.findByText(/contest statistics come with a higher plan/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Needs a higher plan: see the plans" })).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith("/statistics"))).toBe(false);
  });
});

describe("the publish page", () => {
  it("lists what the sandbox published, newest first", async () => {
    const shape = (kind: string, text: string, at: string) => ({
      _id: kind,
      source_id: "src-1",
      provider: "twitter",
      kind,
      key: "main",
      mode: "post",
      text,
      media: [],
      in_reply_to: null,
      recipient: null,
      external_post_id: "sandbox-1",
      status: "published",
      published_at: at,
    });
    renderAt("publish", {
      [`GET ${C}/publications`]: () => ({
        body: {
          data: [
            shape("main", "Win a ball! Seed 089a044f5f6191f3", "2030-03-01T09:00:00.000Z"),
            shape("winners", "Congratulations @fan_1040", "2030-03-09T12:00:00.000Z"),
          ],
        },
      }),
    });
    const items = await screen.findAllByRole("listitem");
    expect(items.map((i) => i.getAttribute("data-kind"))).toEqual(["winners", "main"]);
    expect(items[1]?.textContent).toContain("Contest publication");
    expect(screen.getByText(/nothing reaches the network/)).toBeTruthy();
  });

  it("shows the API's error when the publications cannot be read", async () => {
    renderAt("publish", {
      [`GET ${C}/publications`]: () => ({
        status: 500,
        body: { error: "server", message: "Boom.", uid: "e" },
      }),
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Boom.");
  });
});

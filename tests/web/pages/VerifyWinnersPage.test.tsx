import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import VerifyWinnersPage from "../../../web/src/pages/verify/VerifyWinnersPage";
import { CONTEST_ID, verifyDrawn, verifyPending } from "../../../web/src/testing/lifecycle-fixtures";
import { verifyMomentsRevealed } from "../../../web/src/testing/moment-fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

beforeAll(() => activateLocale("en"));
afterEach(() => activateLocale("en"));

function renderPage(body: unknown) {
  mockApi({ [`GET /verify/${CONTEST_ID}`]: { body } });
  render(
    <Providers user={null} path={`/verify/${CONTEST_ID}/winners`} route="/verify/:contestId/winners">
      <VerifyWinnersPage />
    </Providers>,
  );
}

const shared = {
  ...verifyDrawn,
  team_name: "Lumen Coffee",
  winners_accounts: verifyDrawn.winners_accounts.map((w, i) =>
    i === 0 ? { ...w, url: "https://x.com/first_winner" } : w,
  ),
};

describe("the public winners page", () => {
  it("names the team, the contest and the day the winners were drawn", async () => {
    renderPage(shared);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Winners of Cup final giveaway" }),
    ).toBeTruthy();
    expect(screen.getByText("A giveaway by Lumen Coffee")).toBeTruthy();
    const date = screen.getByText("March 9, 2030");
    expect(date.tagName).toBe("TIME");
    expect(date.getAttribute("datetime")).toBe(verifyDrawn.drawn_at);
  });

  it("shows each winner in order with their picture, name, handle, network and profile link", async () => {
    renderPage(shared);
    const list = await screen.findByRole("list", { name: "Drawn winners" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(verifyDrawn.winners.length);
    shared.winners_accounts.forEach((w, i) => {
      const card = cards[i] as HTMLElement;
      expect(within(card).getByText(w.name ?? "")).toBeTruthy();
      expect(within(card).getByText(`@${w.screen_name}`)).toBeTruthy();
      expect(within(card).getByText("X (Twitter)")).toBeTruthy();
      expect(card.querySelector(".entrant-avatar")).toBeTruthy();
    });
    // A stored profile address wins; otherwise the network's pattern with the handle.
    const links = within(list).getAllByRole("link", { name: /^Profile of / });
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://x.com/first_winner",
      ...shared.winners_accounts.slice(1).map((w) => `https://x.com/${w.screen_name}`),
    ]);
    expect(links.every((a) => a.getAttribute("target") === "_blank")).toBe(true);
    // People are named, never shown by their network id.
    expect(list.textContent).not.toContain("twitter:");
  });

  it("shows a winning moment's winner like a drawn one: picture, name, handle and profile link", async () => {
    const [source] = verifyMomentsRevealed.winning_moments ?? [];
    const results = source?.results ?? [];
    const won = results.findIndex((r) => r.winner !== null);
    const winner = results[won];
    if (!source || !winner?.winner) throw new Error("the fixture has no moment winner");
    const named = results.map((r, i) =>
      i === won ? { ...r, name: "Moment Maker", url: "https://x.com/moment_maker" } : r,
    );
    renderPage({ ...shared, winning_moments: [{ ...source, results: named }] });
    const list = await screen.findByRole("list", { name: "Winning moments" });
    const card = within(list).getAllByRole("listitem")[0] as HTMLElement;
    expect(within(card).getByText("Moment Maker")).toBeTruthy();
    expect(within(card).getByText(`@${winner.screen_name}`)).toBeTruthy();
    expect(within(card).getByText("X (Twitter)")).toBeTruthy();
    expect(card.querySelector(".entrant-avatar")).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: /^Profile of Moment Maker/ })
        .getAttribute("href"),
    ).toBe("https://x.com/moment_maker");
  });

  it("links to the proof where anyone re-runs the draw", async () => {
    renderPage(shared);
    const proof = await screen.findByRole("complementary", { name: "Drawn in the open" });
    expect(within(proof).getByRole("link", { name: "Check how they were drawn" }).getAttribute("href")).toBe(
      `/verify/${CONTEST_ID}`,
    );
  });

  it("says the winners are not drawn yet before the draw, and leaves the team line out without a team", async () => {
    renderPage({ ...verifyPending, team_name: null });
    expect(await screen.findByText("The winners are not drawn yet.")).toBeTruthy();
    expect(screen.queryByText(/A giveaway by/)).toBeNull();
    expect(screen.queryByRole("list", { name: "Drawn winners" })).toBeNull();
  });

  it("reads in Arabic with the date in Arabic", async () => {
    await activateLocale("ar");
    renderPage(shared);
    expect(await screen.findByText("مسابقة من Lumen Coffee")).toBeTruthy();
    const time = document.querySelector(".winners-date time");
    expect(time?.textContent).toBe(
      new Intl.DateTimeFormat("ar", { dateStyle: "long" }).format(new Date(verifyDrawn.drawn_at ?? "")),
    );
  });
});

import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import type { VerifyData } from "../../../web/src/lifecycle/VerifyView";
import VerifyPage from "../../../web/src/pages/verify/VerifyPage";
import { CONTEST_ID } from "../../../web/src/testing/lifecycle-fixtures";
import {
  MOMENTS_SALT,
  verifyMomentsCommitted,
  verifyMomentsMoved,
  verifyMomentsRejected,
  verifyMomentsRevealed,
  verifyMomentsWrongWinner,
} from "../../../web/src/testing/moment-fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

beforeAll(() => activateLocale("en"));

async function renderPage(body: VerifyData) {
  mockApi({ [`GET /verify/${CONTEST_ID}`]: { body } });
  render(
    <Providers user={null} path={`/verify/${CONTEST_ID}`} route="/verify/:contestId">
      <VerifyPage />
    </Providers>,
  );
  return screen.findByRole("region", { name: "Winning moments" });
}

/** Clicks the moments' check and answers its checks, in order. */
async function checkMoments(region: HTMLElement) {
  fireEvent.click(within(region).getByRole("button", { name: "Check the winning moments in my browser" }));
  await waitFor(() => expect(within(region).getAllByRole("status")).toHaveLength(5));
  return within(region).getAllByRole("status");
}

const commitmentOf = (data: VerifyData) => data.winning_moments?.[0]?.commitment ?? "";

describe("the winning moments of the public verify page", () => {
  it("before the close shows the moments' fingerprint and nothing of the moments", async () => {
    const region = await renderPage(verifyMomentsCommitted);
    expect(within(region).getByText(commitmentOf(verifyMomentsCommitted))).toBeTruthy();
    expect(within(region).getByText(/The moments stay secret until entries close/)).toBeTruthy();
    expect(within(region).queryByRole("table")).toBeNull();
    expect(within(region).queryByText(MOMENTS_SALT)).toBeNull();
    expect(within(region).queryByRole("button")).toBeNull();
  });

  it("shows a moment winner rejected by the manual check without a name, as winning nothing, and still checks", async () => {
    const region = await renderPage(verifyMomentsRejected);
    const rows = within(
      within(region).getByRole("table", { name: "Moments and their winners" }),
    ).getAllByRole("row");
    expect(rows[2]?.textContent).toContain("twitter:2004");
    expect(rows[2]?.textContent).not.toContain("@player_2004");
    expect(rows[2]?.textContent).toContain("rejected by the manual check: this entry wins nothing");
    expect(rows[1]?.textContent).not.toContain("rejected");
    const checks = await checkMoments(region);
    expect(checks.every((c) => c.getAttribute("data-passed") === "true")).toBe(true);
  });

  it("after the close lists each moment with its winner, or nobody, and the revealed salt", async () => {
    const region = await renderPage(verifyMomentsRevealed);
    expect(within(region).getByText(MOMENTS_SALT)).toBeTruthy();
    const rows = within(
      within(region).getByRole("table", { name: "Moments and their winners" }),
    ).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toContain("@player_2002");
    expect(rows[2]?.textContent).toContain("@player_2004");
    expect(rows[3]?.textContent).toContain("Nobody");
    expect(rows[2]?.querySelectorAll("time")[1]?.getAttribute("datetime")).toBe("2030-03-04T16:00:12.345Z");
  });

  it("recomputes the fingerprint and every moment's winner in the browser and passes them all", async () => {
    const region = await renderPage(verifyMomentsRevealed);
    const checks = await checkMoments(region);
    expect(checks.map((c) => c.getAttribute("data-check"))).toEqual([
      "moments-commitment",
      "moments-list",
      "moment-winner",
      "moment-winner",
      "moment-winner",
    ]);
    expect(checks.every((c) => c.getAttribute("data-passed") === "true")).toBe(true);
    expect(
      checks.every((c) => c.textContent?.startsWith("Passed:") && c.querySelector("svg.lucide-check")),
    ).toBe(true);
    expect(within(region).getByText(/Every check passed: these are the moments locked/)).toBeTruthy();
  });

  it("fails the fingerprint check when a revealed moment is not the one committed before the start", async () => {
    const region = await renderPage(verifyMomentsMoved);
    const [commitment, list, ...winners] = await checkMoments(region);
    expect(list?.getAttribute("data-passed")).toBe("true");
    expect(commitment?.getAttribute("data-passed")).toBe("false");
    expect(commitment?.textContent).toContain("Failed:");
    expect(commitment?.textContent).toContain(commitmentOf(verifyMomentsMoved));
    expect(commitment?.textContent).toContain("Computed in your browser:");
    // The moved moment's winner follows from the moved moment: only the fingerprint gives the change away.
    expect(winners.map((c) => c.getAttribute("data-passed"))).toEqual(["true", "true", "true"]);
    expect(within(region).getByText(/A check failed/)).toBeTruthy();
  });

  it("fails a moment's check when its published winner is not the first valid entry at or after it", async () => {
    const region = await renderPage(verifyMomentsWrongWinner);
    const checks = await checkMoments(region);
    expect(checks.map((c) => c.getAttribute("data-passed"))).toEqual([
      "true",
      "true",
      "false",
      "true",
      "true",
    ]);
    expect(checks[2]?.textContent).toContain("twitter:2003");
    expect(checks[2]?.textContent).toContain("twitter:2002");
    expect(within(region).getByText(/A check failed/)).toBeTruthy();
  });
});

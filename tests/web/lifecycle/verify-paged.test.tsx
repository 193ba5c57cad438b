/**
 * The public verify page with lists that come a page at a time (docs/draw.md "Published lists"): the checks load
 * the pages after the first, hash each as it comes, and pass when the whole list is the published one; a page
 * changed on the way fails the list's check; a page that cannot be loaded says so.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { momentsEntriesHash } from "../../../engine/lifecycle";
import { activateLocale } from "../../../web/src/i18n/activate";
import type { VerifyData } from "../../../web/src/lifecycle/VerifyView";
import VerifyPage from "../../../web/src/pages/verify/VerifyPage";
import { CONTEST_ID, verifyDrawn } from "../../../web/src/testing/lifecycle-fixtures";
import { MOMENT_ENTRIES, verifyMomentsRevealed } from "../../../web/src/testing/moment-fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

beforeAll(() => activateLocale("en"));
afterEach(() => vi.restoreAllMocks());

const SOURCE = verifyMomentsRevealed.winning_moments?.[0]?.source_id ?? "";
const ENTRIES_PATH = `/verify/${CONTEST_ID}/moments/${SOURCE}/entries`;
const ENTRANTS_PATH = `/verify/${CONTEST_ID}/entrants`;

/** The moments' list in three pages (2, 2 and 1 entries): only the first inside the answer. */
const PAGES = [MOMENT_ENTRIES.slice(0, 2), MOMENT_ENTRIES.slice(2, 4), MOMENT_ENTRIES.slice(4)];

const pagedMoments: VerifyData = {
  ...verifyMomentsRevealed,
  winning_moments: (verifyMomentsRevealed.winning_moments ?? []).map((s) => ({
    ...s,
    entries: PAGES[0] ?? [],
    entries_count: MOMENT_ENTRIES.length,
    entries_pages: PAGES.length,
    entries_hash: momentsEntriesHash(MOMENT_ENTRIES),
  })) as VerifyData["winning_moments"],
};

const page = <T,>(n: number, pages: T[][]) => ({
  body: { page: n, pages: pages.length, count: pages.flat().length, items: pages[n - 1] },
});

function renderPage(body: VerifyData, more: Record<string, { status?: number; body: unknown }>) {
  const api = mockApi({ [`GET /verify/${CONTEST_ID}`]: { body }, ...more });
  render(
    <Providers user={null} path={`/verify/${CONTEST_ID}`} route="/verify/:contestId">
      <VerifyPage />
    </Providers>,
  );
  return api;
}

async function checkMoments() {
  const region = await screen.findByRole("region", { name: "Winning moments" });
  fireEvent.click(within(region).getByRole("button", { name: "Check the winning moments in my browser" }));
  await waitFor(() => expect(within(region).queryAllByRole("status")).toHaveLength(5));
  return { region, checks: within(region).getAllByRole("status") };
}

describe("the public verify page, lists in pages", () => {
  it("loads the moments' list page by page and checks it whole", async () => {
    const api = renderPage(pagedMoments, {
      [`GET ${ENTRIES_PATH}/2`]: page(2, PAGES),
      [`GET ${ENTRIES_PATH}/3`]: page(3, PAGES),
    });
    const { region, checks } = await checkMoments();
    expect(api.to(`GET ${ENTRIES_PATH}/2`)).toHaveLength(1);
    expect(api.to(`GET ${ENTRIES_PATH}/3`)).toHaveLength(1);
    expect(checks.map((c) => [c.getAttribute("data-check"), c.getAttribute("data-passed")])).toEqual([
      ["moments-commitment", "true"],
      ["moments-list", "true"],
      ["moment-winner", "true"],
      ["moment-winner", "true"],
      ["moment-winner", "true"],
    ]);
    // The list's size is the published one, not the first page's.
    expect(within(region).getByText("Valid entries").nextElementSibling?.textContent).toBe("5");
  });

  it("fails the list's check when a page is not the published list's", async () => {
    const changed = PAGES.map((p, i) =>
      i === 2 ? p.map((e) => ({ ...e, at: "2030-03-06T12:00:01.000Z" })) : p,
    );
    renderPage(pagedMoments, {
      [`GET ${ENTRIES_PATH}/2`]: page(2, changed),
      [`GET ${ENTRIES_PATH}/3`]: page(3, changed),
    });
    const { region, checks } = await checkMoments();
    const list = checks.find((c) => c.getAttribute("data-check") === "moments-list");
    expect(list?.getAttribute("data-passed")).toBe("false");
    expect(list?.textContent).toContain(momentsEntriesHash(MOMENT_ENTRIES));
    expect(within(region).getByText(/A check failed/)).toBeTruthy();
  });

  it("says so when a page cannot be loaded", async () => {
    renderPage(pagedMoments, {
      [`GET ${ENTRIES_PATH}/2`]: { status: 500, body: { error: "internal", message: "x", uid: "u" } },
    });
    const region = await screen.findByRole("region", { name: "Winning moments" });
    fireEvent.click(within(region).getByRole("button", { name: "Check the winning moments in my browser" }));
    expect((await within(region).findByRole("alert")).textContent).toContain(
      "A page of the list could not be loaded.",
    );
  });

  const ids = verifyDrawn.entrants ?? [];
  const idPages = [ids.slice(0, 3), ids.slice(3, 6), ids.slice(6)];
  const drawn: VerifyData = { ...verifyDrawn, entrants: idPages[0] ?? [], entrants_pages: idPages.length };

  it("re-runs the draw over the entrants list loaded page by page", async () => {
    const api = renderPage(drawn, {
      [`GET ${ENTRANTS_PATH}/2`]: page(2, idPages),
      [`GET ${ENTRANTS_PATH}/3`]: page(3, idPages),
    });
    // Until the whole list is in, the downloads wait for it.
    expect(await screen.findByRole("button", { name: "Load the whole list" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Re-run the draw in my browser" }));
    await waitFor(() => expect(screen.getAllByRole("status")).toHaveLength(3));
    expect(screen.getAllByRole("status").map((c) => c.getAttribute("data-passed"))).toEqual([
      "true",
      "true",
      "true",
    ]);
    expect(api.to(`GET ${ENTRANTS_PATH}/2`)).toHaveLength(1);
    expect(api.to(`GET ${ENTRANTS_PATH}/3`)).toHaveLength(1);
    // The whole list is in: the files to download are offered.
    expect(screen.getByRole("button", { name: `Download entrants-${CONTEST_ID}.txt` })).toBeTruthy();
  });

  it("fails the list's check when a page is missing an id", async () => {
    const short = [idPages[0] ?? [], idPages[1] ?? [], (idPages[2] ?? []).slice(1)];
    renderPage(drawn, {
      [`GET ${ENTRANTS_PATH}/2`]: page(2, short),
      [`GET ${ENTRANTS_PATH}/3`]: page(3, short),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Re-run the draw in my browser" }));
    await waitFor(() => expect(screen.getAllByRole("status")).toHaveLength(3));
    const list = screen.getAllByRole("status").find((c) => c.getAttribute("data-check") === "list");
    expect(list?.getAttribute("data-passed")).toBe("false");
    expect(screen.getByText(/A check failed/)).toBeTruthy();
  });
});

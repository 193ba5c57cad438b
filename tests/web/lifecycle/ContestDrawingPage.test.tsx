import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { User } from "../../../codegen/types";
import { StartFinalDrawDialog } from "../../../web/src/dialogs/StartFinalDrawDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import ContestDrawingPage from "../../../web/src/pages/contest/ContestDrawingPage";
import type { FakeRoutes } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import {
  CONTEST_ID,
  entriesAnswer,
  finalDraw,
  reviewContest,
  testDraw,
  verifyDrawn,
  verifyPending,
} from "../../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { C, renderContestPage } from "./render-contest-page";

beforeAll(() => activateLocale("en"));
afterEach(() => vi.useRealTimers());

function renderPage(routes: FakeRoutes = {}, user: User = demoUser) {
  return renderContestPage(
    "drawing",
    <ContestDrawingPage />,
    {
      [`GET ${C}/draws`]: () => ({ body: { data: [] } }),
      [`GET /verify/${CONTEST_ID}`]: () => ({ body: verifyPending }),
      [`GET ${C}/entries`]: () => ({ body: entriesAnswer(true) }),
      ...routes,
    },
    { user },
  );
}

describe("the drawing page", () => {
  it("shows the seed fingerprint published before the start and the link to the public page", async () => {
    renderPage();
    const seed = await screen.findByRole("region", { name: "Locked seed" });
    expect(await within(seed).findByText(verifyPending.seed_commitment ?? "")).toBeTruthy();
    expect(
      within(seed).getByRole("link", { name: "The contest's public verification page" }).getAttribute("href"),
    ).toBe(`/verify/${CONTEST_ID}`);
  });

  it("runs a test draw and lists it, without touching the final draw", async () => {
    // As the server does: the list read after the draw holds it.
    let made = false;
    const api = renderPage({
      [`POST ${C}/draws`]: () => {
        made = true;
        return { status: 201, body: testDraw(1) };
      },
      [`GET ${C}/draws`]: () => ({ body: { data: made ? [testDraw(1)] : [] } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Run a test draw" }));
    const tests = screen.getByRole("region", { name: "Test draws" });
    expect(await within(tests).findByRole("heading", { name: "Test draw 1" })).toBeTruthy();
    expect(within(tests).getAllByRole("listitem").length).toBeGreaterThan(0);
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ kind: "test" });
    expect(screen.getByRole("button", { name: "Start the final draw" })).toBeTruthy();
  });

  it("names the accounts a test draw picked by name and handle, never by their network id", async () => {
    const picked = { ...testDraw(1), winners: ["twitter:3001"], substitutes: ["twitter:9999"] };
    const accounts = {
      "twitter:3001": { provider: "twitter", screen_name: "ana_lima", name: "Ana Lima", url: null },
    };
    renderPage({ [`GET ${C}/draws`]: () => ({ body: { data: [picked], accounts } }) });
    const tests = await screen.findByRole("region", { name: "Test draws" });
    const winner = await within(tests).findByRole("link", { name: /@ana_lima/ });
    expect(winner.getAttribute("href")).toBe("https://x.com/ana_lima");
    expect(within(tests).getByText("Ana Lima")).toBeTruthy();
    // An account the answer does not name is said to be gone, not shown as its raw id.
    expect(within(tests).getByText("an account no longer in the entries")).toBeTruthy();
    expect(tests.textContent).not.toContain("twitter:");
  });

  it("puts the final draw's action first and the proof below it", async () => {
    renderPage();
    const action = await screen.findByRole("button", { name: "Start the final draw" });
    const proof = screen.getByRole("region", { name: "Locked seed" });
    const tests = screen.getByRole("region", { name: "Test draws" });
    // DOCUMENT_POSITION_FOLLOWING: the proof, then the test draws, come after the action.
    expect(action.compareDocumentPosition(proof) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(proof.compareDocumentPosition(tests) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByText(/ 3 accounts take part\.$/)).toBeTruthy();
  });

  it("says why fewer accounts take part than the Entries page counts valid entries, with the counts", async () => {
    const meta = { valid: 66, drawable: 63, not_drawn: { repeated: 2, rejected: 0, moment_winners: 1 } };
    renderPage({ [`GET ${C}/entries`]: () => ({ body: entriesAnswer(true, meta) }) });
    const note = await screen.findByRole("note");
    expect(note.textContent).toContain(
      "Why not every one of the 66 valid entries of the Entries page counts:",
    );
    expect(
      within(note)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "2 entries come from accounts that entered more than once: each account takes part once.",
      "1 account already won a winning moment.",
    ]);
    expect(await screen.findByText(/ 63 accounts take part\.$/)).toBeTruthy();
  });

  it("says nothing more when every valid entry takes part", async () => {
    renderPage();
    await screen.findByText(/ 3 accounts take part\.$/);
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("shows the star and the upgrade text instead of test draws on a plan without them", async () => {
    const basic = userWith((u) => {
      u.currentTeam.features = u.currentTeam.features.filter((f) => f !== "testDraws");
    });
    renderPage({}, basic);
    const tests = await screen.findByRole("region", { name: "Test draws" });
    expect(
      (within(tests).getByRole("button", { name: "Run a test draw" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(tests).getByRole("link", { name: "Needs a higher plan: see the plans" })).toBeTruthy();
    expect(within(tests).getByText("Test draws come with a higher plan.")).toBeTruthy();
  });

  it("shows the upgrade alert when the server refuses a test draw for the plan", async () => {
    renderPage({
      [`POST ${C}/draws`]: () => ({
        status: 403,
        body: { error: "upgradeToPerformTestDraws", message: "Upgrade to run test draws.", uid: "u" },
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Run a test draw" }));
    expect(await screen.findByText("Upgrade to run test draws.")).toBeTruthy();
  });

  it("hides the final draw from a member without the right to draw", async () => {
    const member = userWith((u) => {
      u.permissions["team.contests.do_finaldraw"] = false;
    });
    renderPage({}, member);
    expect(await screen.findByText(/A member with the right to draw can start the final draw/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start the final draw" })).toBeNull();
  });

  it("shows the final draw's winners with their profiles, the proof and the link to re-run it", async () => {
    renderPage({
      [`GET ${C}`]: () => ({ body: { ...reviewContest, status: "ended", drawn_at: finalDraw.created_at } }),
      [`GET ${C}/draws`]: () => ({ body: { data: [testDraw(1), finalDraw] } }),
      [`GET /verify/${CONTEST_ID}`]: () => ({ body: verifyDrawn }),
    });
    const final = await screen.findByRole("region", { name: "Final draw" });
    const winners = await within(final).findAllByRole("link", { name: /@fan_/ });
    // The section's title only: the result inside does not say "Final draw" a second time.
    expect(within(final).getAllByRole("heading", { name: "Final draw" })).toHaveLength(1);
    expect(winners.map((a) => a.getAttribute("href"))).toEqual(
      [...finalDraw.winners, ...finalDraw.substitutes].map((id) => `https://x.com/fan_${id.split(":")[1]}`),
    );
    expect(within(final).getByText(finalDraw.entrants_hash)).toBeTruthy();
    expect(within(final).getByText(finalDraw.seed ?? "")).toBeTruthy();
    expect(
      within(final)
        .getByRole("link", { name: "Anyone can check this draw on its public page" })
        .getAttribute("href"),
    ).toBe(`/verify/${CONTEST_ID}`);
    expect(screen.queryByRole("button", { name: "Run a test draw" })).toBeNull();
  });

  it("names the winning moments' winners first among the winners, marked as such", async () => {
    const drawn = { ...finalDraw, winners: finalDraw.winners.slice(0, 1), moment_winners: ["twitter:4242"] };
    const accounts = {
      "twitter:4242": { provider: "twitter", screen_name: "moment_fan", name: "Mo Ment", url: null },
    };
    renderPage({
      [`GET ${C}`]: () => ({ body: { ...reviewContest, status: "ended", drawn_at: finalDraw.created_at } }),
      [`GET ${C}/draws`]: () => ({ body: { data: [drawn], accounts } }),
      [`GET /verify/${CONTEST_ID}`]: () => ({ body: verifyDrawn }),
    });
    const final = await screen.findByRole("region", { name: "Final draw" });
    const list = (await within(final).findByRole("heading", { name: "Winners" }))
      .nextElementSibling as HTMLElement;
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("@moment_fan");
    expect(items[0]?.textContent).toContain("Mo Ment");
    expect(within(items[0] as HTMLElement).getByText("Winning moment")).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText("Winning moment")).toBeNull();
  });

  it("starts the final draw through the dialog and ends on its winners, with a toast instead of a dialog", async () => {
    let drawn = false;
    const api = renderPage({
      [`POST ${C}/draws`]: () => {
        drawn = true;
        return { status: 201, body: finalDraw };
      },
      [`GET ${C}/draws`]: () => ({ body: { data: drawn ? [finalDraw] : [] } }),
      [`GET /verify/${CONTEST_ID}`]: () => ({ body: drawn ? verifyDrawn : verifyPending }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Start the final draw" }));
    const dialog = await screen.findByRole("dialog", { name: "Start the final draw" });
    expect(within(dialog).getByText(/The draw picks among 3 valid entries/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("checkbox"));
    vi.useFakeTimers();
    fireEvent.pointerDown(within(dialog).getByRole("button", { name: /Draw the winners/ }));
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    // The toast shows on the next turn of the clock.
    await act(async () => {
      vi.advanceTimersByTime(50);
    });
    vi.useRealTimers();
    expect(await screen.findByText("Winners drawn")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ kind: "final", consent: true });
    // Nothing modal over the winners: the final draw's heading takes the focus.
    expect(screen.queryByRole("dialog")).toBeNull();
    const final = await screen.findByRole("region", { name: "Final draw" });
    await waitFor(() => expect(within(final).getAllByRole("link", { name: /@fan_/ }).length).toBe(5));
    await waitFor(() => expect(document.activeElement?.id).toBe("draw-final"));
  });
});

describe("the start-final-draw dialog", () => {
  function renderDialog(draw = vi.fn(async () => finalDraw)) {
    const onDrawn = vi.fn();
    render(
      <Providers>
        <StartFinalDrawDialog
          contest={reviewContest}
          entrants={90}
          onClose={() => {}}
          onDrawn={onDrawn}
          draw={draw}
        />
      </Providers>,
    );
    return { draw, onDrawn };
  }

  it("keeps the hold button disabled until the consent box is ticked", () => {
    renderDialog();
    const hold = screen.getByRole("button", { name: /Draw the winners/ }) as HTMLButtonElement;
    expect(hold.disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox"));
    expect(hold.disabled).toBe(false);
  });

  it("draws only after the button was held for 5 seconds", async () => {
    const { draw, onDrawn } = renderDialog();
    fireEvent.click(screen.getByRole("checkbox"));
    vi.useFakeTimers();
    const hold = screen.getByRole("button", { name: /Draw the winners/ });
    fireEvent.pointerDown(hold);
    await act(async () => {
      vi.advanceTimersByTime(2500);
    });
    expect(draw).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(2500);
    });
    vi.useRealTimers();
    await waitFor(() => expect(onDrawn).toHaveBeenCalledWith(finalDraw));
    expect(draw).toHaveBeenCalledWith(CONTEST_ID);
  });

  it("returns to hold and shows the error when the draw is refused", async () => {
    const draw = vi.fn(async () => {
      const { ApiError } = await import("../../../web/src/api/errors");
      throw new ApiError(409, {
        error: "contestNotClosed",
        message: "The contest is not closed.",
        uid: "e1",
      });
    });
    renderDialog(draw);
    fireEvent.click(screen.getByRole("checkbox"));
    vi.useFakeTimers();
    fireEvent.pointerDown(screen.getByRole("button", { name: /Draw the winners/ }));
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    vi.useRealTimers();
    expect(await screen.findByText("The contest is not closed.")).toBeTruthy();
  });
});

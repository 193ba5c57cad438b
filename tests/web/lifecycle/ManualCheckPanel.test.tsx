import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../web/src/api/errors";
import { activateLocale } from "../../../web/src/i18n/activate";
import type { CheckBody, Entry } from "../../../web/src/lifecycle/api";
import { commentTermsOf, manualCheckReasonsOf } from "../../../web/src/lifecycle/contest-rules";
import { ManualCheckPanel } from "../../../web/src/lifecycle/ManualCheckPanel";
import { entryFixture, reviewContest } from "../../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../../web/src/testing/Providers";

beforeAll(() => activateLocale("en"));

function renderPanel(
  opts: { entry?: Entry; decide?: (body: CheckBody) => Promise<Entry>; locked?: string | null } = {},
) {
  const entry = opts.entry ?? entryFixture();
  const decide = vi.fn(
    opts.decide ??
      (async (body: CheckBody) => ({
        ...entry,
        manual_check: {
          ...entry.manual_check,
          status: body.decision === "approve" ? ("approved" as const) : ("rejected" as const),
          reasons: body.reasons,
        },
      })),
  );
  const onDecided = vi.fn();
  render(
    <Providers>
      <ManualCheckPanel
        entry={entry}
        terms={commentTermsOf(reviewContest, entry.source_id)}
        reasons={manualCheckReasonsOf(reviewContest)}
        decide={decide}
        onDecided={onDecided}
        locked={opts.locked ?? null}
      />
    </Providers>,
  );
  return { decide, onDecided };
}

const approve = () => screen.getByRole("button", { name: "Approve" });
const reject = () => screen.getByRole("button", { name: "Reject" });
const openProfile = () => fireEvent.click(screen.getByRole("link", { name: /Open the profile/ }));

describe("the manual check of an entrant", () => {
  it("keeps approve and reject disabled until the profile was opened in a new tab", () => {
    renderPanel();
    const link = screen.getByRole("link", { name: /Open the profile/ });
    expect(link.getAttribute("href")).toBe("https://x.com/ana_lima");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect((approve() as HTMLButtonElement).disabled).toBe(true);
    expect((reject() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Open the entrant's profile first/)).toBeTruthy();
    openProfile();
    expect((approve() as HTMLButtonElement).disabled).toBe(false);
    expect((reject() as HTMLButtonElement).disabled).toBe(true);
  });

  it("approves only with no reason and rejects only with at least one", () => {
    renderPanel();
    openProfile();
    const reasons = screen.getByRole("group", { name: "Reasons to reject" });
    fireEvent.click(within(reasons).getByLabelText("Seems to be a bot"));
    expect((approve() as HTMLButtonElement).disabled).toBe(true);
    expect((reject() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(reasons).getByLabelText("Seems to be a bot"));
    expect((approve() as HTMLButtonElement).disabled).toBe(false);
    expect((reject() as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers the catalogue's reasons translated, then the contest's own", () => {
    renderPanel();
    const reasons = screen.getByRole("group", { name: "Reasons to reject" });
    const labels = within(reasons)
      .getAllByRole("checkbox")
      .map((box) => box.closest("label")?.textContent);
    expect(labels).toEqual([
      "Takes part in too many contests",
      "Seems to be a bot",
      "Account of the team or a friend",
      "Breaks the network's rules",
      "Publishes hateful content",
      "Did not complete the entry",
      "Fake giveaway account",
    ]);
  });

  it("sends the rejection with its reasons and that the profile was opened", async () => {
    const { decide, onDecided } = renderPanel();
    openProfile();
    fireEvent.click(screen.getByLabelText("Fake giveaway account"));
    fireEvent.click(screen.getByLabelText("Takes part in too many contests"));
    fireEvent.click(reject());
    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(decide).toHaveBeenCalledWith({
      decision: "reject",
      reasons: ["Fake giveaway account", "tooManyContests"],
      opened_profile: true,
    });
  });

  it("steps through the comments x / n with the buttons and the arrow keys", () => {
    renderPanel();
    const viewer = screen.getByRole("figure", { name: "Comment 1 / 2" });
    expect(viewer.textContent).toContain("Summer is here");
    fireEvent.click(screen.getByRole("button", { name: /Next comment/ }));
    expect(screen.getByRole("figure", { name: "Comment 2 / 2" }).textContent).toContain("@friend");
    expect((screen.getByRole("button", { name: /Next comment/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole("figure"), { key: "ArrowLeft" });
    expect(screen.getByRole("figure", { name: "Comment 1 / 2" })).toBeTruthy();
  });

  it("marks keywords yellow and prediction words purple, with a text alternative", () => {
    renderPanel();
    const figure = screen.getByRole("figure");
    const keyword = figure.querySelector("mark.hl-keyword");
    const prediction = figure.querySelector("mark.hl-prediction");
    expect(keyword?.textContent).toBe("keyword: Summer");
    expect(prediction?.textContent).toBe("prediction: 2-1");
  });

  it("shows the server's 422 message next to the buttons", async () => {
    renderPanel({
      decide: async () => {
        throw new ApiError(422, {
          error: "validation",
          message: "The given data was invalid.",
          errors: { reasons: ["Pick a reason to reject."] },
        });
      },
    });
    openProfile();
    fireEvent.click(screen.getByLabelText("Seems to be a bot"));
    fireEvent.click(reject());
    expect((await screen.findByRole("alert")).textContent).toBe("Pick a reason to reject.");
  });

  it("says why nothing can be decided on a drawn contest", () => {
    renderPanel({ locked: "The contest is drawn." });
    openProfile();
    expect((approve() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("The contest is drawn.")).toBeTruthy();
  });
});

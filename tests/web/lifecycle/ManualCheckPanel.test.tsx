import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../web/src/api/errors";
import { activateLocale } from "../../../web/src/i18n/activate";
import type { CheckBody, Entry, ProfileOpening } from "../../../web/src/lifecycle/api";
import { commentTermsOf, manualCheckReasonsOf } from "../../../web/src/lifecycle/contest-rules";
import { ManualCheckPanel } from "../../../web/src/lifecycle/ManualCheckPanel";
import { entryFixture, reviewContest } from "../../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../../web/src/testing/Providers";

beforeAll(() => activateLocale("en"));

function renderPanel(
  opts: {
    entry?: Entry;
    decide?: (body: CheckBody) => Promise<Entry>;
    openProfile?: () => Promise<ProfileOpening>;
    locked?: string | null;
  } = {},
) {
  const entry = opts.entry ?? entryFixture();
  const openProfile = vi.fn(
    opts.openProfile ??
      (async () => ({
        entrant_id: entry._id,
        profile_url: entry.account.url ?? "",
        opened_at: "2030-03-08T10:00:00.000Z",
      })),
  );
  const onProfileOpened = vi.fn();
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
        openProfile={openProfile}
        onProfileOpened={onProfileOpened}
        locked={opts.locked ?? null}
      />
    </Providers>,
  );
  return { decide, onDecided, openProfile, onProfileOpened };
}

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const opening = (entry: Entry): ProfileOpening => ({
  entrant_id: entry._id,
  profile_url: entry.account.url ?? "",
  opened_at: "2030-03-08T10:00:00.000Z",
});

const approve = () => screen.getByRole("button", { name: "Approve" });
const reject = () => screen.getByRole("button", { name: "Reject" });
const profileLink = () => screen.getByRole("link", { name: /Open the profile/ });
const openProfile = () => fireEvent.click(profileLink());
const unlocked = () => waitFor(() => expect((approve() as HTMLButtonElement).disabled).toBe(false));

describe("the manual check of an entrant", () => {
  it("shows the entrant's followers, following and posts beside the name, the figures a reviewer judges by", () => {
    const entry = entryFixture();
    renderPanel({
      entry: { ...entry, account: { ...entry.account, followers: 4_200, following: 12, posts: 0 } },
    });
    const panel = screen.getByRole("region", { name: "Manual check of Ana Lima" });
    expect(within(panel).getByText("Followers: 4.2K")).toBeTruthy();
    expect(within(panel).getByText("Following: 12")).toBeTruthy();
    expect(within(panel).getByText("Posts: 0")).toBeTruthy();
  });

  it("keeps approve and reject disabled until the server recorded that the profile was opened in a new tab", async () => {
    const entry = entryFixture();
    const call = deferred<ProfileOpening>();
    const { openProfile: record, onProfileOpened } = renderPanel({ entry, openProfile: () => call.promise });
    const link = profileLink();
    expect(link.getAttribute("href")).toBe("https://x.com/ana_lima");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect((approve() as HTMLButtonElement).disabled).toBe(true);
    expect((reject() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Open the entrant's profile first/)).toBeTruthy();

    // The link still opens the tab itself: the click is not prevented, the call goes meanwhile.
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    act(() => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(false);
    expect(record).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status").textContent).toBe("Recording that you opened the profile…");
    expect((approve() as HTMLButtonElement).disabled).toBe(true);

    await act(async () => call.resolve(opening(entry)));
    expect((approve() as HTMLButtonElement).disabled).toBe(false);
    expect((reject() as HTMLButtonElement).disabled).toBe(true);
    expect(onProfileOpened).toHaveBeenCalledTimes(1);
  });

  it("starts unlocked when the list says this reviewer opened the profile already", () => {
    const entry = entryFixture();
    const { openProfile: record } = renderPanel({
      entry: { ...entry, manual_check: { ...entry.manual_check, profile_opened: true } },
    });
    expect((approve() as HTMLButtonElement).disabled).toBe(false);
    expect(record).not.toHaveBeenCalled();
  });

  it("records the opening from a middle click, not from the right button's menu", async () => {
    const { openProfile: record } = renderPanel();
    fireEvent(profileLink(), new MouseEvent("auxclick", { bubbles: true, button: 2 }));
    expect(record).not.toHaveBeenCalled();
    fireEvent(profileLink(), new MouseEvent("auxclick", { bubbles: true, button: 1 }));
    expect(record).toHaveBeenCalledTimes(1);
    await unlocked();
  });

  it("stays locked and says why when the opening could not be recorded", async () => {
    renderPanel({
      openProfile: async () => {
        throw new ApiError(409, {
          error: "conflict",
          message: "This account has no profile link: it cannot be checked by hand.",
        });
      },
    });
    openProfile();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This account has no profile link: it cannot be checked by hand.",
    );
    expect((approve() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Open the entrant's profile first/)).toBeTruthy();
  });

  it("asks to open the profile again when the server holds someone else's opening", async () => {
    const { decide } = renderPanel({
      decide: async () => {
        throw new ApiError(422, {
          error: "validation",
          message: "The given data was invalid.",
          errors: { opened_profile: ["Open the entrant's profile before deciding."] },
        });
      },
    });
    openProfile();
    await unlocked();
    fireEvent.click(approve());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Open the entrant's profile before deciding.",
    );
    expect(decide).toHaveBeenCalledTimes(1);
    expect((approve() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Open the entrant's profile first/)).toBeTruthy();
  });

  it("approves only with no reason and rejects only with at least one", async () => {
    renderPanel();
    openProfile();
    await unlocked();
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

  it("sends the rejection with its reasons once the opening is recorded", async () => {
    const { decide, onDecided, openProfile: record } = renderPanel();
    openProfile();
    await unlocked();
    fireEvent.click(screen.getByLabelText("Fake giveaway account"));
    fireEvent.click(screen.getByLabelText("Takes part in too many contests"));
    fireEvent.click(reject());
    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(decide).toHaveBeenCalledWith({
      decision: "reject",
      reasons: ["Fake giveaway account", "tooManyContests"],
    });
    expect(record.mock.invocationCallOrder[0]).toBeLessThan(decide.mock.invocationCallOrder[0] ?? 0);
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
    await unlocked();
    fireEvent.click(screen.getByLabelText("Seems to be a bot"));
    fireEvent.click(reject());
    expect((await screen.findByRole("alert")).textContent).toBe("Pick a reason to reject.");
  });

  it("says why nothing can be decided on a drawn contest, and records no opening there", () => {
    const { openProfile: record } = renderPanel({ locked: "The contest is drawn." });
    openProfile();
    expect(record).not.toHaveBeenCalled();
    expect((approve() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("The contest is drawn.")).toBeTruthy();
  });
});

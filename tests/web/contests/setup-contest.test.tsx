import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ContestData } from "../../../web/src/contest/types";
import { listOf, SetupContestDialog } from "../../../web/src/dialogs/SetupContestDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import { contests } from "../../../web/src/testing/contest-fixtures";
import { error, invalid } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

beforeAll(() => activateLocale("en"));
afterEach(() => {
  vi.restoreAllMocks();
});

const WINNERS_QUOTA = 20;
const teamUser = (features?: string[]) =>
  userWith((u) => {
    u.currentTeam.quotas = { ...u.currentTeam.quotas, winners: WINNERS_QUOTA };
    if (features) u.currentTeam.features = features;
  });

function open(contest: ContestData = contests.closedClassic, user = teamUser()) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers user={user}>
      <SetupContestDialog contest={contest} onClose={onClose} onSaved={onSaved} />
    </Providers>,
  );
  const dialog = screen.getByRole("dialog", { name: `Set up ${contest.name}` });
  return { dialog, onSaved, onClose };
}

const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole("button", { name: "Save the setup" }));

describe("setup contest dialog", () => {
  it("sends the winners and each filter switched on, with its cleaned list", async () => {
    const { calls } = mockApi({
      "POST /teams/current/contests/:id/setup": () => ({ body: contests.closedClassicSetUp }),
    });
    const { dialog, onSaved } = open();
    fireEvent.change(within(dialog).getByLabelText("Number of winners"), { target: { value: "4" } });
    fireEvent.click(within(dialog).getByLabelText("Remove the winners of the team's recent contests"));
    fireEvent.change(within(dialog).getByLabelText("Won in the last … months"), { target: { value: "6" } });
    fireEvent.click(within(dialog).getByLabelText("Remove some accounts (the team's own, friends, rivals)"));
    fireEvent.change(within(dialog).getByLabelText("Accounts to remove, one a line"), {
      target: { value: "@rival\n\n @Friend , @rival" },
    });
    fireEvent.click(within(dialog).getByLabelText("Check the entrants by hand before the draw"));
    fireEvent.click(within(dialog).getByLabelText("Seems to be a bot"));
    fireEvent.change(within(dialog).getByLabelText(/Your own reasons/), {
      target: { value: "Shop account" },
    });
    save(dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(contests.closedClassicSetUp));
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: `/teams/current/contests/${contests.closedClassic._id}/setup`,
      body: {
        nb_winners: 4,
        exclude_previous_winners: { enabled: true, nb_months: 6 },
        exclude_accounts: { enabled: true, list: ["@rival", "@Friend"] },
        manual_check: { enabled: true, list: ["seemsAutomated", "Shop account"] },
      },
    });
    expect(calls[0]?.body).not.toHaveProperty("exclude_contains_badword");
  });

  it("starts from the contest's current setup", () => {
    const contest: ContestData = {
      ...contests.closedClassicSetUp,
      config: { ...contests.closedClassicSetUp.config, nb_winners: 3 },
      cb_data: {
        base: {
          nb_winners: 3,
          exclude_contains_badword: { enabled: true, touched: false, list: ["spam", "fake"] },
          manual_check: { enabled: true, list: ["tooManyContests", "Shop account"] },
        },
      },
    };
    const { dialog } = open(contest);
    expect((within(dialog).getByLabelText("Number of winners") as HTMLInputElement).value).toBe("3");
    expect((within(dialog).getByLabelText(/Words, one a line/) as HTMLTextAreaElement).value).toBe(
      "spam\nfake",
    );
    expect(
      (within(dialog).getByLabelText("Takes part in too many contests") as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(dialog).getByLabelText(/Your own reasons/) as HTMLTextAreaElement).value).toBe(
      "Shop account",
    );
  });

  it("disables each filter the plan lacks, with the star to the plans", () => {
    const { dialog } = open(contests.closedClassic, teamUser(["draw.excludePreviousWinners"]));
    const previous = within(dialog).getByLabelText("Remove the winners of the team's recent contests");
    expect((previous as HTMLInputElement).disabled).toBe(false);
    for (const label of [
      "Remove some accounts (the team's own, friends, rivals)",
      "Remove the entrants whose comment holds one of these words",
      "Check the entrants by hand before the draw",
    ]) {
      expect((within(dialog).getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
    }
    expect(within(dialog).getAllByRole("link", { name: "Needs a higher plan: see the plans" })).toHaveLength(
      3,
    );
  });

  it("says beside each field what the server refused, and lets the person try again", async () => {
    mockApi({
      "POST /teams/current/contests/:id/setup": () =>
        invalid({
          nb_winners: "Is not into a valid interval.",
          "exclude_contains_badword.list.0": "Must be between 3 and 50 characters.",
        }),
    });
    const { dialog, onSaved } = open();
    fireEvent.change(within(dialog).getByLabelText("Number of winners"), { target: { value: "99" } });
    fireEvent.click(
      within(dialog).getByLabelText("Remove the entrants whose comment holds one of these words"),
    );
    fireEvent.change(within(dialog).getByLabelText(/Words, one a line/), { target: { value: "ab" } });
    save(dialog);
    expect(await within(dialog).findByText("Is not into a valid interval.")).toBeTruthy();
    expect(within(dialog).getByText("Must be between 3 and 50 characters.")).toBeTruthy();
    expect(within(dialog).getByLabelText("Number of winners").getAttribute("aria-invalid")).toBe("true");
    const button = within(dialog).getByRole("button", { name: "Save the setup" }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows any other failure in the app's error alert", async () => {
    mockApi({
      "POST /teams/current/contests/:id/setup": () =>
        error(409, "contestNoLongerEditable", "Contest can no longer be edited", { uid: "err-1" }),
    });
    const { dialog } = open(contests.closedClassic, demoUser);
    save(dialog);
    expect(await screen.findByRole("dialog", { name: "Contest can no longer be edited" })).toBeTruthy();
  });

  it("reads a list one entry a line or comma, without blanks nor repeats", () => {
    expect(listOf(" spam \n\nSPAM, fake  news ,")).toEqual(["spam", "fake news"]);
  });
});

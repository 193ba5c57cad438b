import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { members, ownerMember } from "../../../stories/team/fixtures";
import { DeleteTeamDialog, deleteNameMatches } from "../../../web/src/dialogs/DeleteTeamDialog";
import {
  canTransferTo,
  TransferOwnershipDialog,
  transferCandidates,
} from "../../../web/src/dialogs/TransferOwnershipDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import { error, json } from "../../../web/src/testing/fake-api";
import { demoUser } from "../../../web/src/testing/fixtures";
import { HOLD_DANGEROUS_MS } from "../../../web/src/widgets/HoldButton";
import { mockApi } from "../mock-api";
import { currentPath, renderShell } from "../shell/render";

beforeAll(() => activateLocale("en"));
afterEach(() => {
  vi.useRealTimers();
});

const team = { _id: "team-demo", name: "Demo team" };

/** Holds a hold button long enough for it to confirm (5 s: dangerous). */
function hold(button: HTMLElement) {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  fireEvent.pointerDown(button);
  act(() => {
    vi.advanceTimersByTime(HOLD_DANGEROUS_MS + 50);
  });
  vi.useRealTimers();
}

const deleteButton = () => screen.getByRole("button", { name: /Delete the team/ }) as HTMLButtonElement;

describe("DeleteTeamDialog", () => {
  it("matches the typed name with the team's exactly, spaces around aside", () => {
    expect(deleteNameMatches("Demo team", "Demo team")).toBe(true);
    expect(deleteNameMatches("  Demo team ", "Demo team")).toBe(true);
    expect(deleteNameMatches("demo team", "Demo team")).toBe(false);
    expect(deleteNameMatches("Demo", "Demo team")).toBe(false);
    expect(deleteNameMatches("", "")).toBe(false);
  });

  it("enables the hold button once the typed name equals the team name", () => {
    renderShell(<DeleteTeamDialog team={team} onClose={vi.fn()} />);
    const input = screen.getByLabelText("Type the team's name to confirm");
    expect(deleteButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: "Demo tea" } });
    expect(deleteButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: "Demo team" } });
    expect(deleteButton().disabled).toBe(false);
    expect(deleteButton().textContent).toContain("(hold 5 seconds)");
  });

  it("deletes, reloads the user, goes to /me/teams and says the team is deleted", async () => {
    const api = mockApi({
      "DELETE /teams/team-demo": json({ success: true }),
      "GET /users/me": json(demoUser),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    renderShell(<DeleteTeamDialog team={team} onClose={vi.fn()} />, { path: "/team/settings" });
    fireEvent.change(screen.getByLabelText("Type the team's name to confirm"), {
      target: { value: "Demo team" },
    });
    hold(deleteButton());
    expect(await screen.findByText("Team deleted")).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe("/me/teams"));
    expect(api.to("DELETE /teams/team-demo")).toHaveLength(1);
    expect(api.to("GET /users/me")).toHaveLength(1);
  });

  it("shows the refusal of a default team as an alert with a close action only", async () => {
    mockApi({
      "DELETE /teams/team-demo": error(403, "cantDeleteYourDefaultTeam", "A default team can't be deleted.", {
        uid: "e-1",
      }),
    });
    renderShell(<DeleteTeamDialog team={team} onClose={vi.fn()} />, { path: "/team/settings" });
    fireEvent.change(screen.getByLabelText("Type the team's name to confirm"), {
      target: { value: "Demo team" },
    });
    hold(deleteButton());
    expect(await screen.findByRole("dialog", { name: "A default team can't be deleted." })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Report the problem" })).toBeNull();
    expect(currentPath()).toBe("/team/settings");
  });
});

describe("TransferOwnershipDialog", () => {
  it("offers every member but the owner", () => {
    expect(transferCandidates(members).map((m) => m.name)).toEqual(["Bob Member", "Alice Member"]);
    expect(canTransferTo(members, "")).toBe(false);
    expect(canTransferTo(members, ownerMember._id)).toBe(false);
    expect(canTransferTo(members, "user-bob")).toBe(true);
  });

  it("enables the transfer once a non-owner member is chosen, then transfers and says so", async () => {
    const api = mockApi({
      "POST /teams/team-demo/transfer_ownership": json({ _id: "team-demo" }),
      "GET /users/me": json(demoUser),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    const onTransferred = vi.fn();
    renderShell(
      <TransferOwnershipDialog
        team={team}
        members={members}
        onClose={vi.fn()}
        onTransferred={onTransferred}
      />,
    );
    const select = (await screen.findByLabelText("New owner")) as HTMLSelectElement;
    const button = screen.getByRole("button", { name: /Transfer the ownership/ }) as HTMLButtonElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Choose a member",
      "Bob Member",
      "Alice Member",
    ]);
    expect(button.disabled).toBe(true);
    fireEvent.change(select, { target: { value: "user-alice" } });
    expect(button.disabled).toBe(false);
    hold(button);
    expect(await screen.findByText("Ownership transferred")).toBeTruthy();
    expect(api.to("POST /teams/team-demo/transfer_ownership")[0]?.body).toEqual({
      new_owner_id: "user-alice",
    });
    await waitFor(() => expect(onTransferred).toHaveBeenCalled());
  });

  it("says so when the team has nobody to give it to", async () => {
    renderShell(<TransferOwnershipDialog team={team} members={[ownerMember]} onClose={vi.fn()} />);
    expect(await screen.findByText(/The team has no other member yet/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Transfer the ownership/ })).toBeNull();
  });
});

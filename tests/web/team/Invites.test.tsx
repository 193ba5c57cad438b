import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { activeInvite, expiredInvite } from "../../../stories/team/fixtures";
import { InviteLinkDialog } from "../../../web/src/dialogs/InviteLinkDialog";
import { InviteMemberDialog } from "../../../web/src/dialogs/InviteMemberDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import TeamInvitesPage from "../../../web/src/pages/team/TeamInvitesPage";
import { error, invalid, json } from "../../../web/src/testing/fake-api";
import { userWith } from "../../../web/src/testing/fixtures";
import { COPIED_MS } from "../../../web/src/widgets/CopyButton";
import { mockApi } from "../mock-api";
import { renderShell } from "../shell/render";

beforeAll(() => activateLocale("en"));
const NOW = Date.parse("2026-05-07T09:50:00.000Z"); // 1 day 10 minutes before activeInvite expires
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  vi.setSystemTime(NOW);
  Object.assign(navigator, { clipboard: { writeText: vi.fn(async () => undefined) } });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("InviteLinkDialog", () => {
  it("counts down the time left of an active invite, second by second", () => {
    renderShell(<InviteLinkDialog invite={activeInvite} onClose={vi.fn()} />);
    const timer = screen.getByRole("timer");
    expect(timer.getAttribute("aria-label")).toBe("1 days 0 hours 10 minutes 0 seconds left");
    expect(timer.getAttribute("data-colour")).toBe("green");
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole("timer").getAttribute("aria-label")).toBe(
      "1 days 0 hours 9 minutes 57 seconds left",
    );
  });

  it("turns the countdown red in the last five minutes", () => {
    vi.setSystemTime(Date.parse(activeInvite.expires_at) - 200_000);
    renderShell(<InviteLinkDialog invite={activeInvite} onClose={vi.fn()} />);
    expect(screen.getByRole("timer").getAttribute("data-colour")).toBe("red");
  });

  it("copies the invite link and says so for 1 s", async () => {
    renderShell(<InviteLinkDialog invite={activeInvite} onClose={vi.fn()} />);
    const link = screen.getByLabelText("Invite link") as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/invite/demo-invite-carol`);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy the invite link" })));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(link.value);
    expect(screen.getByText("Copied!")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(COPIED_MS + 10);
    });
    expect(screen.queryByText("Copied!")).toBeNull();
  });

  it("shows neither link nor countdown for an invite that can no longer be used", () => {
    renderShell(<InviteLinkDialog invite={expiredInvite} onClose={vi.fn()} />);
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.queryByLabelText("Invite link")).toBeNull();
    expect(screen.getByText(/This invite expired on .*: its link no longer works\./)).toBeTruthy();
  });
});

describe("InviteMemberDialog", () => {
  it("shows the invite's link once created", async () => {
    vi.useRealTimers();
    const api = mockApi({ "POST /teams/current/members/invite": json(activeInvite, 201) });
    renderShell(<InviteMemberDialog onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("E-mail address (optional)"), {
      target: { value: "carol@fairdraw.test" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Create the invite" }));
    expect(await screen.findByRole("dialog", { name: "Invite to join the team" })).toBeTruthy();
    expect(api.to("POST /teams/current/members/invite")[0]?.body).toEqual({ email: "carol@fairdraw.test" });
  });

  it("shows an invalid address next to the field", async () => {
    vi.useRealTimers();
    mockApi({ "POST /teams/current/members/invite": invalid({ email: "Must be a valid e-mail address." }) });
    renderShell(<InviteMemberDialog onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("E-mail address (optional)"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the invite" }));
    expect(await screen.findByText("Must be a valid e-mail address.")).toBeTruthy();
    expect(screen.getByLabelText("E-mail address (optional)").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a full team's refusal as the image alert with the plans", async () => {
    vi.useRealTimers();
    mockApi({
      "POST /teams/current/members/invite": error(403, "maxMembersExceeded", "Your plan allows 5 member(s)."),
    });
    renderShell(<InviteMemberDialog onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Create the invite" }));
    const alert = await screen.findByRole("dialog", { name: "Your plan allows 5 member(s)." });
    expect(within(alert).getByRole("button", { name: "See the plans" })).toBeTruthy();
  });
});

describe("TeamInvitesPage", () => {
  it("lists the invites with their status, a countdown for the active one, and cancels it", async () => {
    vi.useRealTimers();
    const canceled = {
      ...activeInvite,
      status: "canceled" as const,
      canceled_at: "2026-05-03T10:00:00.000Z",
    };
    const api = mockApi({
      "GET /teams/current/invites/list": json({ data: [activeInvite, expiredInvite] }),
      "DELETE /teams/current/invites/inv-1": json(canceled),
    });
    renderShell(<TeamInvitesPage />, { path: "/team/invites" });
    const active = (await screen.findByText("carol@fairdraw.test")).closest("tr") as HTMLElement;
    expect(within(active).getByText("Active")).toBeTruthy();
    expect(within(active).getByRole("timer")).toBeTruthy();
    const expired = document.querySelector('[data-invite="inv-2"]') as HTMLElement;
    expect(within(expired).getByText("Expired")).toBeTruthy();
    expect(within(expired).queryByRole("button", { name: "Cancel" })).toBeNull();

    fireEvent.click(within(active).getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel the invite" }));
    expect(await screen.findByText("Invite canceled")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(within(active).getByText("Canceled")).toBeTruthy());
    expect(within(active).queryByRole("timer")).toBeNull();
    expect(api.to("DELETE /teams/current/invites/inv-1")).toHaveLength(1);
  });

  it("does not ask for the invites without the permission to see them", () => {
    vi.useRealTimers();
    const api = mockApi({});
    const member = userWith((u) => {
      u.permissions["team.invites.view_invite"] = false;
    });
    renderShell(<TeamInvitesPage />, { user: member, path: "/team/invites" });
    expect(screen.getByText("You don't have the permission to see the team's invites.")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

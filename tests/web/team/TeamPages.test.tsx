import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityItem } from "../../../codegen/types";
import { aliceMember, bobMember, members, ownerMember, sandboxAccount } from "../../../stories/team/fixtures";
import { activateLocale } from "../../../web/src/i18n/activate";
import TeamAccountsPage from "../../../web/src/pages/team/TeamAccountsPage";
import TeamActivityPage from "../../../web/src/pages/team/TeamActivityPage";
import TeamMembersPage, { memberActions } from "../../../web/src/pages/team/TeamMembersPage";
import TeamOverviewPage, { busiestNetwork } from "../../../web/src/pages/team/TeamOverviewPage";
import TeamSettingsPage from "../../../web/src/pages/team/TeamSettingsPage";
import { ACTIVITY_TYPES } from "../../../web/src/team/ActivitySentence";
import { error, invalid, json } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { renderShell } from "../shell/render";

beforeAll(() => activateLocale("en"));

describe("TeamOverviewPage", () => {
  it("shows the team, its plan, owner and quotas with what the server counts", async () => {
    const api = mockApi({
      "GET /teams/current/members/list": json({ data: members }),
      "GET /teams/current/quotas": json({
        data: {
          members: { used: 3, limit: 5, invites: 1 },
          accounts: { used: 2, limit: 5, per_provider: { bluesky: 2, tiktok: 1 } },
          drafts: { used: 2, limit: 10 },
          templates: { used: 4, limit: 10 },
          imports: { used: 7, limit: 50, period: "month" },
          contests: { used: 5, limit: 5 },
          winners: { limit: 50 },
          storage_mb: { used: 12.5, limit: 5000 },
        },
      }),
    });
    renderShell(<TeamOverviewPage />, { path: "/team/" });
    expect(screen.getByRole("heading", { level: 1, name: "Demo team" })).toBeTruthy();
    expect(screen.getByText("Business")).toBeTruthy();
    await screen.findByText("Dana Demo");
    const line = (name: string) => screen.getByRole("rowheader", { name }).closest("tr") as HTMLElement;
    const row = (name: string) => line(name).textContent;
    expect(row("Members")).toBe("Members3 (+1 invited)5");
    expect(row("Accounts per network")).toBe("Accounts per network2 on Bluesky and 1 on TikTok5");
    expect(row("Drafts")).toBe("Drafts210");
    expect(row("Templates")).toBe("Templates410");
    expect(row("Imports per month")).toBe("Imports per month750");
    expect(row("Running contests")).toBe("Running contests55");
    expect(line("Running contests").getAttribute("data-full")).toBe("true");
    expect(row("Winners per contest")).toBe("Winners per contest—A limit for each draw50");
    expect(row("Storage (MB)")).toBe("Storage (MB)12.55,000");
    // One call for the whole table: no list is read to count.
    expect(api.to("GET /teams/current/quotas")).toHaveLength(1);
    expect(api.to("GET /teams/current/accounts/list")).toHaveLength(0);
    expect(api.to("GET /teams/current/templates/list")).toHaveLength(0);
  });

  it("shows the plan's limits and a retry when the quotas can't be read", async () => {
    mockApi({
      "GET /teams/current/members/list": json({ data: members }),
      "GET /teams/current/quotas": error(500, "serverError", "Something went wrong."),
    });
    const user = userWith((u) => {
      u.currentTeam.quotas = {
        members: 5,
        accounts: 5,
        drafts: 10,
        templates: 10,
        imports: 50,
        contests: 5,
        winners: 50,
      };
    });
    renderShell(<TeamOverviewPage />, { user, path: "/team/" });
    expect(await screen.findByRole("button", { name: /Try again|Retry/ })).toBeTruthy();
    const row = (name: string) =>
      (screen.getByRole("rowheader", { name }).closest("tr") as HTMLElement).textContent;
    expect(row("Drafts")).toBe("Drafts—Not counted yet10");
  });

  it("counts the accounts quota on the busiest network", () => {
    expect(busiestNetwork([])).toBe(0);
    expect(busiestNetwork([{ provider: "a" }, { provider: "b" }, { provider: "a" }])).toBe(2);
  });
});

describe("TeamAccountsPage", () => {
  it("labels sandbox accounts and unlinks one, closing the dialog and saying so in a toast", async () => {
    mockApi({
      "GET /teams/current/accounts/list": json({ data: [sandboxAccount] }),
      "DELETE /teams/current/accounts/acc-bsky": json({ success: true }),
    });
    renderShell(<TeamAccountsPage />, { path: "/team/accounts" });
    const row = (await screen.findByText("Fairdraw Demo (bluesky)")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Sandbox")).toBeTruthy();
    expect(within(row).getByText("Bluesky")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Unlink Fairdraw Demo (bluesky)" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Unlink" }));
    expect(await screen.findByText("Account unlinked")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(screen.queryByText("Fairdraw Demo (bluesky)")).toBeNull());
  });

  it("says an account is up to date in a toast, not in a line of the page that outlives the account", async () => {
    mockApi({
      "GET /teams/current/accounts/list": json({ data: [sandboxAccount] }),
      "POST /teams/current/accounts/acc-bsky/refresh": json({ success: true }),
    });
    renderShell(<TeamAccountsPage />, { path: "/team/accounts" });
    fireEvent.click(await screen.findByRole("button", { name: "Refresh Fairdraw Demo (bluesky)" }));
    expect(await screen.findByText("Fairdraw Demo (bluesky) is up to date.")).toBeTruthy();
    // No status line of the page keeps it: the message lives in the toast list only.
    expect(document.querySelector(".team-page-notice")).toBeNull();
  });

  it("connects a real Bluesky account with a handle and an app password, and labels it live", async () => {
    const live = { ...sandboxAccount, _id: "acc-live", name: "Brand", sandbox: false };
    const api = mockApi({
      "GET /teams/current/accounts/list": [
        json({ data: [sandboxAccount] }),
        json({ data: [sandboxAccount, live] }),
      ],
      "POST /teams/current/accounts/link": [
        invalid({ app_password: "Bluesky refused this handle and app password." }),
        json(live, 201),
      ],
    });
    renderShell(<TeamAccountsPage />, { path: "/team/accounts" });
    fireEvent.click(await screen.findByRole("button", { name: "Link an account" }));
    const dialog = screen.getByRole("dialog", { name: "Link an account" });
    expect(within(dialog).queryByRole("form", { name: "Connect a Bluesky account" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("radio", { name: /Bluesky/ }));
    const form = within(dialog).getByRole("form", { name: "Connect a Bluesky account" });
    expect(
      within(form).getByRole("link", { name: "Make an app password on Bluesky" }).getAttribute("href"),
    ).toBe("https://bsky.app/settings/app-passwords");
    expect(within(dialog).getByRole("button", { name: "Add a sandbox account" })).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Connect the Bluesky account" }));
    expect(await within(form).findByText("Enter the account's handle.")).toBeTruthy();
    expect(api.to("POST /teams/current/accounts/link")).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText("Handle"), { target: { value: "brand.bsky.social" } });
    fireEvent.change(within(form).getByLabelText("App password"), {
      target: { value: "abcd-efgh-ijkl-mnop" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Connect the Bluesky account" }));
    expect(await within(form).findByText("Bluesky refused this handle and app password.")).toBeTruthy();
    expect(api.to("POST /teams/current/accounts/link")[0]?.body).toEqual({
      provider: "bluesky",
      identifier: "brand.bsky.social",
      app_password: "abcd-efgh-ijkl-mnop",
    });
    fireEvent.click(within(form).getByRole("button", { name: "Connect the Bluesky account" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Link an account" })).toBeNull());
    expect(await screen.findByText("Brand is linked.")).toBeTruthy();
    const row = (await screen.findByText("Brand")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Live account")).toBeTruthy();
    expect(within(row).queryByText("Sandbox")).toBeNull();
  });

  it("keeps the handle and the password when Bluesky cannot be reached, and says what it answered inline", async () => {
    const live = { ...sandboxAccount, _id: "acc-live", name: "Brand", sandbox: false };
    mockApi({
      "GET /teams/current/accounts/list": [
        json({ data: [sandboxAccount] }),
        json({ data: [sandboxAccount, live] }),
      ],
      "POST /teams/current/accounts/link": [
        {
          status: 503,
          body: { error: "networkUnavailable", message: "Bluesky did not answer in time.", uid: "e1" },
        },
        json(live, 201),
      ],
    });
    renderShell(<TeamAccountsPage />, { path: "/team/accounts" });
    fireEvent.click(await screen.findByRole("button", { name: "Link an account" }));
    const dialog = screen.getByRole("dialog", { name: "Link an account" });
    fireEvent.click(within(dialog).getByRole("radio", { name: /Bluesky/ }));
    const form = within(dialog).getByRole("form", { name: "Connect a Bluesky account" });
    fireEvent.change(within(form).getByLabelText("Handle"), { target: { value: "brand.bsky.social" } });
    fireEvent.change(within(form).getByLabelText("App password"), {
      target: { value: "abcd-efgh-ijkl-mnop" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Connect the Bluesky account" }));
    const said = await within(form).findByRole("alert");
    expect(said.textContent).toBe(
      "The account was not connected. Bluesky's answer: Bluesky did not answer in time.",
    );
    // The same dialog, the form as it was: nothing to type again.
    expect(screen.getByRole("dialog", { name: "Link an account" })).toBe(dialog);
    expect((within(form).getByLabelText("Handle") as HTMLInputElement).value).toBe("brand.bsky.social");
    expect((within(form).getByLabelText("App password") as HTMLInputElement).value).toBe(
      "abcd-efgh-ijkl-mnop",
    );
    fireEvent.click(within(form).getByRole("button", { name: "Connect the Bluesky account" }));
    expect(await screen.findByText("Brand is linked.")).toBeTruthy();
  });

  it("refreshes an account and says whether it worked", async () => {
    const api = mockApi({
      "GET /teams/current/accounts/list": json({ data: [sandboxAccount] }),
      "POST /teams/current/accounts/acc-bsky/refresh": json({ success: true }),
    });
    renderShell(<TeamAccountsPage />, { path: "/team/accounts" });
    fireEvent.click(await screen.findByRole("button", { name: "Refresh Fairdraw Demo (bluesky)" }));
    expect(await screen.findByText("Fairdraw Demo (bluesky) is up to date.")).toBeTruthy();
    await waitFor(() => expect(api.to("GET /teams/current/accounts/list")).toHaveLength(2));
  });

  it("hides the actions the person lacks", async () => {
    mockApi({ "GET /teams/current/accounts/list": json({ data: [sandboxAccount] }) });
    const member = userWith((u) => {
      u.permissions["team.accounts.unlink_account"] = false;
      u.permissions["team.accounts.update_account"] = false;
    });
    renderShell(<TeamAccountsPage />, { user: member, path: "/team/accounts" });
    const row = (await screen.findByText("Fairdraw Demo (bluesky)")).closest("tr") as HTMLElement;
    expect(within(row).queryByRole("button", { name: /^Unlink/ })).toBeNull();
    expect(within(row).queryByRole("button", { name: /^Refresh/ })).toBeNull();
    expect(within(row).getByRole("button", { name: /^Request reconnect/ })).toBeTruthy();
  });

  it("keeps unknown errors on the page", async () => {
    mockApi({ "GET /teams/current/accounts/list": error(500, "serverError", "Boom.", { uid: "u" }) });
    renderShell(<TeamAccountsPage />, { path: "/team/accounts" });
    expect(await screen.findByText("This could not be loaded.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("TeamMembersPage", () => {
  it("offers permissions and removal for other members only, never the owner or oneself", () => {
    const can = { managePermissions: true, remove: true };
    expect(memberActions(demoUser, ownerMember, can)).toEqual({ permissions: false, remove: false });
    expect(memberActions({ _id: aliceMember._id }, aliceMember, can)).toEqual({
      permissions: false,
      remove: false,
    });
    expect(memberActions(demoUser, bobMember, can)).toEqual({ permissions: true, remove: true });
    expect(memberActions(demoUser, bobMember, { managePermissions: false, remove: true })).toEqual({
      permissions: false,
      remove: true,
    });
  });

  it("removes a member, closing the dialog and saying so in a toast", async () => {
    mockApi({
      "GET /teams/current/members/list": json({ data: members }),
      "DELETE /teams/current/members/user-bob": json({ success: true }),
    });
    renderShell(<TeamMembersPage />, { path: "/team/members" });
    expect(await screen.findByText("3 of 0 members")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove Bob Member" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Member removed")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(screen.queryByText("Bob Member")).toBeNull());
  });
});

describe("TeamActivityPage", () => {
  const item = (type: string, meta: ActivityItem["meta"] = {}): ActivityItem => ({
    _id: `a-${type}`,
    type: type as ActivityItem["type"],
    created_at: "2026-05-01T10:00:00.000Z",
    user: { name: "Dana", profile_picture: null },
    targetUser: type === "removeTeamMember" ? { name: "Bob" } : null,
    team: { name: "Demo team" },
    meta,
  });

  it("writes every activity type as its own sentence", async () => {
    const meta = {
      account: { name: "fairdraw", profile_picture: null, provider: "bluesky" },
      contest: { _id: "c1", name: "Summer" },
      team: { name: "Demo team" },
    };
    mockApi({ "GET /teams/current/activity/list": json({ data: ACTIVITY_TYPES.map((t) => item(t, meta)) }) });
    renderShell(<TeamActivityPage />, { path: "/team/activity" });
    await screen.findByText((_, el) => el?.textContent === "Dana created the team Demo team.");
    const sentences = [...document.querySelectorAll(".team-activity-sentence")].map((p) => p.textContent);
    expect(sentences).toEqual([
      "Dana created the team Demo team.",
      "Dana joined the team.",
      "Dana linked the Bluesky account fairdraw.",
      "Dana invited someone to join the team.",
      "Dana invited someone to link an account.",
      "Dana removed Bob from the team.",
      "Dana unlinked the account fairdraw.",
      "Dana took back their account fairdraw.",
      "Dana canceled an invite.",
      "Dana created the contest Summer.",
      "Dana loaded the contest Summer.",
      "Dana loaded the entries of Summer.",
      "Dana started the draw of Summer.",
      "Dana finished the draw of Summer.",
      "The team's billing changed.",
    ]);
    expect(screen.getAllByRole("link", { name: "Summer" })[0]?.getAttribute("href")).toBe("/contest/c1/");
  });

  it("loads older activity a page at a time", async () => {
    const page = Array.from({ length: 20 }, (_, i) => ({
      ...item("joinTeam"),
      _id: `a${String(i).padStart(2, "0")}`,
    }));
    const api = mockApi({
      "GET /teams/current/activity/list": [
        json({ data: page }),
        json({ data: [{ ...item("cancelInvite"), _id: "z" }] }),
      ],
    });
    renderShell(<TeamActivityPage />, { path: "/team/activity" });
    fireEvent.click(await screen.findByRole("button", { name: "Show older activity" }));
    await screen.findByText((_, el) => el?.textContent === "Dana canceled an invite.");
    expect(api.to("GET /teams/current/activity/list")[1]?.query.get("before")).toBe("a19");
    expect(screen.queryByRole("button", { name: "Show older activity" })).toBeNull();
  });
});

describe("TeamSettingsPage", () => {
  it("renames the team, showing the API's message for a bad name", async () => {
    const api = mockApi({
      "POST /teams/current": [
        invalid({ name: "Is required." }),
        json({ ...demoUser.currentTeam, name: "New name" }),
      ],
      "GET /users/me": json(demoUser),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    renderShell(<TeamSettingsPage />, { path: "/team/settings" });
    const input = screen.getByLabelText("Team name");
    const save = screen.getByRole("button", { name: "Save the name" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "x" } });
    fireEvent.click(save);
    expect(await screen.findByText("Is required.")).toBeTruthy();
    fireEvent.change(input, { target: { value: "New name" } });
    fireEvent.click(save);
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(api.to("POST /teams/current")[1]?.body).toEqual({ name: "New name" });
  });

  it("saves the builder's shortlink setting", async () => {
    const api = mockApi({
      "POST /teams/current": json(demoUser.currentTeam),
      "GET /users/me": json(demoUser),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    renderShell(<TeamSettingsPage />, { path: "/team/settings" });
    expect(screen.getByText("Not chosen yet: the builder asks the first time.")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Always make a shortlink" }));
    fireEvent.click(screen.getByRole("button", { name: "Save the setting" }));
    await waitFor(() => expect(api.to("POST /teams/current")).toHaveLength(1));
    expect(api.to("POST /teams/current")[0]?.body).toEqual({
      meta: { contest_builder_create_shortlinks_on_paste: "always" },
    });
  });

  it("leaves everything read-only without the permission to edit", () => {
    const member = userWith((u) => {
      u.permissions["team.settings.edit_information"] = false;
      u.permissions["team.settings.delete_team"] = false;
      u.permissions["team.settings.transfer_ownership"] = false;
    });
    renderShell(<TeamSettingsPage />, { user: member, path: "/team/settings" });
    expect((screen.getByLabelText("Team name") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("radio", { name: "Never make a shortlink" }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole("button", { name: "Delete the team" })).toBeNull();
  });

  it("keeps a default team from being given away or deleted", () => {
    renderShell(<TeamSettingsPage />, { path: "/team/settings" });
    expect(screen.getByText(/This is a default team/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Delete the team" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("opens the delete dialog for another team", () => {
    const user = userWith((u) => {
      u.currentTeam.is_default = false;
    });
    renderShell(<TeamSettingsPage />, { user, path: "/team/settings" });
    fireEvent.click(screen.getByRole("button", { name: "Delete the team" }));
    expect(screen.getByRole("dialog", { name: "Delete the team Demo team?" })).toBeTruthy();
  });
});

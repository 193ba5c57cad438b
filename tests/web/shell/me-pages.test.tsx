import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityItem } from "../../../codegen/types";
import { activateLocale } from "../../../web/src/i18n/activate";
import LinkPage, { LINKABLE_PROVIDERS } from "../../../web/src/pages/LinkPage";
import MyActivityPage from "../../../web/src/pages/me/MyActivityPage";
import MyDelegationPage from "../../../web/src/pages/me/MyDelegationPage";
import MySettingsPage, { asksConfirmation } from "../../../web/src/pages/me/MySettingsPage";
import MyTeamsPage from "../../../web/src/pages/me/MyTeamsPage";
import WelcomePage, { TUTORIAL_STEPS } from "../../../web/src/pages/WelcomePage";
import { error, json } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { currentPath, renderShell } from "./render";

beforeAll(() => activateLocale("en"));

function activity(n: number, over: Partial<ActivityItem> = {}): ActivityItem {
  return {
    _id: n.toString(16).padStart(24, "0"),
    type: "joinTeam",
    created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    user: { name: "Dana Demo", profile_picture: null },
    targetUser: null,
    team: { name: "Demo team" },
    meta: {},
    ...over,
  };
}

/** An activity sentence, read whole: the name of who did it is set apart in bold. */
const sentence = (text: string) => (_: string, el: Element | null) =>
  el?.tagName === "P" && el.textContent === text;

const created = (n: number, name: string, team = "Demo team") =>
  activity(n, { type: "createContest", team: { name: team }, meta: { contest: { _id: `c${n}`, name } } });

describe("MyTeamsPage", () => {
  it("lists the teams with plan and role, the current one first and marked", () => {
    renderShell(<MyTeamsPage />, { path: "/me/teams" });
    expect(screen.getByRole("heading", { level: 1, name: "My teams" })).toBeTruthy();
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      "Demo teamCurrent team",
      "Other team",
    ]);
    expect(rows[0]?.textContent).toContain("Business");
    expect(rows[0]?.textContent).toContain("Owner");
    expect(rows[1]?.textContent).toContain("Member");
    expect(
      within(rows[0] as HTMLElement)
        .getByRole("link", { name: "Open" })
        .getAttribute("href"),
    ).toBe("/team/");
  });

  it("switches to another team and goes to the dashboard", async () => {
    const api = mockApi({
      "POST /users/switch_team": json(demoUser),
      "GET /users/me": json(demoUser),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    renderShell(<MyTeamsPage />, { path: "/me/teams" });
    fireEvent.click(screen.getByRole("button", { name: "Switch to Other team" }));
    await waitFor(() => expect(currentPath()).toBe("/"));
    expect(api.to("POST /users/switch_team")[0]?.body).toEqual({ team_id: "team-other" });
  });

  it("stays and shows the error when the switch fails", async () => {
    mockApi({ "POST /users/switch_team": error(404, "notFound", "This team does not exist.") });
    renderShell(<MyTeamsPage />, { path: "/me/teams" });
    fireEvent.click(screen.getByRole("button", { name: "Switch to Other team" }));
    expect(await screen.findByRole("dialog", { name: "This team does not exist." })).toBeTruthy();
    expect(currentPath()).toBe("/me/teams");
  });
});

describe("creating a team", () => {
  it("creates it from /me/teams, reloads the user and opens the new team's page", async () => {
    const api = mockApi({
      "POST /teams": json(
        { ...demoUser.currentTeam, _id: "team-new", name: "Agency brand", is_default: false },
        201,
      ),
      "GET /users/me": json(demoUser),
      "GET /refresh_csrf": json({ csrf_token: "t" }),
    });
    renderShell(<MyTeamsPage />, { path: "/me/teams" });
    fireEvent.click(screen.getByRole("button", { name: "Create a team" }));
    const dialog = await screen.findByRole("dialog", { name: "Create a team" });
    // An empty name is refused here, without a call.
    fireEvent.click(within(dialog).getByRole("button", { name: "Create the team" }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", "Give the team a name.");
    expect(api.to("POST /teams")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Team name"), { target: { value: " Agency brand " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create the team" }));
    await waitFor(() => expect(currentPath()).toBe("/team/"));
    expect(api.to("POST /teams")[0]?.body).toEqual({ name: "Agency brand" });
    expect(api.to("GET /users/me").length).toBeGreaterThan(0);
    expect(await screen.findByText("Team created")).toBeTruthy();
  });

  it("shows the server's word on the name field", async () => {
    mockApi({
      "POST /teams": error(422, "validation", "The given data was invalid.", {
        errors: { name: ["Too long."] },
      }),
    });
    renderShell(<MyTeamsPage />, { path: "/me/teams" });
    fireEvent.click(screen.getByRole("button", { name: "Create a team" }));
    const dialog = await screen.findByRole("dialog", { name: "Create a team" });
    fireEvent.change(within(dialog).getByLabelText("Team name"), { target: { value: "Brand" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create the team" }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", "Too long.");
    expect(currentPath()).toBe("/me/teams");
  });
});

describe("MyDelegationPage", () => {
  const delegation = {
    delegation_id: "d1",
    team: { _id: "t9", name: "Acme" },
    provider: "bluesky",
    name: "Dana",
    screen_name: "dana.bsky.social",
    profile_picture: null,
    delegated_at: "2026-02-01T10:00:00.000Z",
    nb_contests: 3,
  };
  const account = {
    _id: "a1",
    provider: "bluesky",
    external_id: "x",
    name: "Dana",
    screen_name: "dana.bsky.social",
    profile_picture: null,
    url: "https://bsky.app/profile/dana",
    linked_at: "2026-01-15T10:00:00.000Z",
    nb_contests: 3,
    disabled: false,
    sandbox: true,
    meta: {},
  };

  it("lists the lent accounts and the person's own accounts", async () => {
    mockApi({
      "GET /users/me/delegations/list": json({ data: [delegation] }),
      "GET /users/me/accounts/list": json({ data: [account] }),
    });
    renderShell(<MyDelegationPage />, { path: "/me/delegation" });
    const lent = await screen.findByRole("row", { name: /Acme/ });
    expect(lent.textContent).toContain("@dana.bsky.social");
    expect(lent.textContent).toContain("Bluesky");
    expect(lent.textContent).toContain("3");
    expect(await screen.findByText("Sandbox")).toBeTruthy();
  });

  it("opens the remove dialog of a lent account from its row", async () => {
    const api = mockApi({
      "GET /users/me/delegations/list": json({ data: [delegation] }),
      "GET /users/me/accounts/list": json({ data: [] }),
    });
    renderShell(<MyDelegationPage />, { path: "/me/delegation" });
    fireEvent.click(await screen.findByRole("button", { name: "Remove Dana from Acme" }));
    expect(screen.getByRole("dialog", { name: "Remove a lent account" })).toBeTruthy();
    expect(api.to("GET /users/me/delegations/list")).toHaveLength(1);
  });

  it("says when nothing is lent and no account is linked", async () => {
    mockApi({
      "GET /users/me/delegations/list": json({ data: [] }),
      "GET /users/me/accounts/list": json({ data: [] }),
    });
    renderShell(<MyDelegationPage />, { path: "/me/delegation" });
    expect(await screen.findByText("You lend no account to a team.")).toBeTruthy();
    expect(await screen.findByText(/No account of yours is linked yet/)).toBeTruthy();
  });

  it("offers a retry when a list fails", async () => {
    mockApi({
      "GET /users/me/delegations/list": [error(500, "serverError", "Down"), json({ data: [delegation] })],
      "GET /users/me/accounts/list": json({ data: [] }),
    });
    renderShell(<MyDelegationPage />, { path: "/me/delegation" });
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("row", { name: /Acme/ })).toBeTruthy();
  });
});

describe("MyActivityPage", () => {
  it("shows what the person did, newest first, and loads 20 more on demand", async () => {
    const first = Array.from({ length: 20 }, (_, i) => activity(100 - i));
    const api = mockApi({
      "GET /users/me/activity/list": (call) =>
        call.query.get("before") ? json({ data: [created(1, "Spring draw")] }) : json({ data: first }),
    });
    renderShell(<MyActivityPage />, { path: "/me/activity" });
    expect(await screen.findAllByText(sentence("Dana Demo joined the team Demo team."))).toHaveLength(20);
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText(/created the contest/)).toBeTruthy();
    expect(api.to("GET /users/me/activity/list")[1]?.query.get("before")).toBe(first[19]?._id);
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    const contest = screen.getByRole("link", { name: "Spring draw" });
    expect(contest.getAttribute("href")).toBe("/contest/c1/");
  });

  it("says when there is nothing yet", async () => {
    mockApi({ "GET /users/me/activity/list": json({ data: [] }) });
    renderShell(<MyActivityPage />, { path: "/me/activity" });
    expect(await screen.findByText("Nothing yet. Your actions in your teams will show here.")).toBeTruthy();
  });

  it("words each type of activity", async () => {
    const items: ActivityItem[] = [
      activity(9, {
        type: "addTeamAccount",
        meta: { account: { name: "Acme on X", profile_picture: null, provider: "twitter" } },
      }),
      activity(8, { type: "removeTeamMember", targetUser: { name: "Bob" } }),
      activity(7, { type: "cancelInvite", meta: { invite: { key: "k" } } }),
      activity(6, { type: "createTeam" }),
    ];
    mockApi({ "GET /users/me/activity/list": json({ data: items }) });
    renderShell(<MyActivityPage />, { path: "/me/activity" });
    expect(await screen.findByText(sentence("Dana Demo linked Acme on X to Demo team."))).toBeTruthy();
    expect(screen.getByText(sentence("Dana Demo removed Bob from Demo team."))).toBeTruthy();
    expect(screen.getByText(sentence("Dana Demo canceled an invitation to Demo team."))).toBeTruthy();
    expect(screen.getByText(sentence("Dana Demo created the team Demo team."))).toBeTruthy();
  });
});

// MyContestsPage: tests/web/shell/MyContestsPage.test.tsx.

describe("MySettingsPage, ways to sign in", () => {
  const google = { provider: "google", display_name: "Google", color: "#4285F4", icon: "google" };
  const twitch = { provider: "twitch", display_name: "Twitch", color: "#9146FF", icon: "twitch" };
  const login = {
    _id: "0123456789abcdef01234567",
    provider: "google",
    name: "Dana Demo",
    screen_name: null,
    email: "dana@gmail.example",
    profile_picture: null,
    linked_at: "2026-01-02T10:00:00.000Z",
    last_used_at: null,
  };

  it("lists the person's networks, removes one, and offers to add each configured network", async () => {
    let logins = [login];
    const api = mockApi({
      "GET /auth/networks": json({ data: [google, twitch] }),
      "GET /users/me/sign_in/list": () => json({ data: logins }),
      "DELETE /users/me/sign_in/0123456789abcdef01234567": () => {
        logins = [];
        return json({ success: true });
      },
    });
    renderShell(<MySettingsPage />, { path: "/me/settings" });
    const section = (await screen.findByRole("heading", { name: "Ways to sign in" })).closest(
      "section",
    ) as HTMLElement;
    expect(await within(section).findByText("dana@gmail.example")).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Add Twitch" }).getAttribute("href")).toBe(
      "/api/v1/users/me/sign_in/connect/twitch",
    );
    // Google is in use already: it is not offered again.
    expect(within(section).queryByRole("link", { name: "Add Google" })).toBeNull();
    fireEvent.click(within(section).getByRole("button", { name: "Remove Google" }));
    const dialog = await screen.findByRole("dialog", { name: "Stop signing in with Google" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(
      await within(section).findByText("No network yet: you sign in with your e-mail code."),
    ).toBeTruthy();
    expect(api.to("DELETE /users/me/sign_in/0123456789abcdef01234567")).toHaveLength(1);
  });

  it("says once that a network was added, and why one could not be", async () => {
    mockApi({
      "GET /auth/networks": json({ data: [google, twitch] }),
      "GET /users/me/sign_in/list": json({ data: [] }),
    });
    renderShell(<MySettingsPage />, { path: "/me/settings?signin=error&reason=taken&provider=twitch" });
    expect(
      await screen.findByText("This Twitch login already signs in another Fairdraw account."),
    ).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe("/me/settings"));
  });
});

describe("MySettingsPage", () => {
  const routes = { "GET /users/me/activity/list": json({ data: [] }) };

  it("saves the name", async () => {
    const api = mockApi({ ...routes, "POST /users/me": json({ ...demoUser, name: "Dana D." }) });
    renderShell(<MySettingsPage />, { path: "/me/settings" });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: " Dana D. " } });
    fireEvent.click(screen.getByRole("button", { name: "Save the name" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(api.to("POST /users/me")[0]?.body).toEqual({ name: "Dana D." });
  });

  it("confirms a new address with the code sent to it", async () => {
    const updated = { ...demoUser, email: "dana@new.test" };
    const api = mockApi({
      "POST /users/me": (call) =>
        (call.body as { confirm_code?: string }).confirm_code
          ? json(updated)
          : json({ confirm_email: true, email: "dana@new.test" }, 202),
    });
    renderShell(<MySettingsPage />, { path: "/me/settings" });
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail address" }), {
      target: { value: "dana@new.test" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Change the address" }));
    await screen.findByRole("dialog", { name: "Confirm your new address" });
    fireEvent.paste(screen.getAllByRole("textbox").at(-6) as HTMLElement, {
      clipboardData: { getData: () => "135790" },
    });
    expect(await screen.findByText("Your address is now dana@new.test")).toBeTruthy();
    expect(api.to("POST /users/me").map((c) => c.body)).toEqual([
      { email: "dana@new.test" },
      { email: "dana@new.test", confirm_code: "135790" },
    ]);
  });

  it("shows the server's message next to an address already taken", async () => {
    mockApi({
      "POST /users/me": {
        status: 422,
        body: { error: "validation", message: "x", errors: { email: ["This address is already used."] } },
      },
    });
    renderShell(<MySettingsPage />, { path: "/me/settings" });
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail address" }), {
      target: { value: "bob@fairdraw.test" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Change the address" }));
    expect(await screen.findByText("This address is already used.")).toBeTruthy();
  });

  it("opens the delete-account dialog", () => {
    renderShell(<MySettingsPage />, { path: "/me/settings" });
    fireEvent.click(screen.getByRole("button", { name: "Delete my account…" }));
    expect(document.querySelector('[data-dialog="delete-account"]')).toBeTruthy();
  });

  it("opens the contact dialog when asked to by ?contact=1 (the 402 page's contact link)", async () => {
    renderShell(<MySettingsPage />, { path: "/me/settings?contact=1" });
    expect(await screen.findByRole("dialog", { name: "Contact us" })).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe("/me/settings"));
  });

  it("tells a confirmation answer from an updated user", () => {
    expect(asksConfirmation({ confirm_email: true, email: "a@b.c" })).toBe(true);
    expect(asksConfirmation(demoUser)).toBe(false);
  });
});

describe("WelcomePage", () => {
  it("walks through the steps with Next and Back, the current step marked", () => {
    renderShell(<WelcomePage />, { path: "/welcome" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome to Fairdraw, Dana Demo");
    expect(screen.getByText(`Step 1 of ${TUTORIAL_STEPS.length}`)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText(`Step 2 of ${TUTORIAL_STEPS.length}`)).toBeTruthy();
    expect(document.activeElement?.id).toBe("welcome-step-title");
    expect(screen.getByRole("link", { name: "Link an account" }).getAttribute("href")).toBe("/link");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByText(`Step 1 of ${TUTORIAL_STEPS.length}`)).toBeTruthy();
    expect(screen.getByRole("button", { name: /^1 / }).getAttribute("aria-current")).toBe("step");
  });

  it("ends with a way to the dashboard", () => {
    renderShell(<WelcomePage />, { path: "/welcome" });
    fireEvent.click(screen.getByRole("button", { name: new RegExp(`^${TUTORIAL_STEPS.length} `) }));
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go to the dashboard" }).getAttribute("href")).toBe("/");
  });

  it("asks before skipping, and goes to the dashboard when confirmed", () => {
    renderShell(<WelcomePage />, { path: "/welcome" });
    fireEvent.click(screen.getByRole("button", { name: "Skip the tutorial" }));
    expect(screen.getByRole("dialog", { name: "Skip the tutorial?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continue the tutorial" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(currentPath()).toBe("/welcome");
    fireEvent.click(screen.getByRole("button", { name: "Skip the tutorial" }));
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(currentPath()).toBe("/");
  });
});

describe("LinkPage", () => {
  const sandboxAccount = {
    _id: "a9",
    provider: "bluesky",
    external_id: "sb",
    name: "Sandbox Bluesky",
    screen_name: "sandbox.bsky",
    profile_picture: null,
    url: null,
    linked_at: "2026-01-01T00:00:00.000Z",
    nb_contests: 0,
    disabled: false,
    sandbox: true,
    meta: {},
  };

  it("offers every network but the login-only ones", async () => {
    mockApi({ "GET /teams/current/accounts/list": json({ data: [] }) });
    renderShell(<LinkPage />, { path: "/link" });
    const offered = [...document.querySelectorAll("[data-provider].link-choice")].map((b) =>
      b.getAttribute("data-provider"),
    );
    expect(offered).toEqual(LINKABLE_PROVIDERS.map((p) => p.name));
    expect(offered).not.toContain("linkedin");
    expect(offered).not.toContain("twitch");
    expect(await screen.findByText("No account is linked to the team yet.")).toBeTruthy();
  });

  it("links an account through the sandbox and lists it", async () => {
    const api = mockApi({
      "GET /teams/current/accounts/list": json({ data: [] }),
      "POST /teams/current/accounts/link": json(sandboxAccount, 201),
    });
    renderShell(<LinkPage />, { path: "/link" });
    await screen.findByText("No account is linked to the team yet.");
    fireEvent.click(document.querySelector('.link-choice[data-provider="bluesky"]') as HTMLElement);
    expect(await screen.findByText(/is now linked to/)).toBeTruthy();
    expect(api.to("POST /teams/current/accounts/link")[0]?.body).toEqual({ provider: "bluesky" });
    expect(document.querySelector('[data-account="a9"]')?.textContent).toContain("Sandbox");
  });

  it("shows the upgrade prompt when the plan's accounts are used up", async () => {
    mockApi({
      "GET /teams/current/accounts/list": json({ data: [] }),
      "POST /teams/current/accounts/link": error(403, "maxAccountsExceeded", "Your plan allows 1 account."),
    });
    renderShell(<LinkPage />, { path: "/link" });
    fireEvent.click(document.querySelector('.link-choice[data-provider="bluesky"]') as HTMLElement);
    expect(await screen.findByRole("button", { name: "See the plans" })).toBeTruthy();
  });

  it("explains the missing permission instead of offering networks", async () => {
    mockApi({ "GET /teams/current/accounts/list": json({ data: [] }) });
    const member = userWith((u) => {
      u.permissions["team.accounts.update_account"] = false;
    });
    renderShell(<LinkPage />, { path: "/link", user: member });
    expect(screen.getByRole("note").textContent).toContain("needs the permission");
    expect(document.querySelector(".link-choice")).toBeNull();
    await screen.findByText("No account is linked to the team yet.");
  });
});

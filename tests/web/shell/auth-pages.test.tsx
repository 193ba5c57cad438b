import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import InvitePage, { inviteKeyOf } from "../../../web/src/pages/auth/InvitePage";
import LoginPage from "../../../web/src/pages/auth/LoginPage";
import LogoutPage from "../../../web/src/pages/auth/LogoutPage";
import RegistrationPage from "../../../web/src/pages/auth/RegistrationPage";
import { safeNext, withNext } from "../../../web/src/pages/auth/sign-in";
import { seenKey } from "../../../web/src/session/seen";
import { error, invalid, json } from "../../../web/src/testing/fake-api";
import { demoUser } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { currentPath, renderShell } from "./render";

beforeAll(() => activateLocale("en"));
beforeEach(() => {
  // The locale cookie a choice leaves behind would change what the next test's sign-in does.
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = "locale=en; path=/; max-age=0";
});

const CSRF = { "GET /refresh_csrf": json({ csrf_token: "t" }) };

function typeEmail(email: string) {
  fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Get a code" }));
}

function pasteCode(code: string) {
  const first = screen.getAllByRole("textbox")[0] as HTMLElement;
  fireEvent.paste(first, { clipboardData: { getData: () => code } });
}

describe("safeNext", () => {
  it.each([
    ["/invite/abc", "/invite/abc"],
    ["/contest/1/?tab=x", "/contest/1/?tab=x"],
    ["//evil.test/x", null],
    ["https://evil.test", null],
    ["/\\evil.test", null],
    ["/login", null],
    ["/logout", null],
    ["/registration?next=/x", null],
    ["", null],
    [null, null],
  ])("%s → %s", (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it("keeps next on the links between the sign-in pages", () => {
    expect(withNext("/registration", "/invite/k")).toBe("/registration?next=%2Finvite%2Fk");
    expect(withNext("/login", null)).toBe("/login");
  });
});

const NETWORKS = {
  "GET /auth/networks": json({
    data: [
      { provider: "google", display_name: "Google", color: "#4285F4", icon: "google" },
      { provider: "linkedin", display_name: "LinkedIn", color: "#0A66C2", icon: "linkedin" },
    ],
  }),
};

describe("signing in with a network", () => {
  it("offers a link for each network the server configured, keeping next", async () => {
    mockApi(NETWORKS);
    renderShell(<LoginPage />, { user: null, path: "/login?next=%2Finvite%2Fk" });
    const google = await screen.findByRole("link", { name: "Continue with Google" });
    expect(google.getAttribute("href")).toBe("/api/v1/auth/sign_in/google?next=%2Finvite%2Fk");
    expect(screen.getByRole("link", { name: "Continue with LinkedIn" }).getAttribute("href")).toBe(
      "/api/v1/auth/sign_in/linkedin?next=%2Finvite%2Fk",
    );
  });

  it("shows no network button when none is configured", async () => {
    const api = mockApi({ "GET /auth/networks": json({ data: [] }) });
    renderShell(<LoginPage />, { user: null, path: "/login" });
    await waitFor(() => expect(api.to("GET /auth/networks")).toHaveLength(1));
    expect(screen.queryByRole("link", { name: /Continue with/ })).toBeNull();
  });

  it("says why a sign-in with a network failed, naming the network", async () => {
    mockApi(NETWORKS);
    renderShell(<LoginPage />, { user: null, path: "/login?signin=error&reason=unverified&provider=google" });
    const alert = await screen.findByText(/Google did not share a verified e-mail address with us/);
    expect(alert.getAttribute("role")).toBe("alert");
    // Said once: the query is gone, so a reload does not say it again.
    await waitFor(() => expect(currentPath()).toBe("/login"));
  });

  it("says a refused consent in French for a French visitor", async () => {
    await activateLocale("fr");
    mockApi(NETWORKS);
    renderShell(<LoginPage />, { user: null, path: "/login?signin=error&reason=denied&provider=linkedin" });
    expect(
      await screen.findByText(
        "Vous avez annulé la connexion avec LinkedIn. Rien n’a été transmis à Fairdraw.",
      ),
    ).toBeTruthy();
    await activateLocale("en");
  });
});

describe("LoginPage", () => {
  it("asks the e-mail, sends a code, signs in with the 6 digits and goes to next", async () => {
    const api = mockApi({
      "POST /auth/email": { status: 204 },
      "POST /auth/verify": json(demoUser),
      "GET /auth/networks": json({ data: [] }),
      ...CSRF,
    });
    renderShell(<LoginPage />, { user: null, path: "/login?next=%2Fteam%2Fmembers" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sign in to Fairdraw");
    typeEmail("demo@fairdraw.test");
    await screen.findByText(/We sent a code to demo@fairdraw.test/);
    expect(screen.getAllByRole("textbox")).toHaveLength(6);
    pasteCode("123456");
    await waitFor(() => expect(currentPath()).toBe("/team/members"));
    expect(api.to("POST /auth/email")[0]?.body).toEqual({ email: "demo@fairdraw.test" });
    expect(api.to("POST /auth/verify")[0]?.body).toEqual({ email: "demo@fairdraw.test", code: "123456" });
    expect(api.to("GET /refresh_csrf")).toHaveLength(1);
    expect(api.unmocked).toEqual([]);
  });

  it("goes to the dashboard without a next", async () => {
    mockApi({ "POST /auth/email": { status: 204 }, "POST /auth/verify": json(demoUser), ...CSRF });
    renderShell(<LoginPage />, { user: null, path: "/login" });
    typeEmail("demo@fairdraw.test");
    await screen.findByRole("group");
    pasteCode("123456");
    await waitFor(() => expect(currentPath()).toBe("/"));
  });

  it("says an empty address is needed without calling the server", () => {
    const api = mockApi({});
    renderShell(<LoginPage />, { user: null, path: "/login" });
    fireEvent.click(screen.getByRole("button", { name: "Get a code" }));
    expect(screen.getByText("Enter your e-mail address.")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's message next to a wrong address", async () => {
    mockApi({ "POST /auth/email": invalid({ email: "Must be a valid e-mail address." }) });
    renderShell(<LoginPage />, { user: null, path: "/login" });
    typeEmail("nope");
    expect(await screen.findByText("Must be a valid e-mail address.")).toBeTruthy();
    expect(screen.getByLabelText("E-mail address").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a wrong code under the boxes and empties them", async () => {
    mockApi({
      "POST /auth/email": { status: 204 },
      "POST /auth/verify": invalid({ code: "This code is wrong or expired." }),
    });
    renderShell(<LoginPage />, { user: null, path: "/login" });
    typeEmail("demo@fairdraw.test");
    await screen.findByRole("group");
    pasteCode("000000");
    expect((await screen.findByRole("alert")).textContent).toBe("This code is wrong or expired.");
    expect((screen.getAllByRole("textbox") as HTMLInputElement[]).map((b) => b.value).join("")).toBe("");
  });

  it("says clearly when there were too many tries (429)", async () => {
    mockApi({
      "POST /auth/email": { status: 204 },
      "POST /auth/verify": error(429, "tooManyAttempts", "Too many wrong codes. Ask for a new code."),
    });
    renderShell(<LoginPage />, { user: null, path: "/login" });
    typeEmail("demo@fairdraw.test");
    await screen.findByRole("group");
    pasteCode("111111");
    const alert = await screen.findByRole("alert");
    expect(alert.getAttribute("data-problem")).toBe("tooMany");
    expect(alert.textContent).toContain("Too many attempts.");
    expect(alert.textContent).toContain("Too many wrong codes. Ask for a new code.");
  });

  it("says clearly when too many codes were asked for (429 on the e-mail step)", async () => {
    mockApi({ "POST /auth/email": error(429, "tooManyAttempts", "Too many codes asked for this address.") });
    renderShell(<LoginPage />, { user: null, path: "/login" });
    typeEmail("demo@fairdraw.test");
    expect((await screen.findByRole("alert")).getAttribute("data-problem")).toBe("tooMany");
    expect(screen.getByLabelText("E-mail address")).toBeTruthy();
  });

  it("asks the name of an address nobody uses yet, keeps the code, and creates the account", async () => {
    const api = mockApi({
      "POST /auth/email": { status: 204 },
      "POST /auth/verify": [invalid({ name: "Is required." }), json(demoUser, 201)],
      ...CSRF,
    });
    renderShell(<LoginPage />, { user: null, path: "/login" });
    typeEmail("new@fairdraw.test");
    await screen.findByRole("group");
    pasteCode("123456");
    expect(
      await screen.findByText("No account uses this address yet. Give your name to create one."),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Nina New" } });
    fireEvent.click(screen.getByRole("button", { name: "Create my account" }));
    await waitFor(() => expect(currentPath()).toBe("/welcome"));
    expect(api.to("POST /auth/verify")[1]?.body).toEqual({
      email: "new@fairdraw.test",
      code: "123456",
      name: "Nina New",
    });
  });

  it("sends a new code and goes back to the address on demand", async () => {
    const api = mockApi({ "POST /auth/email": { status: 204 } });
    renderShell(<LoginPage />, { user: null, path: "/login" });
    typeEmail("demo@fairdraw.test");
    await screen.findByRole("group");
    fireEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    await waitFor(() => expect(api.to("POST /auth/email")).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Use another address" }));
    expect((screen.getByLabelText("E-mail address") as HTMLInputElement).value).toBe("demo@fairdraw.test");
  });

  it("says when the server cannot be reached", async () => {
    mockApi({
      "POST /auth/email": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderShell(<LoginPage />, { user: null, path: "/login" });
    typeEmail("demo@fairdraw.test");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The server could not be reached. Check your connection.",
    );
  });

  it("sends a person already signed in on to next", () => {
    renderShell(<LoginPage />, { path: "/login?next=%2Fme%2Fteams", route: "/login" });
    expect(currentPath()).toBe("/me/teams");
  });

  it("links to the registration, keeping next", () => {
    renderShell(<LoginPage />, { user: null, path: "/login?next=%2Finvite%2Fk" });
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/registration?next=%2Finvite%2Fk",
    );
  });
});

describe("RegistrationPage", () => {
  afterEach(() => localStorage.removeItem(seenKey("tutorial", demoUser._id)));

  it("does not start the tutorial again for a person who has already seen it in this browser", async () => {
    localStorage.setItem(seenKey("tutorial", demoUser._id), "1");
    mockApi({
      "POST /auth/email": { status: 204 },
      "POST /auth/verify": json(demoUser, 201),
      ...CSRF,
    });
    renderShell(<RegistrationPage />, { user: null, path: "/registration" });
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Nina New" } });
    typeEmail("nina@fairdraw.test");
    await screen.findByRole("group");
    pasteCode("654321");
    await waitFor(() => expect(currentPath()).toBe("/"));
  });

  it("asks a name and an address, then the code, and starts with the tutorial", async () => {
    const api = mockApi({
      "POST /auth/email": { status: 204 },
      "POST /auth/verify": json(demoUser, 201),
      ...CSRF,
    });
    renderShell(<RegistrationPage />, { user: null, path: "/registration" });
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Nina New" } });
    typeEmail("nina@fairdraw.test");
    await screen.findByRole("group");
    pasteCode("654321");
    await waitFor(() => expect(currentPath()).toBe("/welcome"));
    expect(api.to("POST /auth/verify")[0]?.body).toEqual({
      email: "nina@fairdraw.test",
      code: "654321",
      name: "Nina New",
    });
  });

  it("needs a name before sending a code", () => {
    const api = mockApi({});
    renderShell(<RegistrationPage />, { user: null, path: "/registration" });
    typeEmail("nina@fairdraw.test");
    expect(screen.getByText("Enter your name.")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("comes back to next after registering", async () => {
    mockApi({ "POST /auth/email": { status: 204 }, "POST /auth/verify": json(demoUser, 201), ...CSRF });
    renderShell(<RegistrationPage />, { user: null, path: "/registration?next=%2Finvite%2Fabc" });
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Nina" } });
    typeEmail("nina@fairdraw.test");
    await screen.findByRole("group");
    pasteCode("654321");
    await waitFor(() => expect(currentPath()).toBe("/invite/abc"));
  });
});

describe("LogoutPage", () => {
  it("ends the session and goes to /login", async () => {
    const api = mockApi({ "POST /auth/logout": { status: 204 } });
    renderShell(<LogoutPage />, { path: "/logout" });
    await waitFor(() => expect(currentPath()).toBe("/login"));
    expect(api.to("POST /auth/logout")).toHaveLength(1);
  });

  it("ends every session with ?everywhere=1 (from /me/settings)", async () => {
    const api = mockApi({ "POST /auth/logout_everywhere": { status: 204 } });
    renderShell(<LogoutPage />, { path: "/logout?everywhere=1" });
    await waitFor(() => expect(currentPath()).toBe("/login"));
    expect(api.to("POST /auth/logout_everywhere")).toHaveLength(1);
    expect(api.to("POST /auth/logout")).toHaveLength(0);
  });

  it("still goes to /login when the call fails", async () => {
    mockApi({ "POST /auth/logout": error(500, "serverError", "Down") });
    renderShell(<LogoutPage />, { path: "/logout" });
    await waitFor(() => expect(currentPath()).toBe("/login"));
  });

  it("does not call the server when nobody is signed in", async () => {
    const api = mockApi({});
    renderShell(<LogoutPage />, { user: null, path: "/logout" });
    await waitFor(() => expect(currentPath()).toBe("/login"));
    expect(api.calls).toEqual([]);
  });
});

describe("InvitePage", () => {
  const memberInvite = {
    key: "k1",
    type: "add_member",
    status: "active",
    team: { name: "Acme" },
    provider: null,
    sender: { name: "Dana Demo" },
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  };

  it("says who invites to which team, and asks a signed-out person to sign in first, coming back here", async () => {
    mockApi({ "GET /invites/k1": json(memberInvite) });
    renderShell(<InvitePage />, { user: null, path: "/invite/k1", route: "/invite/:key?" });
    expect((await screen.findByText(/invites you to join the team/)).textContent).toBe(
      "Dana Demo invites you to join the team Acme on Fairdraw.",
    );
    expect(screen.getByRole("timer")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      "/login?next=%2Finvite%2Fk1",
    );
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/registration?next=%2Finvite%2Fk1",
    );
  });

  it("lets a signed-in person join the team", async () => {
    const api = mockApi({
      "GET /invites/k1": json(memberInvite),
      "POST /invites/k1/accept": json({ type: "add_member", user: demoUser }),
    });
    renderShell(<InvitePage />, { path: "/invite/k1", route: "/invite/:key?" });
    fireEvent.click(await screen.findByRole("button", { name: "Join Acme" }));
    expect(await screen.findByText("You are now a member of Acme.")).toBeTruthy();
    expect(api.to("POST /invites/k1/accept")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Go to the dashboard" }));
    expect(currentPath()).toBe("/");
  });

  it("asks to link an account for an account invite, then points to the lent accounts", async () => {
    mockApi({
      "GET /invites/k2": json({ ...memberInvite, key: "k2", type: "link_account", provider: "twitter" }),
      "POST /invites/k2/accept": json({ type: "link_account", delegation: { name: "Dana on X" } }),
    });
    renderShell(<InvitePage />, { path: "/invite/k2", route: "/invite/:key?" });
    expect((await screen.findByText(/asks you to link/)).textContent).toContain(
      "link your X (Twitter) account",
    );
    fireEvent.click(screen.getByRole("button", { name: "Link my X (Twitter) account" }));
    expect(await screen.findByText("Your account Dana on X is now lent to Acme.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See my lent accounts" }).getAttribute("href")).toBe(
      "/me/delegation",
    );
  });

  it("connects a real account with a handle and an app password for a Bluesky invite", async () => {
    const api = mockApi({
      "GET /invites/k3": json({ ...memberInvite, key: "k3", type: "link_account", provider: "bluesky" }),
      "POST /invites/k3/accept": [
        error(422, "validation", "The given data was invalid.", {
          errors: { app_password: ["Bluesky refused this handle and app password."] },
        }),
        json({ type: "link_account", delegation: { name: "Dana on Bluesky" } }),
      ],
    });
    renderShell(<InvitePage />, { path: "/invite/k3", route: "/invite/:key?" });
    const form = await screen.findByRole("form", { name: "Connect a Bluesky account" });
    expect(screen.queryByRole("button", { name: "Link my Bluesky account" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "dana.bsky.social" } });
    fireEvent.change(screen.getByLabelText("App password"), { target: { value: "wxyz-wxyz-wxyz-wxyz" } });
    fireEvent.submit(form);
    expect(await screen.findByText("Bluesky refused this handle and app password.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("App password"), { target: { value: "abcd-efgh-ijkl-mnop" } });
    fireEvent.submit(form);
    expect(await screen.findByText("Your account Dana on Bluesky is now lent to Acme.")).toBeTruthy();
    expect(api.to("POST /invites/k3/accept").map((c) => c.body)).toEqual([
      { identifier: "dana.bsky.social", app_password: "wxyz-wxyz-wxyz-wxyz" },
      { identifier: "dana.bsky.social", app_password: "abcd-efgh-ijkl-mnop" },
    ]);
    expect(screen.getByRole("link", { name: "See my lent accounts" }).getAttribute("href")).toBe(
      "/me/delegation",
    );
  });

  it("shows why an invite can no longer be accepted", async () => {
    mockApi({ "GET /invites/k1": json({ ...memberInvite, status: "expired" }) });
    renderShell(<InvitePage />, { path: "/invite/k1", route: "/invite/:key?" });
    expect(await screen.findByText("This invitation has expired. Ask for a new one.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join Acme" })).toBeNull();
  });

  it("shows the server's refusal and the invite as it is now", async () => {
    const api = mockApi({
      "GET /invites/k1": [json(memberInvite), json({ ...memberInvite, status: "used" })],
      "POST /invites/k1/accept": error(409, "inviteNotActive", "This invite is no longer active."),
    });
    renderShell(<InvitePage />, { path: "/invite/k1", route: "/invite/:key?" });
    fireEvent.click(await screen.findByRole("button", { name: "Join Acme" }));
    expect(await screen.findByText("This invitation was already used.")).toBeTruthy();
    expect(api.to("GET /invites/k1")).toHaveLength(2);
  });

  it("says when the invite does not exist", async () => {
    mockApi({ "GET /invites/nope": error(404, "notFound", "This invite does not exist.") });
    renderShell(<InvitePage />, { path: "/invite/nope", route: "/invite/:key?" });
    expect(await screen.findByRole("heading", { name: "Invitation not found" })).toBeTruthy();
  });

  it("opens a pasted invite link when no key is in the address", async () => {
    mockApi({ "GET /invites/k9": json({ ...memberInvite, key: "k9" }) });
    renderShell(<InvitePage />, { path: "/invite", route: "/invite/:key?" });
    fireEvent.change(screen.getByLabelText("Invitation link or key"), {
      target: { value: "https://fairdraw.app/invite/k9" },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Open the invitation" }));
    });
    expect(currentPath()).toBe("/invite/k9");
  });

  it("reads the key of a pasted link or of a bare key", () => {
    expect(inviteKeyOf(" https://fairdraw.app/invite/abc?x=1 ")).toBe("abc");
    expect(inviteKeyOf("abc")).toBe("abc");
    expect(inviteKeyOf("/invite/a%20b")).toBe("a b");
  });
});

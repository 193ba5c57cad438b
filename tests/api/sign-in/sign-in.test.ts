import { afterEach, describe, expect, it } from "vitest";
import { signInStates } from "../../../api/db/tables";
import { readEnv } from "../../../api/env";
import { signIn as signInByCode } from "../../helpers/api-client";
import { PUBLIC_URL, type SignInWorld, signInWorld } from "./world";

let w: SignInWorld;
afterEach(async () => {
  expect(w.idp.problems).toEqual([]);
  await w.close();
});

const reasonOf = (l: { location: URL }) => Object.fromEntries(l.location.searchParams);

describe("signing in with a network", { timeout: 20_000 }, () => {
  it("lists only the networks whose client is configured, in button order", async () => {
    w = await signInWorld(["twitch", "google"]);
    const res = await w.t.app.request("/api/v1/auth/networks");
    const { data } = (await res.json()) as { data: { provider: string; display_name: string }[] };
    expect(data.map((n) => [n.provider, n.display_name])).toEqual([
      ["google", "Google"],
      ["twitch", "Twitch"],
    ]);
  });

  it("sends the browser to the provider with a state, a nonce and PKCE S256, and keeps only the state's hash, bound to the browser", async () => {
    w = await signInWorld(["google"]);
    const res = await w.t.app.request("/api/v1/auth/sign_in/google?next=/contests/");
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${w.idp.issuer}/authorize`);
    expect(to.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/auth/callback/google`);
    expect(to.searchParams.get("scope")).toBe("openid email profile");
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("nonce")?.length).toBeGreaterThanOrEqual(20);
    const state = to.searchParams.get("state") ?? "";
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("fd_sign_in="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth\/callback/);
    const [row, ...more] = await w.t.db.select().from(signInStates);
    expect(more).toEqual([]);
    expect(row?.id).not.toBe(state);
    expect(row?.next).toBe("/contests/");
    expect(Date.parse(row?.expiresAt ?? "") - Date.parse(row?.createdAt ?? "")).toBe(600_000);
  });

  it("registers a new person from a verified e-mail, as the code does, and lands them in their new team", async () => {
    w = await signInWorld(["google"]);
    const landing = await w.signIn("google");
    expect(landing.location.pathname).toBe("/welcome");
    const person = await w.me(landing);
    expect(person).toMatchObject({ email: "nora@people.example", name: "Nora Network" });
    expect(person?.currentTeam?.plan).toBe("basic");
    const list = await (await w.sessionOf(landing))("GET", "/api/v1/users/me/sign_in/list");
    const { data } = (await list.json()) as { data: Record<string, unknown>[] };
    expect(data).toEqual([
      expect.objectContaining({ provider: "google", name: "Nora Network", email: "nora@people.example" }),
    ]);
    expect(JSON.stringify(data)).not.toContain(w.idp.person.sub);
    // No token of the provider is kept: not in the database, not in an answer.
    const stored = await w.everythingStored();
    for (const secret of [...w.idp.issuedTokens(), w.idp.clientSecret]) expect(stored).not.toContain(secret);
    expect(w.idp.issuedTokens().length).toBeGreaterThanOrEqual(2);
  });

  it("signs an existing person in by the verified e-mail they registered with the code, without a second account", async () => {
    w = await signInWorld(["linkedin"]);
    const known = await signInByCode(w.t, "nora@people.example", "Nora");
    const before = await w.counts();
    const landing = await w.signIn("linkedin");
    expect(landing.location.pathname).toBe("/");
    expect((await w.me(landing))?._id).toBe(known.userId);
    expect(await w.counts()).toEqual({ users: before.users, logins: 1 });
  });

  it("registers a new person once when two of their sign-ins come back at the same moment", async () => {
    w = await signInWorld(["google"]);
    const callbacks: URL[] = [];
    const hold = (u: URL) => {
      callbacks.push(u);
      return new URL("/api/v1/auth/callback/google?state=held", PUBLIC_URL);
    };
    const browsers = [new Map<string, string>(), new Map<string, string>()];
    for (const cookies of browsers)
      await w.signIn("google", { cookies, tamper: hold, callbackCookies: new Map() });
    const cookie = (m: Map<string, string>) => [...m].map(([k, v]) => `${k}=${v}`).join("; ");
    const landed = await Promise.all(
      callbacks.map((u, i) =>
        w.t.app.request(`${u.pathname}${u.search}`, {
          headers: { cookie: cookie(browsers[i] ?? new Map()) },
        }),
      ),
    );
    expect(landed.map((r) => r.status)).toEqual([302, 302]);
    expect(landed.map((r) => new URL(r.headers.get("location") ?? "", PUBLIC_URL).pathname).sort()).toEqual([
      "/",
      "/welcome",
    ]);
    expect(await w.counts()).toEqual({ users: 1, logins: 1 });
  });

  it("signs a known login in even after the network's e-mail changed and is no longer verified", async () => {
    w = await signInWorld(["google"]);
    const first = await w.signIn("google");
    const id = (await w.me(first))?._id;
    w.idp.person = { ...w.idp.person, email: "other@people.example", email_verified: false };
    const again = await w.signIn("google", { start: "/api/v1/auth/sign_in/google?next=%2Fcontests%2F" });
    expect(again.location.pathname).toBe("/contests/");
    expect((await w.me(again))?._id).toBe(id);
  });

  it("never signs an unverified e-mail into the existing person who has it, nor registers it", async () => {
    w = await signInWorld(["google"]);
    await signInByCode(w.t, "nora@people.example", "Nora");
    w.idp.person = { ...w.idp.person, email_verified: false };
    const before = await w.counts();
    const landing = await w.signIn("google");
    expect(landing.location.pathname).toBe("/login");
    expect(reasonOf(landing)).toMatchObject({ signin: "error", reason: "unverified", provider: "google" });
    expect(landing.sessionCookie).toBeNull();
    expect(await w.counts()).toEqual(before);
    // The same answer when nobody has the address: the page tells nothing about who is registered.
    w.idp.person = { ...w.idp.person, email: "nobody@people.example" };
    expect(reasonOf(await w.signIn("google")).reason).toBe("unverified");
    expect(await w.counts()).toEqual(before);
  });

  it("signs nobody in when the person refuses consent", async () => {
    w = await signInWorld(["google"]);
    const landing = await w.signIn("google", { decision: "deny" });
    expect(reasonOf(landing)).toMatchObject({ signin: "error", reason: "denied" });
    expect(landing.sessionCookie).toBeNull();
    expect(await w.counts()).toEqual({ users: 0, logins: 0 });
  });

  it("signs nobody in for a replayed state, or a state from another browser", async () => {
    w = await signInWorld(["google"]);
    let callback: URL | null = null;
    const first = await w.signIn("google", {
      tamper: (u) => {
        callback = u;
        return u;
      },
    });
    expect(first.sessionCookie).not.toBeNull();
    const used = callback as unknown as URL;
    const replay = await w.t.app.request(`${used.pathname}${used.search}`, {
      headers: { cookie: [...first.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(new URL(replay.headers.get("location") ?? "", PUBLIC_URL).searchParams.get("reason")).toBe(
      "state",
    );
    expect(replay.headers.getSetCookie().some((c) => c.startsWith("fd_session="))).toBe(false);

    // A state begun in one browser and finished in another (a link sent to a victim) signs nobody in there.
    const stranger = await w.signIn("google", { callbackCookies: new Map([["fd_sign_in", "x".repeat(32)]]) });
    expect(reasonOf(stranger).reason).toBe("state");
    expect(stranger.sessionCookie).toBeNull();
  });

  it("refuses an id_token signed with a key the provider does not publish", async () => {
    w = await signInWorld(["google"]);
    w.idp.signWithStrangerKey = true;
    const landing = await w.signIn("google");
    expect(reasonOf(landing)).toMatchObject({ signin: "error", reason: "token" });
    expect(await w.counts()).toEqual({ users: 0, logins: 0 });
  });

  it("refuses an id_token for another audience, one that expired, and one with another nonce", async () => {
    w = await signInWorld(["google"]);
    const hour = 3600;
    for (const tamper of [
      (c: Record<string, unknown>) => ({ ...c, aud: "someone-elses-client" }),
      (c: Record<string, unknown>) => ({ ...c, iat: Number(c.iat) - 2 * hour, exp: Number(c.iat) - hour }),
      (c: Record<string, unknown>) => ({ ...c, nonce: "a-nonce-from-another-sign-in" }),
      (c: Record<string, unknown>) => ({ ...c, iss: "https://issuer.invalid" }),
    ]) {
      w.idp.tamper = tamper;
      const landing = await w.signIn("google");
      expect(reasonOf(landing).reason).toBe("token");
      expect(landing.sessionCookie).toBeNull();
    }
    expect(await w.counts()).toEqual({ users: 0, logins: 0 });
  });

  it("reads the e-mail from userinfo when the id_token leaves it out (Twitch)", async () => {
    w = await signInWorld(["twitch"]);
    w.idp.emailInIdToken = false;
    const landing = await w.signIn("twitch");
    expect(landing.location.pathname).toBe("/welcome");
    expect((await w.me(landing))?.email).toBe("nora@people.example");
    expect(w.idp.calls("GET /oidc/userinfo")).toBeGreaterThan(0);
  });

  it("says the network could not be reached when the provider is down, and signs nobody in", async () => {
    w = await signInWorld(["google"]);
    await w.idp.close();
    const res = await w.t.app.request("/api/v1/auth/sign_in/google");
    expect(new URL(res.headers.get("location") ?? "", PUBLIC_URL).searchParams.get("reason")).toBe("network");
    await w.idp.start();
  });

  it("lets a signed-in person add X, which gives no e-mail, and then signs them in with it", async () => {
    w = await signInWorld(["twitter"]);
    // X gives no e-mail: it cannot register anyone nor find anyone by address.
    expect(reasonOf(await w.signIn("twitter")).reason).toBe("unverified");
    const person = await signInByCode(w.t, "olive@brand.example", "Olive");
    const session = new Map([["fd_session", person.cookie.split("=")[1] ?? ""]]);
    const added = await w.signIn("twitter", {
      cookies: session,
      start: "/api/v1/users/me/sign_in/connect/twitter",
    });
    expect(added.location.pathname).toBe("/me/settings");
    expect(reasonOf(added)).toMatchObject({ signin: "added", provider: "twitter" });
    expect((await w.loginsOf(person.userId)).map((l) => [l.provider, l.screenName])).toEqual([
      ["twitter", "noranet"],
    ]);
    const landing = await w.signIn("twitter");
    expect(landing.location.pathname).toBe("/");
    expect((await w.me(landing))?._id).toBe(person.userId);
  });

  it("refuses to add a login another person already signs in with", async () => {
    w = await signInWorld(["facebook"]);
    const olive = await signInByCode(w.t, "olive@brand.example", "Olive");
    await w.signIn("facebook", {
      cookies: new Map([["fd_session", olive.cookie.split("=")[1] ?? ""]]),
      start: "/api/v1/users/me/sign_in/connect/facebook",
    });
    const mallory = await signInByCode(w.t, "mallory@else.example", "Mallory");
    const taken = await w.signIn("facebook", {
      cookies: new Map([["fd_session", mallory.cookie.split("=")[1] ?? ""]]),
      start: "/api/v1/users/me/sign_in/connect/facebook",
    });
    expect(reasonOf(taken)).toMatchObject({ signin: "error", reason: "taken" });
    expect(await w.loginsOf(mallory.userId)).toEqual([]);
    // Facebook's e-mail is not said to be verified: it never registers a person by itself.
    expect((await w.loginsOf(olive.userId)).length).toBe(1);
  });

  it("removes one of the person's logins, and answers 404 for anyone else's", async () => {
    w = await signInWorld(["google"]);
    const landing = await w.signIn("google");
    const call = await w.sessionOf(landing);
    const { data } = (await (await call("GET", "/api/v1/users/me/sign_in/list")).json()) as {
      data: { _id: string }[];
    };
    const id = data[0]?._id ?? "";
    const mallory = await signInByCode(w.t, "mallory@else.example", "Mallory");
    expect((await mallory.call("DELETE", `/api/v1/users/me/sign_in/${id}`)).status).toBe(404);
    expect((await call("DELETE", `/api/v1/users/me/sign_in/${id}`)).status).toBe(200);
    expect((await (await call("GET", "/api/v1/users/me/sign_in/list")).json()) as unknown).toEqual({
      data: [],
    });
    // The e-mail code still reaches the person: their address is the one the network verified.
    expect((await signInByCode(w.t, "nora@people.example")).userId).toBe((await w.me(landing))?._id);
  });

  it("lets a deleted person's login go: the same network then registers its verified address anew", async () => {
    w = await signInWorld(["google"]);
    const first = await w.signIn("google");
    const gone = (await w.me(first))?._id ?? "";
    expect((await (await w.sessionOf(first))("DELETE", "/api/v1/users/me")).status).toBe(200);
    expect(await w.loginsOf(gone)).toEqual([]);
    const again = await w.signIn("google");
    expect(again.location.pathname).toBe("/welcome");
    const person = await w.me(again);
    expect(person?._id).not.toBe(gone);
    expect(person?.email).toBe("nora@people.example");
  });

  it("answers 404 for a network nobody signs in with, and sends an unconfigured one back to the login page", async () => {
    w = await signInWorld(["google"]);
    expect((await w.t.app.request("/api/v1/auth/sign_in/myspace")).status).toBe(404);
    const res = await w.t.app.request("/api/v1/auth/sign_in/linkedin");
    expect(res.headers.get("location")).toBe("/login?signin=error&reason=not_configured&provider=linkedin");
  });
});

describe("sign-in settings", () => {
  it("uses the YouTube client for Google's sign-in unless GOOGLE_CLIENT_ID names its own", () => {
    const youtube = { NODE_ENV: "test", YOUTUBE_CLIENT_ID: "yt", YOUTUBE_CLIENT_SECRET: "yts" };
    expect(readEnv(youtube).signIn.google).toEqual({
      kind: "oidc",
      clientId: "yt",
      clientSecret: "yts",
      issuer: "https://accounts.google.com",
    });
    expect(
      readEnv({ ...youtube, GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "gs" }).signIn.google?.clientId,
    ).toBe("g");
    expect(readEnv({ NODE_ENV: "test" }).signIn).toEqual({});
    expect(() => readEnv({ NODE_ENV: "test", LINKEDIN_CLIENT_ID: "l" })).toThrow(/LINKEDIN_CLIENT_SECRET/);
  });
});

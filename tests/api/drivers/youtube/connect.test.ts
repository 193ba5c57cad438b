import { afterEach, describe, expect, it } from "vitest";
import { oauthStates } from "../../../../api/db/tables";
import { BRAND_CHANNEL, CONNECT, PUBLIC_URL, type YoutubeWorld, youtubeWorld } from "./world";

let w: YoutubeWorld;
afterEach(async () => {
  expect(w.google.problems).toEqual([]);
  await w.close();
});

describe("connecting a YouTube channel", { timeout: 20_000 }, () => {
  it("sends the person to Google with a state, PKCE S256, offline access and the callback as redirect_uri", async () => {
    w = await youtubeWorld();
    const res = await w.owner.call("GET", CONNECT);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${w.google.url}/o/oauth2/v2/auth`);
    expect(to.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/accounts/callback/youtube`);
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("access_type")).toBe("offline");
    expect(to.searchParams.get("prompt")).toBe("consent");
    expect(to.searchParams.get("scope")).toContain("https://www.googleapis.com/auth/youtube.force-ssl");
    const state = to.searchParams.get("state") ?? "";
    expect(state.length).toBeGreaterThanOrEqual(20);
    // Only the state's hash is stored, bound to the session and the team, for 10 minutes.
    const rows = await w.t.db.select().from(oauthStates);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(state);
    expect(rows[0]?.teamId).toBe(w.teamId);
    expect(Date.parse(rows[0]?.expiresAt ?? "") - Date.parse(rows[0]?.createdAt ?? "")).toBe(600_000);
  });

  it("links the channel as real after consent, its tokens sealed: none in the database, the log or an answer", async () => {
    w = await youtubeWorld();
    const back = await w.connect();
    expect(back.pathname).toBe("/team/accounts");
    expect(back.searchParams.get("connect")).toBe("linked");
    expect(back.searchParams.get("account")).toBe("Brand TV");
    const [linked, ...more] = await w.youtubeAccounts();
    expect(more).toEqual([]);
    expect(linked).toMatchObject({ external_id: BRAND_CHANNEL, name: "Brand TV", sandbox: false });
    const row = await w.accountRow(linked?._id ?? "");
    expect(typeof row?.meta?.credentials).toBe("string");
    const everything = await w.everythingStored();
    const secrets = [
      ...w.google.issuedAccessTokens(),
      ...w.google.liveRefreshTokens(),
      w.google.clientSecret,
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it("links nothing when the person refuses consent, and says so on the accounts page", async () => {
    w = await youtubeWorld();
    const back = await w.connect(w.owner, { decision: "deny" });
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "error", reason: "denied" });
    expect(await w.youtubeAccounts()).toEqual([]);
  });

  it("links nothing for a replayed state, another session's state, or one past its 10 minutes", async () => {
    w = await youtubeWorld();
    let callback: URL | null = null;
    await w.connect(w.owner, {
      tamper: (u) => {
        callback = u;
        return u;
      },
    });
    const replay = callback as unknown as URL;
    const again = await w.owner.call("GET", `${replay.pathname}${replay.search}`);
    expect(new URL(again.headers.get("location") ?? "", PUBLIC_URL).searchParams.get("reason")).toBe("state");

    // Another person's session cannot use someone's state.
    const { signIn } = await import("../../../helpers/api-client");
    const mallory = await signIn(w.t, "mallory@else.example", "Mallory");
    const started = await w.owner.call("GET", CONNECT);
    const state = new URL(started.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const taken = await mallory.call("GET", `/api/v1/accounts/callback/youtube?state=${state}&code=x`);
    expect(new URL(taken.headers.get("location") ?? "", PUBLIC_URL).searchParams.get("reason")).toBe("state");

    // Expired: the state row is 10 minutes old.
    await w.t.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const late = await w.owner.call("GET", `/api/v1/accounts/callback/youtube?state=${state}&code=x`);
    expect(new URL(late.headers.get("location") ?? "", PUBLIC_URL).searchParams.get("reason")).toBe("state");
    expect((await w.youtubeAccounts()).map((a) => a.external_id)).toEqual([BRAND_CHANNEL]);
  });

  it("links nothing when Google cannot be reached for the code exchange", async () => {
    w = await youtubeWorld();
    const back = await w.connect(w.owner, {
      tamper: (u) => {
        // The stand-in goes away between the consent and the exchange.
        void w.google.close();
        return u;
      },
    });
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "error", reason: "network" });
    expect(await w.youtubeAccounts()).toEqual([]);
    await w.google.start();
  });

  it("lets the person pick one channel when the login owns several, and links only that one", async () => {
    w = await youtubeWorld();
    w.google.addChannel("brand", {
      id: "UCsecondsecondsecond0002",
      title: "Brand Kids",
      handle: "brandkids",
      publishedAt: "2019-01-01T00:00:00Z",
      subscribers: 10,
    });
    const back = await w.connect();
    expect(back.searchParams.get("connect")).toBe("choose");
    const pick = back.searchParams.get("pick") ?? "";
    const offered = await w.owner.call("GET", `/api/v1/accounts/connect/choices/${pick}`);
    const { choices } = (await offered.json()) as { choices: { external_id: string; name: string }[] };
    expect(choices.map((c) => c.name)).toEqual(["Brand TV", "Brand Kids"]);
    expect(JSON.stringify(choices)).not.toMatch(/token|credentials/);
    const picked = await w.owner.call("POST", `/api/v1/accounts/connect/choices/${pick}`, {
      external_id: "UCsecondsecondsecond0002",
    });
    expect(picked.status).toBe(200);
    expect((await w.youtubeAccounts()).map((a) => a.name)).toEqual(["Brand Kids"]);
    // The pick is used once.
    const twice = await w.owner.call("POST", `/api/v1/accounts/connect/choices/${pick}`, {
      external_id: BRAND_CHANNEL,
    });
    expect(twice.status).toBe(404);
  });

  it("links through an account invite: the invitee's own channel, lent to the team", async () => {
    w = await youtubeWorld();
    const invite = await w.owner.call("POST", "/api/v1/teams/current/accounts/invite", {
      provider: "youtube",
    });
    expect(invite.status).toBe(201);
    const { key } = (await invite.json()) as { key: string };
    const { signIn } = await import("../../../helpers/api-client");
    const friend = await signIn(w.t, "friend@else.example", "Friend");
    const back = await w.connect(friend, { start: `/api/v1/invites/${key}/connect` });
    expect(back.pathname).toBe(`/invite/${key}`);
    expect(back.searchParams.get("connect")).toBe("linked");
    const lent = await w.youtubeAccounts();
    expect(lent).toHaveLength(1);
    expect(lent[0]).toMatchObject({ external_id: BRAND_CHANNEL, sandbox: false });
  });

  it("revokes the grant at Google when the channel is unlinked", async () => {
    w = await youtubeWorld();
    await w.connect();
    const [linked] = await w.youtubeAccounts();
    const live = w.google.liveRefreshTokens();
    expect(live).toHaveLength(1);
    const res = await w.owner.call("DELETE", `/api/v1/teams/current/accounts/${linked?._id}`);
    expect(res.status).toBe(200);
    expect(w.google.revoked).toEqual(live);
    expect(w.google.liveRefreshTokens()).toEqual([]);
  });

  it("keeps a network without its client id the sandbox: connect goes back with not_configured", async () => {
    w = await youtubeWorld({ configured: false });
    const back = await w.connect();
    expect(back.pathname).toBe("/team/accounts");
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      connect: "error",
      reason: "not_configured",
    });
    expect(w.google.log).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { BRAND_OPEN_ID, CONNECT, PUBLIC_URL, type TiktokWorld, tiktokWorld } from "./world";

let w: TiktokWorld;
afterEach(async () => {
  expect(w.tiktok.problems).toEqual([]);
  await w.close();
});

describe("connecting a TikTok account", { timeout: 20_000 }, () => {
  it("sends the person to TikTok with client_key, comma-separated scopes, a state and the callback", async () => {
    w = await tiktokWorld();
    const res = await w.owner.call("GET", CONNECT);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${w.tiktok.url}/v2/auth/authorize/`);
    expect(to.searchParams.get("client_key")).toBe(w.tiktok.clientKey);
    expect(to.searchParams.has("client_id")).toBe(false);
    expect(to.searchParams.get("scope")).toBe(
      "user.info.basic,user.info.profile,user.info.stats,video.list,video.publish,comment.list",
    );
    expect(to.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/accounts/callback/tiktok`);
    expect((to.searchParams.get("state") ?? "").length).toBeGreaterThanOrEqual(20);
    // TikTok's web flow takes no PKCE (its reference asks it of desktop and mobile apps).
    expect(to.searchParams.has("code_challenge")).toBe(false);
  });

  it("links the account as real after consent, its tokens sealed: none in the database, the log or an answer", async () => {
    w = await tiktokWorld();
    const back = await w.connect();
    expect(back.pathname).toBe("/team/accounts");
    expect(back.searchParams.get("connect")).toBe("linked");
    const [linked, ...more] = await w.tiktokAccounts();
    expect(more).toEqual([]);
    expect(linked).toMatchObject({
      external_id: BRAND_OPEN_ID,
      name: "Brand Tok",
      screen_name: "brandtok",
      sandbox: false,
    });
    const row = await w.accountRow(linked?._id ?? "");
    expect(typeof row?.meta?.credentials).toBe("string");
    const secrets = [
      ...w.tiktok.issuedAccessTokens(),
      ...w.tiktok.liveRefreshTokens(),
      w.tiktok.clientSecret,
    ];
    expect(secrets).toHaveLength(3);
    const everything = await w.everythingStored();
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it("links nothing when the person cancels on TikTok's page", async () => {
    w = await tiktokWorld();
    const back = await w.connect(w.owner, { decision: "deny" });
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "error", reason: "denied" });
    expect(await w.tiktokAccounts()).toEqual([]);
  });

  it("links nothing for a code TikTok refuses, nor when TikTok cannot be reached for the exchange", async () => {
    w = await tiktokWorld();
    const refused = await w.connect(w.owner, {
      tamper: (u) => {
        u.searchParams.set("code", "code.forged");
        return u;
      },
    });
    expect(refused.searchParams.get("connect")).toBe("error");
    expect(await w.tiktokAccounts()).toEqual([]);
    const down = await w.connect(w.owner, {
      tamper: (u) => {
        void w.tiktok.close();
        return u;
      },
    });
    expect(Object.fromEntries(down.searchParams)).toMatchObject({ connect: "error", reason: "network" });
    expect(await w.tiktokAccounts()).toEqual([]);
    await w.tiktok.start();
  });

  it("revokes the grant at TikTok when the account is unlinked", async () => {
    w = await tiktokWorld();
    await w.connect();
    const [linked] = await w.tiktokAccounts();
    const live = w.tiktok.liveRefreshTokens();
    expect(live).toHaveLength(1);
    const res = await w.owner.call("DELETE", `/api/v1/teams/current/accounts/${linked?._id}`);
    expect(res.status).toBe(200);
    expect(w.tiktok.revoked).toEqual(live);
    expect(w.tiktok.liveRefreshTokens()).toEqual([]);
  });

  it("keeps TikTok the sandbox without its client key: connect goes back with not_configured", async () => {
    w = await tiktokWorld({ configured: false });
    const back = await w.connect();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      connect: "error",
      reason: "not_configured",
    });
    expect(w.tiktok.log).toEqual([]);
  });
});

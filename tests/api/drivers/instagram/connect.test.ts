import { afterEach, describe, expect, it } from "vitest";
import { SecretBox } from "../../../../api/drivers/shared/secrets";
import type { OAuthTokens } from "../../../../api/drivers/shared/tokens";
import { BRAND, CONNECT, type InstagramWorld, instagramWorld, PUBLIC_URL } from "./world";

let w: InstagramWorld;
afterEach(async () => {
  expect(w.ig.problems).toEqual([]);
  await w.close();
});

describe("linking an Instagram account with Instagram Login", { timeout: 20_000 }, () => {
  it("sends the person to Instagram with the definition's scopes comma-separated, a state and the callback", async () => {
    w = await instagramWorld();
    const res = await w.owner.call("GET", CONNECT);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${w.ig.url}/oauth/authorize`);
    expect(to.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/accounts/callback/instagram`);
    expect(to.searchParams.get("response_type")).toBe("code");
    expect(to.searchParams.get("scope")).toBe(
      "instagram_business_basic,instagram_business_content_publish,instagram_business_manage_comments,instagram_business_manage_messages",
    );
    expect(to.searchParams.get("state")?.length).toBeGreaterThanOrEqual(20);
    expect(to.searchParams.has("code_challenge")).toBe(false);
  });

  it("links the professional account as real, by the short-lived token exchanged for a 60-day one, all sealed", async () => {
    w = await instagramWorld();
    const back = await w.connect();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "linked", account: "Brand Gram" });
    const [linked, ...more] = await w.networkAccounts();
    expect(more).toEqual([]);
    expect(linked).toMatchObject({ external_id: BRAND.id, name: "Brand Gram", sandbox: false });
    const row = await w.accountRow(linked?._id ?? "");
    expect(row?.meta?.login_variant).toBe("instagram_login");
    expect(typeof row?.meta?.credentials).toBe("string");
    // The short-lived token was exchanged at once (ig_exchange_token).
    expect(w.ig.callsMatching("GET", /^\/access_token$/)).toBe(1);
    const { driver, account } = await w.driverOf(linked?._id ?? "");
    const tokens = new SecretBox(w.t.env.accountSecretKey).open<OAuthTokens>(String(row?.meta?.credentials));
    const expires = Date.parse(tokens?.expires_at ?? "");
    expect(expires - Date.now()).toBeGreaterThan(59 * 86_400_000);
    // And it reads the account with it.
    expect(await driver.refreshAccount(account)).toMatchObject({
      external_id: BRAND.id,
      screen_name: "brandgram",
    });
    const everything = await w.everythingStored();
    const secrets = [...w.ig.issuedTokens(), w.ig.clientSecret];
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it("links nothing when the person cancels, and says so", async () => {
    w = await instagramWorld();
    const back = await w.connect(w.owner, { decision: "deny" });
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "error", reason: "denied" });
    expect(await w.networkAccounts()).toEqual([]);
  });

  it("links nothing for a personal account, which the API cannot publish as", async () => {
    w = await instagramWorld();
    w.ig.addUser({ id: "17841400000000009", username: "me.personal", name: "Me", account_type: "PERSONAL" });
    w.ig.consentAs = "17841400000000009";
    const back = await w.connect();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "error", reason: "no_channel" });
    expect(await w.networkAccounts()).toEqual([]);
  });
});

describe("an Instagram account's token", { timeout: 20_000 }, () => {
  it("is refreshed (ig_refresh_token) when it has less than ten days left, and the new one is used", async () => {
    let now = Date.now();
    w = await instagramWorld({ clock: () => new Date(now) });
    const id = await w.linked();
    const before = w.ig.issuedTokens();
    // 51 days later: nine days left.
    now += 51 * 86_400_000;
    const { driver, account } = await w.driverOf(id);
    await driver.refreshAccount(account);
    expect(w.ig.callsMatching("GET", /^\/refresh_access_token$/)).toBe(1);
    // The old token was spent for a new one.
    expect(w.ig.issuedTokens()).toHaveLength(before.length);
    expect(w.ig.issuedTokens()).not.toEqual(before);
    // Read again at once: no second refresh.
    await driver.refreshAccount(account);
    expect(w.ig.callsMatching("GET", /^\/refresh_access_token$/)).toBe(1);
  });

  it("marks the account for reconnecting and tells its owner when Meta refuses it (190) and the refresh too", async () => {
    w = await instagramWorld();
    const id = await w.linked();
    w.ig.revokeAll();
    const { driver, account } = await w.driverOf(id);
    await expect(driver.refreshAccount(account)).rejects.toMatchObject({ reason: "reconnect" });
    const row = await w.accountRow(id);
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials).toBe("");
    const res = await w.owner.call("GET", "/api/v1/users/me/notifications/list");
    expect(await res.text()).toContain("accountReconnectRequested");
  });
});

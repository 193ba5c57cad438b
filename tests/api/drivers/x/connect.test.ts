import { afterEach, describe, expect, it } from "vitest";
import { accounts } from "../../../../api/db/tables";
import { AccountNeedsReconnect } from "../../../../api/drivers/errors";
import { SecretBox } from "../../../../api/drivers/shared/secrets";
import type { OAuthTokens } from "../../../../api/drivers/shared/tokens";
import { X_SCOPES } from "../../../helpers/x-standin";
import { BRAND, CONNECT, PUBLIC_URL, type XWorld, xWorld } from "./world";

let w: XWorld;
afterEach(async () => {
  expect(w.x.problems).toEqual([]);
  await w.close();
});

/** The account's sealed tokens, opened as the keeper does. */
async function tokensOf(id: string): Promise<OAuthTokens> {
  const row = await w.accountRow(id);
  const tokens = new SecretBox(w.t.env.accountSecretKey).open<OAuthTokens>(String(row?.meta?.credentials));
  if (!tokens) throw new Error("no tokens");
  return tokens;
}
async function expireAccess(id: string) {
  const row = await w.accountRow(id);
  const tokens = await tokensOf(id);
  const sealed = new SecretBox(w.t.env.accountSecretKey).seal({
    ...tokens,
    expires_at: new Date(Date.now() - 1000).toISOString(),
  });
  const { eq } = await import("drizzle-orm");
  await w.t.db
    .update(accounts)
    .set({ meta: { ...row?.meta, credentials: sealed } })
    .where(eq(accounts.id, id));
}

describe("connecting an X account", { timeout: 20_000 }, () => {
  it("sends the person to X with a state, PKCE S256, the issue's scopes and the callback as redirect_uri", async () => {
    w = await xWorld();
    const res = await w.owner.call("GET", CONNECT);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${w.x.url}/i/oauth2/authorize`);
    expect(to.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/accounts/callback/twitter`);
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect((to.searchParams.get("scope") ?? "").split(" ").sort()).toEqual([...X_SCOPES].sort());
  });

  it("links the account as real after consent, its tokens sealed: none in the database, the log or an answer", async () => {
    w = await xWorld();
    const back = await w.connect();
    expect(back.searchParams.get("connect")).toBe("linked");
    const [linked, ...more] = await w.xAccounts();
    expect(more).toEqual([]);
    expect(linked).toMatchObject({ external_id: BRAND, name: "Brand", sandbox: false });
    const tokens = await tokensOf(linked?._id ?? "");
    // X's access tokens last 2 hours.
    expect(Date.parse(tokens.expires_at ?? "") - Date.now()).toBeGreaterThan(7_100_000);
    const everything = await w.everythingStored();
    const secrets = [...w.x.issuedAccessTokens(), ...w.x.allRefreshTokens(), w.x.clientSecret];
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it("links nothing when the person refuses consent", async () => {
    w = await xWorld();
    const back = await w.connect(w.owner, { decision: "deny" });
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "error", reason: "denied" });
    expect(await w.xAccounts()).toEqual([]);
  });

  it("refreshes an expired access token with the rotated refresh token, and spends each refresh token once", async () => {
    w = await xWorld();
    await w.connect();
    const [linked] = await w.xAccounts();
    const id = linked?._id ?? "";
    const first = await tokensOf(id);
    await expireAccess(id);
    const { driver, account } = await w.driverOf(id);
    // Two reads at once with an expired token: one refresh between them.
    const [a, b] = await Promise.all([driver.refreshAccount(account), driver.refreshAccount(account)]);
    expect(a.screen_name).toBe("brand");
    expect(b.screen_name).toBe("brand");
    const refreshes = w.x.log.filter((l) => l.path === "/2/oauth2/token").length;
    expect(refreshes).toBe(2); // the code exchange, then one refresh
    const second = await tokensOf(id);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(w.x.liveRefreshTokens()).toEqual([second.refresh_token]);
  });

  it("marks the account for reconnecting when X refuses a refresh token already spent (rotated, used twice)", async () => {
    w = await xWorld();
    await w.connect();
    const [linked] = await w.xAccounts();
    const id = linked?._id ?? "";
    const stale = await tokensOf(id);
    await expireAccess(id);
    const { driver, account } = await w.driverOf(id);
    await driver.refreshAccount(account);
    // The row goes back to the spent refresh token (a backup restored, a process with old tokens).
    const row = await w.accountRow(id);
    const { eq } = await import("drizzle-orm");
    const box = new SecretBox(w.t.env.accountSecretKey);
    await w.t.db
      .update(accounts)
      .set({
        meta: { ...row?.meta, credentials: box.seal({ ...stale, expires_at: new Date(0).toISOString() }) },
      })
      .where(eq(accounts.id, id));
    await expect(driver.refreshAccount(account)).rejects.toBeInstanceOf(AccountNeedsReconnect);
    const after = await w.accountRow(id);
    expect(after?.disabled).toBe(true);
    expect(after?.meta?.credentials).toBe("");
    const [listed] = await w.xAccounts();
    expect(listed?.disabled).toBe(true);
  });

  it("refreshes once when X answers 401 to an access token it no longer takes", async () => {
    w = await xWorld();
    await w.connect();
    const [linked] = await w.xAccounts();
    const { driver, account } = await w.driverOf(linked?._id ?? "");
    w.x.forgetAccessTokens();
    expect((await driver.refreshAccount(account)).screen_name).toBe("brand");
  });

  it("revokes the grant at X when the account is unlinked", async () => {
    w = await xWorld();
    await w.connect();
    const [linked] = await w.xAccounts();
    const live = w.x.liveRefreshTokens();
    expect(live).toHaveLength(1);
    const res = await w.owner.call("DELETE", `/api/v1/teams/current/accounts/${linked?._id}`);
    expect(res.status).toBe(200);
    expect(w.x.revoked).toEqual(live);
    expect(w.x.liveRefreshTokens()).toEqual([]);
  });

  it("keeps X the sandbox without its client id: connect goes back with not_configured", async () => {
    w = await xWorld({ configured: false });
    const back = await w.connect();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      connect: "error",
      reason: "not_configured",
    });
    expect(w.x.log).toEqual([]);
  });
});

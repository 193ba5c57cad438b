import { afterEach, describe, expect, it } from "vitest";
import { SecretBox } from "../../../../api/drivers/shared/secrets";
import type { OAuthTokens } from "../../../../api/drivers/shared/tokens";
import { BRAND_USER, CONNECT, PUBLIC_URL, type ThreadsWorld, threadsWorld } from "./world";

let w: ThreadsWorld;
afterEach(async () => {
  expect(w.threads.problems).toEqual([]);
  await w.close();
});

const DAY = 86_400_000;

/** A world whose app clock the test moves (the stand-in's clock moves with it). */
async function movableWorld() {
  let offset = 0;
  const world = await threadsWorld({ clock: () => new Date(Date.now() + offset) });
  return {
    world,
    pass(ms: number) {
      offset += ms;
      world.threads.clockOffsetMs = offset;
    },
  };
}

async function sealedTokens(world: ThreadsWorld, accountId: string): Promise<OAuthTokens | null> {
  const row = await world.accountRow(accountId);
  return new SecretBox(world.t.deps.env.accountSecretKey).open<OAuthTokens>(String(row?.meta?.credentials));
}

describe("connecting a Threads account", { timeout: 20_000 }, () => {
  it("sends the person to Threads with a state, the four scopes comma-separated and the callback, without PKCE", async () => {
    w = await threadsWorld();
    const res = await w.owner.call("GET", CONNECT);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${w.threads.url}/oauth/authorize`);
    expect(to.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/accounts/callback/threads`);
    expect(to.searchParams.get("scope")).toBe(
      "threads_basic,threads_content_publish,threads_read_replies,threads_manage_replies",
    );
    expect(to.searchParams.get("response_type")).toBe("code");
    expect(to.searchParams.has("code_challenge")).toBe(false);
    expect((to.searchParams.get("state") ?? "").length).toBeGreaterThanOrEqual(20);
  });

  it("links the account with a long-lived token sealed: no token or secret in the database, the log or an answer", async () => {
    w = await threadsWorld();
    const back = await w.connect();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      connect: "linked",
      account: "Brand Threads",
    });
    const [linked, ...more] = await w.threadsAccounts();
    expect(more).toEqual([]);
    expect(linked).toMatchObject({ external_id: BRAND_USER, name: "Brand Threads", sandbox: false });
    // The short-lived token was exchanged at once: the one kept lasts 60 days.
    expect(w.threads.calls("GET /access_token")).toBe(1);
    const tokens = await sealedTokens(w, linked?._id ?? "");
    expect(tokens?.access_token.startsWith("THQWL")).toBe(true);
    const days = (Date.parse(tokens?.expires_at ?? "") - Date.now()) / DAY;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);
    const everything = await w.everythingStored();
    const secrets = [...w.threads.issuedTokens(), w.threads.clientSecret];
    expect(secrets.length).toBe(3);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it("links nothing when the person refuses consent", async () => {
    w = await threadsWorld();
    const back = await w.connect(w.owner, { decision: "deny" });
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "error", reason: "denied" });
    expect(await w.threadsAccounts()).toEqual([]);
  });

  it("links nothing when Threads cannot be reached for the code exchange", async () => {
    w = await threadsWorld();
    const back = await w.connect(w.owner, {
      tamper: (u) => {
        void w.threads.close();
        return u;
      },
    });
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "error", reason: "network" });
    expect(await w.threadsAccounts()).toEqual([]);
    await w.threads.start();
  });

  it("refreshes the long-lived token with th_refresh_token when fewer than 10 of its 60 days are left", async () => {
    const m = await movableWorld();
    w = m.world;
    await w.connect();
    const [linked] = await w.threadsAccounts();
    const { driver, account } = await w.driverOf(linked?._id ?? "");
    const before = await sealedTokens(w, linked?._id ?? "");
    // Forty days on, the token is used as it is.
    m.pass(40 * DAY);
    await driver.refreshAccount(account);
    expect(w.threads.calls("GET /refresh_access_token")).toBe(0);
    // Fifty-one days on, it is refreshed first, for 60 more days.
    m.pass(11 * DAY);
    const profile = await driver.refreshAccount(account);
    expect(profile).toMatchObject({ external_id: BRAND_USER, screen_name: "brand.threads" });
    expect(w.threads.calls("GET /refresh_access_token")).toBe(1);
    const after = await sealedTokens(w, linked?._id ?? "");
    expect(after?.access_token).not.toBe(before?.access_token);
    expect(Date.parse(after?.expires_at ?? "") - (Date.now() + 51 * DAY)).toBeGreaterThan(59.9 * DAY);
  });

  it("asks the owner to reconnect an account whose token lapsed (unused for more than 60 days)", async () => {
    const m = await movableWorld();
    w = m.world;
    await w.connect();
    const [linked] = await w.threadsAccounts();
    const { driver, account } = await w.driverOf(linked?._id ?? "");
    m.pass(61 * DAY);
    await expect(driver.refreshAccount(account)).rejects.toMatchObject({ reason: "reconnect" });
    // Read from the row: the owner's session has lapsed too in 61 days.
    const row = await w.accountRow(linked?._id ?? "");
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials || null).toBeNull();
  });

  it("asks for a reconnect when the person removed the app on Threads (190 on the call and on the refresh)", async () => {
    w = await threadsWorld();
    await w.connect();
    const [linked] = await w.threadsAccounts();
    const { driver, account } = await w.driverOf(linked?._id ?? "");
    w.threads.revokeAll();
    await expect(driver.refreshAccount(account)).rejects.toMatchObject({ reason: "reconnect" });
    expect((await w.threadsAccounts())[0]?.disabled).toBe(true);
  });

  it("unlinks without a call to Threads (it publishes no revocation), the sealed token gone with the account", async () => {
    w = await threadsWorld();
    await w.connect();
    const [linked] = await w.threadsAccounts();
    const calls = w.threads.log.length;
    const res = await w.owner.call("DELETE", `/api/v1/teams/current/accounts/${linked?._id}`);
    expect(res.status).toBe(200);
    expect(w.threads.log.length).toBe(calls);
    expect(await w.threadsAccounts()).toEqual([]);
  });
});

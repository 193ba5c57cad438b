import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { notifications } from "../../../../api/db/tables";
import { AccountNeedsReconnect } from "../../../../api/drivers/errors";
import {
  BRAND_PAGE,
  CONNECT,
  type FacebookWorld,
  facebookWorld,
  LOGIN_ID,
  PUBLIC_URL,
  SECOND_PAGE,
} from "./world";

let w: FacebookWorld;
afterEach(async () => {
  expect(w.meta.problems).toEqual([]);
  await w.close();
});

describe("connecting a Facebook Page", { timeout: 20_000 }, () => {
  it("sends the person to Facebook Login with a state, the Pages permissions and the callback as redirect_uri", async () => {
    w = await facebookWorld();
    const res = await w.owner.call("GET", CONNECT);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${w.meta.url}/v21.0/dialog/oauth`);
    expect(to.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/accounts/callback/facebook`);
    const scopes = (to.searchParams.get("scope") ?? "").split(" ");
    for (const s of w.meta.scopesRequired) expect(scopes).toContain(s);
    expect((to.searchParams.get("state") ?? "").length).toBeGreaterThanOrEqual(20);
  });

  it("offers the login's Pages and links the one picked, with a long-lived user token sealed and the login's id kept", async () => {
    w = await facebookWorld();
    const back = await w.connect({ pick: SECOND_PAGE.id });
    expect(back.searchParams.get("connect")).toBe("choose");
    const linked = await w.networkAccounts();
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ external_id: SECOND_PAGE.id, name: SECOND_PAGE.name, sandbox: false });
    const row = await w.accountRow(linked[0]?._id ?? "");
    expect(row?.meta?.login_user_id).toBe(LOGIN_ID);
    expect(typeof row?.meta?.credentials).toBe("string");
    // The short-lived token was exchanged for a long-lived one at once.
    expect(w.meta.log.filter((l) => l.path === "/v21.0/oauth/access_token")).toHaveLength(2);
    const { driver, account } = await w.driverOf(linked[0]?._id ?? "");
    const profile = await driver.refreshAccount(account);
    expect(profile).toMatchObject({ external_id: SECOND_PAGE.id, screen_name: "brandshop" });
  });

  it("links a login's only Page at once, and never stores or logs a token or the app secret", async () => {
    w = await facebookWorld({ pages: "one" });
    const back = await w.connect();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      connect: "linked",
      account: BRAND_PAGE.name,
    });
    const [linked] = await w.networkAccounts();
    const { driver, account } = await w.driverOf(linked?._id ?? "");
    await driver.refreshAccount(account);
    const everything = await w.everythingStored();
    const secrets = [...w.meta.issuedTokens(), w.meta.appSecret];
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it("links nothing when the person cancels the dialog", async () => {
    w = await facebookWorld();
    const back = await w.connect({ decision: "deny" });
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "error", reason: "denied" });
    expect(await w.networkAccounts()).toEqual([]);
  });

  it("tells the owner once, a week ahead, that the user token's access ends, and not before", async () => {
    w = await facebookWorld({ pages: "one" });
    w.meta.longLivedSeconds = 5 * 86_400;
    await w.connect();
    const [linked] = await w.networkAccounts();
    for (let i = 0; i < 2; i++) {
      const { driver, account } = await w.driverOf(linked?._id ?? "");
      await driver.refreshAccount(account);
    }
    const told = await w.t.db.select().from(notifications).where(eq(notifications.userId, w.owner.userId));
    const ending = told.filter((n) => n.content.key === "accountAccessEnding");
    expect(ending).toHaveLength(1);
    expect(ending[0]?.content.data).toMatchObject({
      network: "Facebook",
      account: { screen_name: "brandcafe" },
    });
  });

  it("says nothing of a user token with more than a week left", async () => {
    w = await facebookWorld({ pages: "one" });
    await w.connect();
    const [linked] = await w.networkAccounts();
    const { driver, account } = await w.driverOf(linked?._id ?? "");
    await driver.refreshAccount(account);
    const told = await w.t.db.select().from(notifications).where(eq(notifications.userId, w.owner.userId));
    expect(told.filter((n) => n.content.key === "accountAccessEnding")).toEqual([]);
  });

  it("asks for a reconnect when the user token has expired, since Facebook cannot refresh it", async () => {
    w = await facebookWorld({ pages: "one" });
    w.meta.longLivedSeconds = 30;
    await w.connect();
    const [linked] = await w.networkAccounts();
    const { driver, account } = await w.driverOf(linked?._id ?? "");
    await expect(driver.refreshAccount(account)).rejects.toBeInstanceOf(AccountNeedsReconnect);
    const [after] = await w.networkAccounts();
    expect(after?.disabled).toBe(true);
    // No refresh was asked of Facebook: there is none for user tokens.
    expect(w.meta.log.filter((l) => l.path.endsWith("/oauth/access_token"))).toHaveLength(2);
  });
});

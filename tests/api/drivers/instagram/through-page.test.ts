/**
 * Instagram linked through a Facebook Page (login variant via_facebook_page), on the Meta stand-in answering
 * Facebook Login and the IG endpoints for a Page's token (only FACEBOOK_* set): the Pages' connected Instagram
 * business accounts offered, one linked at once or picked among several, a login whose Pages have none linking
 * nothing; a quick import read with the Page's token; Meta's errors as data; the access-ending notice; Facebook's
 * deauthorize callback reaching the account.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contests, notifications } from "../../../../api/db/tables";
import { AccountNeedsReconnect, RateLimited } from "../../../../api/drivers/errors";
import { signRequest } from "../../../../api/drivers/shared/meta-graph";
import { SecretBox } from "../../../../api/drivers/shared/secrets";
import type { OAuthTokens } from "../../../../api/drivers/shared/tokens";
import {
  BRAND,
  BRAND_PAGE,
  CONNECT,
  type InstagramWorld,
  instagramWorld,
  LOGIN_ID,
  PUBLIC_URL,
} from "./world";

let w: InstagramWorld;
afterEach(async () => {
  expect(w.problems()).toEqual([]);
  await w.close();
});

const A = "/api/v1/teams/current";
const SHORTCODE = "C8xYz12AbCd";
const at = (minute: number) => new Date(Date.now() - (10_000 - minute) * 60_000).toISOString();
const page = (n: number, instagram?: string) => ({
  id: `20000000000000${n}`,
  name: `Page ${n}`,
  username: `page${n}`,
  link: `https://www.facebook.com/page${n}`,
  ...(instagram ? { instagram } : {}),
});

describe("linking Instagram through a Facebook Page", { timeout: 30_000 }, () => {
  it("sends the person to Facebook Login with the variant's permissions and the Instagram callback", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    const res = await w.owner.call("GET", `${CONNECT}?variant=via_facebook_page`);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${w.meta.url}/v21.0/dialog/oauth`);
    expect(to.searchParams.get("client_id")).toBe(w.meta.appId);
    expect(to.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/accounts/callback/instagram`);
    expect(to.searchParams.get("scope")?.split(/[ ,]/)).toEqual([
      "instagram_basic",
      "instagram_content_publish",
      "instagram_manage_comments",
      "instagram_manage_messages",
      "pages_show_list",
      "pages_read_engagement",
      "business_management",
    ]);
  });

  it("answers 422 on variant for a way the network does not have", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    const res = await w.owner.call("GET", `${CONNECT}?variant=by_carrier_pigeon`);
    expect(res.status).toBe(422);
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(["variant"]);
  });

  it("lists the way among the connectable ones with only Facebook's client set", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    const res = await w.owner.call("GET", "/api/v1/accounts/connectable");
    const { data } = (await res.json()) as { data: { provider: string; variant?: string }[] };
    expect(data).toContainEqual({ provider: "instagram", variant: "via_facebook_page" });
    expect(data).not.toContainEqual({ provider: "instagram" });
  });

  it("links the Page's Instagram account at once when only one Page has one, keeping the Page and the login, tokens sealed", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    // A second Page without an Instagram account is not offered.
    w.meta.addLogin("olive", LOGIN_ID, [BRAND_PAGE, page(2)]);
    const back = await w.connect();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ connect: "linked", account: "Brand Gram" });
    const [linked, ...more] = await w.networkAccounts();
    expect(more).toEqual([]);
    expect(linked).toMatchObject({ external_id: BRAND.id, screen_name: "brandgram", sandbox: false });
    expect(linked?.meta).toEqual({ login_variant: "via_facebook_page" });
    const row = await w.accountRow(linked?._id ?? "");
    expect(row?.meta).toMatchObject({ page_id: BRAND_PAGE.id, login_user_id: LOGIN_ID });
    const tokens = new SecretBox(w.t.env.accountSecretKey).open<OAuthTokens>(String(row?.meta?.credentials));
    // The long-lived user token (fb_exchange_token), not the short-lived one, and no refresh token.
    expect(Date.parse(tokens?.expires_at ?? "") - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(tokens?.refresh_token).toBeNull();
    const { driver, account } = await w.driverOf(linked?._id ?? "");
    expect(await driver.refreshAccount(account)).toMatchObject({ external_id: BRAND.id, name: "Brand Gram" });
    // Read on the Facebook host with the Page's token.
    expect(w.meta.calls(`GET /v21.0/${BRAND.id}`)).toBe(1);
    const everything = await w.everythingStored();
    for (const secret of [...w.meta.issuedTokens(), w.meta.appSecret])
      expect(everything).not.toContain(secret);
  });

  it("offers the Instagram accounts of several Pages to pick from, and links the one picked", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    w.ig.addUser({
      id: "17841400000000002",
      username: "sistergram",
      name: "Sister Gram",
      account_type: "BUSINESS",
    });
    w.meta.addLogin("olive", LOGIN_ID, [BRAND_PAGE, page(2), page(3, "17841400000000002")]);
    const back = await w.connect();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      connect: "choose",
      provider: "instagram",
      variant: "via_facebook_page",
    });
    const pick = back.searchParams.get("pick") ?? "";
    const offered = await w.call(w.owner, "GET", `/api/v1/accounts/connect/choices/${pick}`);
    const { choices } = (await offered.json()) as { choices: { external_id: string; screen_name: string }[] };
    expect(choices.map((c) => c.screen_name)).toEqual(["brandgram", "sistergram"]);
    const picked = await w.call(w.owner, "POST", `/api/v1/accounts/connect/choices/${pick}`, {
      external_id: "17841400000000002",
    });
    expect(picked.status).toBe(200);
    const linked = await w.networkAccounts();
    expect(linked.map((a) => a.external_id)).toEqual(["17841400000000002"]);
    const row = await w.accountRow(linked[0]?._id ?? "");
    expect(row?.meta?.page_id).toBe(page(3).id);
  });

  it("links nothing when none of the login's Pages has an Instagram account, and says which way", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    w.meta.addLogin("olive", LOGIN_ID, [page(2), page(4)]);
    const back = await w.connect();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      connect: "error",
      reason: "no_channel",
      variant: "via_facebook_page",
    });
    expect(await w.networkAccounts()).toEqual([]);
  });
});

describe("an Instagram account linked through a Page", { timeout: 30_000 }, () => {
  it("quick-imports a post link, reading its commenters with the Page's token", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    await w.linked();
    const post = w.ig.addMedia(BRAND.id, SHORTCODE, "Win a bike!", at(1));
    for (let i = 0; i < 5; i++)
      w.ig.comment(post.id, { id: `9${i}`.padEnd(17, "0"), username: `fan${i}` }, "me", at(10 + i));
    const imported = await w.owner.call("POST", `${A}/contests/quickdraw`, {
      provider: "instagram",
      matched: `https://www.instagram.com/p/${SHORTCODE}/`,
      confirm: true,
      name: "Through the Page",
    });
    expect(imported.status).toBe(201);
    const id = ((await imported.json()) as { contest_id: string }).contest_id;
    expect((await w.t.db.select().from(contests).where(eq(contests.id, id)))[0]?.sandbox).toBe(false);
    expect((await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true })).status).toBe(
      200,
    );
    const entries = await w.owner.call("GET", `${A}/contests/${id}/entries?per_page=100`);
    expect(((await entries.json()) as { meta: { total: number } }).meta.total).toBe(5);
    expect(w.meta.calls(`GET /v21.0/${post.id}/comments`)).toBeGreaterThanOrEqual(1);
  });

  it("answers a rate limit with the usage header as data, a missing permission (10, 200) and a dead token (190) as reconnect", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    const id = await w.linked();
    const { driver, account } = await w.driverOf(id);
    const usage = JSON.stringify({
      [BRAND_PAGE.id]: [{ type: "instagram", call_count: 100, estimated_time_to_regain_access: 30 }],
    });
    w.meta.rateLimitNext = { code: 4, times: 20, headers: { "x-business-use-case-usage": usage } };
    await expect(driver.refreshAccount(account)).rejects.toBeInstanceOf(RateLimited);
    w.meta.rateLimitNext = null;
    for (const code of [10, 200]) {
      w.meta.permissionMissing = { edge: BRAND.id, code };
      await expect(driver.refreshAccount(account)).rejects.toBeInstanceOf(AccountNeedsReconnect);
    }
    w.meta.permissionMissing = null;
    w.meta.tokensDead = true;
    const fresh = await w.driverOf(id);
    await expect(fresh.driver.refreshAccount(fresh.account)).rejects.toBeInstanceOf(AccountNeedsReconnect);
    expect((await w.accountRow(id))?.disabled).toBe(true);
  });

  it("tells the owner a week before the login's access ends, once", async () => {
    let now = Date.now();
    w = await instagramWorld({ way: "via_facebook_page", clock: () => new Date(now) });
    const id = await w.linked();
    now += 54 * 86_400_000;
    for (let i = 0; i < 2; i++) {
      const { driver, account } = await w.driverOf(id);
      await driver.refreshAccount(account);
    }
    const told = await w.t.db.select().from(notifications);
    expect(told.filter((n) => n.content.key === "accountAccessEnding")).toHaveLength(1);
  });

  it("is put in the reconnect state by Facebook's deauthorize callback for the login that linked it", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    const id = await w.linked();
    const signed = signRequest({ algorithm: "HMAC-SHA256", user_id: LOGIN_ID }, w.meta.appSecret);
    const res = await w.t.app.request("/api/v1/webhooks/facebook/deauthorize", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
    expect(await res.json()).toEqual({ accounts: 1 });
    const row = await w.accountRow(id);
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials).toBeFalsy();
  });

  it("drops its tokens and the login's id on Facebook's data-deletion callback, keeping the account's record", async () => {
    w = await instagramWorld({ way: "via_facebook_page" });
    const id = await w.linked();
    const signed = signRequest({ algorithm: "HMAC-SHA256", user_id: LOGIN_ID }, w.meta.appSecret);
    const res = await w.t.app.request("/api/v1/webhooks/facebook/data-deletion", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
    expect(res.status).toBe(200);
    const row = await w.accountRow(id);
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials).toBeUndefined();
    expect(row?.meta?.login_user_id).toBeUndefined();
    expect(row?.meta?.login_variant).toBe("via_facebook_page");
  });
});

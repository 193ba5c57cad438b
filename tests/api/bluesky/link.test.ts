/**
 * Linking a real Bluesky account (POST /teams/current/accounts/link with a handle and an app password) against
 * the stand-in service; sessions refreshed and revoked; secrets never in answers, logs or the database.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notifications } from "../../../api/db/tables";
import { AccountNeedsReconnect } from "../../../api/drivers/errors";
import { BRAND } from "../../helpers/bluesky-standin";
import { type BlueskyWorld, blueskyWorld, LINK } from "./world";

let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  expect(w.service.problems).toEqual([]);
  await w.close();
});

describe("linking a Bluesky account with an app password", () => {
  it("stores a real account with its handle, name, picture and profile URL, and the DID on the row", async () => {
    const res = await w.owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: `@${BRAND.handle}`,
      app_password: BRAND.password,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      provider: "bluesky",
      sandbox: false,
      name: "Brand & Co",
      screen_name: BRAND.handle,
      profile_picture: BRAND.avatar,
      url: `https://bsky.app/profile/${BRAND.handle}`,
      disabled: false,
      meta: {},
    });
    expect(body.external_id).toMatch(/^\d+$/);
    const row = await w.accountRow(body._id as string);
    expect(row?.meta?.did).toBe(BRAND.did);
    expect(String(row?.meta?.credentials)).toMatch(/^v1\./);
    expect(w.service.calls("com.atproto.server.createSession")).toHaveLength(1);

    const list = (await (await w.owner.call("GET", "/api/v1/teams/current/accounts/list")).json()) as {
      data: Record<string, unknown>[];
    };
    expect(list.data.map((a) => [a.screen_name, a.sandbox])).toEqual([[BRAND.handle, false]]);
    expect(JSON.stringify(list)).not.toContain("credentials");
  });

  it("answers 422 on the app password when Bluesky refuses it, and on the handle when nobody has it", async () => {
    const wrong = await w.owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: BRAND.handle,
      app_password: "wxyz-wxyz-wxyz-wxyz",
    });
    expect(wrong.status).toBe(422);
    const wrongBody = (await wrong.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(wrongBody.errors)).toEqual(["app_password"]);
    expect(wrongBody.errors.app_password?.[0]).toMatch(/app password/);

    const unknown = await w.owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: "nobody.bsky.social",
      app_password: BRAND.password,
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(((await unknown.json()) as { errors: object }).errors)).toEqual(["identifier"]);

    const missing = await w.owner.call("POST", LINK, { provider: "bluesky", identifier: BRAND.handle });
    expect(missing.status).toBe(422);
    expect(Object.keys(((await missing.json()) as { errors: object }).errors)).toEqual(["app_password"]);

    const notBluesky = await w.owner.call("POST", LINK, {
      provider: "twitter",
      identifier: "brand",
      app_password: "x",
    });
    expect(notBluesky.status).toBe(422);
    expect(Object.keys(((await notBluesky.json()) as { errors: object }).errors)).toEqual(["identifier"]);

    // Nothing was linked.
    const list = (await (await w.owner.call("GET", "/api/v1/teams/current/accounts/list")).json()) as {
      data: unknown[];
    };
    expect(list.data).toEqual([]);
  });

  it("stores the profile without U+0000, which PostgreSQL refuses, on link and on refresh", async () => {
    const brand = w.service.accounts.get(BRAND.did);
    if (!brand) throw new Error("no brand account in the stand-in");
    brand.displayName = "Brand\u0000 & Co";
    const linked = await w.linkBrand();
    expect((await w.accountRow(linked._id))?.name).toBe("Brand & Co");

    brand.displayName = "Brand\u0000\u0000 renamed";
    const res = await w.owner.call("POST", `/api/v1/teams/current/accounts/${linked._id}/refresh`);
    expect(res.status).toBe(200);
    expect((await w.accountRow(linked._id))?.name).toBe("Brand renamed");
  });

  it("links a sandbox account as before when no identifier is given", async () => {
    const res = await w.owner.call("POST", LINK, { provider: "bluesky" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ sandbox: true, screen_name: "sandbox1.bsky.social" });
    expect(w.service.log).toEqual([]);
  });
});

describe("sessions", () => {
  it("refreshes an expired access token (refreshSession) and keeps the new tokens sealed", async () => {
    const linked = await w.linkBrand();
    const before = (await w.accountRow(linked._id))?.meta?.credentials;
    w.service.expireAccessTokens();
    const res = await w.owner.call("POST", `/api/v1/teams/current/accounts/${linked._id}/refresh`);
    expect(res.status).toBe(200);
    expect(w.service.calls("com.atproto.server.refreshSession").length).toBeGreaterThanOrEqual(1);
    const after = (await w.accountRow(linked._id))?.meta?.credentials;
    expect(after).not.toBe(before);
    // The new session works without signing in again.
    const logins = w.service.calls("com.atproto.server.createSession").length;
    const { driver, account } = await w.driverOf(linked._id);
    await driver.refreshAccount(account);
    expect(w.service.calls("com.atproto.server.createSession")).toHaveLength(logins);
  });

  it("gives a revoked account the reconnect state and tells the member who linked it", async () => {
    const linked = await w.linkBrand();
    w.service.revokePassword(BRAND.did);
    const res = await w.owner.call("POST", `/api/v1/teams/current/accounts/${linked._id}/refresh`);
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toMatch(/connected again/);
    const row = await w.accountRow(linked._id);
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials).toBe("");
    expect(typeof row?.meta?.reconnect_requested_at).toBe("string");
    const told = await w.db.select().from(notifications).where(eq(notifications.userId, w.owner.userId));
    expect(told.map((n) => (n.content as { key: string }).key)).toContain("accountReconnectRequested");

    // The driver asks nothing more of the network for it: it needs reconnecting.
    const calls = w.service.log.length;
    const { driver, account } = await w.driverOf(linked._id);
    await expect(driver.refreshAccount(account)).rejects.toBeInstanceOf(AccountNeedsReconnect);
    expect(w.service.log.length).toBe(calls);

    const list = (await (await w.owner.call("GET", "/api/v1/teams/current/accounts/list")).json()) as {
      data: { disabled: boolean }[];
    };
    expect(list.data.map((a) => a.disabled)).toEqual([true]);

    // Connecting it again with a new app password brings the same account back, usable.
    const onService = w.service.accounts.get(BRAND.did);
    if (onService) onService.password = "new1-new1-new1-new1";
    const again = await w.owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: BRAND.handle,
      app_password: "new1-new1-new1-new1",
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ _id: linked._id, disabled: false, meta: {} });
    const back = await w.accountRow(linked._id);
    expect(back?.disabled).toBe(false);
    expect(back?.meta?.reconnect_requested_at).toBeUndefined();
    const fresh = await w.driverOf(linked._id);
    expect((await fresh.driver.refreshAccount(fresh.account)).screen_name).toBe(BRAND.handle);
  });
});

describe("secrets", () => {
  it("never shows the app password or a token in an answer, a log line or the database file", async () => {
    const linked = await w.linkBrand();
    const answers: string[] = [];
    for (const path of ["/api/v1/teams/current/accounts/list", "/api/v1/users/me/accounts/list"]) {
      answers.push(await (await w.owner.call("GET", path)).text());
    }
    w.service.expireAccessTokens();
    answers.push(
      await (await w.owner.call("POST", `/api/v1/teams/current/accounts/${linked._id}/refresh`)).text(),
    );
    const tokens = new Set<string>();
    for (const line of w.service.wire) {
      for (const m of line.matchAll(/(access|refresh)-did:plc:[a-z0-9]+-\d+/g)) tokens.add(m[0]);
    }
    expect(tokens.size).toBeGreaterThanOrEqual(4);
    const stored = await w.everythingStored();
    expect(w.logLines.length).toBeGreaterThan(0);
    for (const secret of [BRAND.password, ...tokens]) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
  });
});

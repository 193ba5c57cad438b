/**
 * Linking on the stand-in service, for what the local AT Protocol network cannot do on demand: an access token
 * that expires now (refreshSession), a profile name with U+0000 (the AppView does not index one), and a sandbox
 * link that must call no network at all.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BRAND } from "../../helpers/bluesky-standin";
import { LINK, type StandInWorld, standInWorld } from "./world";

let w: StandInWorld;
beforeEach(async () => {
  w = await standInWorld();
});
afterEach(async () => {
  expect(w.service.problems).toEqual([]);
  await w.close();
});

describe("linking on the stand-in", () => {
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
});

/**
 * The scheduler's token job (api/scheduler/tokens.ts) on the engine under test, against the stand-ins: an idle
 * Instagram or Threads account is refreshed before its 60 days end, a fresh one is left alone, a refused refresh
 * puts the account in the reconnect state and tells its owner once, a Facebook user token's owner is told once a
 * week before it ends, and two runs at once refresh a token once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { notifications } from "../../../api/db/tables";
import { keepTokens, startScheduler } from "../../../api/scheduler";
import { type FacebookWorld, facebookWorld } from "../drivers/facebook/world";
import { type InstagramWorld, instagramWorld } from "../drivers/instagram/world";
import { type ThreadsWorld, threadsWorld } from "../drivers/threads/world";

const DAY = 86_400_000;
let now = Date.now();
const clock = () => new Date(now);
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

type World = InstagramWorld | ThreadsWorld | FacebookWorld;

async function told(w: World, key: string): Promise<number> {
  const rows = await w.t.db.select().from(notifications);
  return rows.filter((r) => r.content.key === key).length;
}

async function expiresAt(w: World, id: string): Promise<number> {
  const row = await w.accountRow(id);
  return Date.parse(String(row?.meta?.token_expires_at));
}

describe("the token job for Instagram accounts nothing uses", { timeout: 30_000 }, () => {
  async function world() {
    now = Date.now();
    const w = await instagramWorld({ clock });
    closers.push(() => w.close());
    const id = await w.linked();
    return { w, id, refreshes: () => w.ig.callsMatching("GET", /^\/refresh_access_token$/) };
  }

  it("refreshes a token with fewer than ten days left, and the account keeps working", async () => {
    const { w, id, refreshes } = await world();
    now += 51 * DAY;
    const sweep = await keepTokens(w.t.deps);
    expect(sweep).toMatchObject({ refreshed: 1, reconnect: 0 });
    expect(refreshes()).toBe(1);
    // The new token lives 60 days from now, and its expiry is kept in clear for the next ticks.
    expect(await expiresAt(w, id)).toBeGreaterThan(now + 59 * DAY);
    expect((await w.accountRow(id))?.disabled).toBe(false);
    // The next tick has nothing to do.
    expect(await keepTokens(w.t.deps)).toMatchObject({ refreshed: 0 });
    expect(refreshes()).toBe(1);
    expect(w.ig.problems).toEqual([]);
  });

  it("runs in the server's scheduler tick", async () => {
    const { w, id, refreshes } = await world();
    now += 51 * DAY;
    const stop = startScheduler(w.t.deps, 50);
    try {
      for (let i = 0; i < 100 && refreshes() === 0; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await stop();
    }
    expect(refreshes()).toBe(1);
    expect(await expiresAt(w, id)).toBeGreaterThan(now + 59 * DAY);
  });

  it("leaves a token with more than ten days left alone", async () => {
    const { w, id, refreshes } = await world();
    now += 30 * DAY;
    expect(await keepTokens(w.t.deps)).toMatchObject({ refreshed: 0, reconnect: 0 });
    expect(refreshes()).toBe(0);
    expect(await expiresAt(w, id)).toBeGreaterThan(now + 29 * DAY);
  });

  it("puts an account whose refresh is refused in the reconnect state and tells its owner once", async () => {
    const { w, id, refreshes } = await world();
    w.ig.refreshRefused = true;
    now += 52 * DAY;
    expect(await keepTokens(w.t.deps)).toMatchObject({ refreshed: 0, reconnect: 1 });
    const row = await w.accountRow(id);
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.reconnect_requested_at).toBe(new Date(now).toISOString());
    expect(await keepTokens(w.t.deps)).toMatchObject({ reconnect: 0 });
    expect(refreshes()).toBe(1);
    expect(await told(w, "accountReconnectRequested")).toBe(1);
  });

  it("refreshes once when two runs (two processes) look at the same token at once", async () => {
    const { w, id, refreshes } = await world();
    now += 51 * DAY;
    // Instagram kills the token it refreshes: a second refresh with it would be refused and ask for a reconnect.
    const [a, b] = await Promise.all([keepTokens(w.t.deps), keepTokens(w.t.deps)]);
    expect(refreshes()).toBe(1);
    expect(a.reconnect + b.reconnect).toBe(0);
    expect((await w.accountRow(id))?.disabled).toBe(false);
    expect(await told(w, "accountReconnectRequested")).toBe(0);
  });
});

describe("the token job for Threads accounts nothing uses", { timeout: 30_000 }, () => {
  async function world() {
    now = Date.now();
    const w = await threadsWorld({ clock });
    closers.push(() => w.close());
    await w.connect();
    const [a] = await w.threadsAccounts();
    if (!a) throw new Error("not linked");
    return { w, id: a._id, refreshes: () => w.threads.calls("GET /refresh_access_token") };
  }

  it("refreshes a token with fewer than ten days left with th_refresh_token", async () => {
    const { w, id, refreshes } = await world();
    now += 51 * DAY;
    w.threads.clockOffsetMs = 51 * DAY;
    expect(await keepTokens(w.t.deps)).toMatchObject({ refreshed: 1, reconnect: 0 });
    expect(refreshes()).toBe(1);
    expect(await expiresAt(w, id)).toBeGreaterThan(now + 59 * DAY);
    expect(w.threads.problems).toEqual([]);
  });

  it("leaves a fresh token alone", async () => {
    const { w, id, refreshes } = await world();
    now += 20 * DAY;
    w.threads.clockOffsetMs = 20 * DAY;
    expect(await keepTokens(w.t.deps)).toMatchObject({ refreshed: 0, reconnect: 0, retry: 0 });
    expect((await w.accountRow(id))?.disabled).toBe(false);
    expect(refreshes()).toBe(0);
  });

  it("flags a revoked account for reconnecting and tells its owner once", async () => {
    const { w, id } = await world();
    w.threads.revokeAll();
    now += 51 * DAY;
    w.threads.clockOffsetMs = 51 * DAY;
    await Promise.all([keepTokens(w.t.deps), keepTokens(w.t.deps)]);
    await keepTokens(w.t.deps);
    expect((await w.accountRow(id))?.disabled).toBe(true);
    expect(await told(w, "accountReconnectRequested")).toBe(1);
  });

  it("puts an account aside for an hour when Threads is out of reach, then refreshes it", async () => {
    const { w, id, refreshes } = await world();
    now += 51 * DAY;
    w.threads.clockOffsetMs = 51 * DAY;
    w.threads.failNext = { status: 503, code: 2, times: 10 };
    expect(await keepTokens(w.t.deps)).toMatchObject({ refreshed: 0, retry: 1, reconnect: 0 });
    const tried = refreshes();
    expect(tried).toBeGreaterThan(0);
    expect((await w.accountRow(id))?.disabled).toBe(false);
    // Within the hour, nothing is called again.
    now += 30 * 60_000;
    expect(await keepTokens(w.t.deps)).toMatchObject({ refreshed: 0, retry: 0 });
    expect(refreshes()).toBe(tried);
    w.threads.failNext = null;
    now += 31 * 60_000;
    expect(await keepTokens(w.t.deps)).toMatchObject({ refreshed: 1 });
    expect(await expiresAt(w, id)).toBeGreaterThan(now + 59 * DAY);
  });

  it("refreshes once when two runs look at the same token at once", async () => {
    const { w, id, refreshes } = await world();
    now += 51 * DAY;
    w.threads.clockOffsetMs = 51 * DAY;
    await Promise.all([keepTokens(w.t.deps), keepTokens(w.t.deps)]);
    expect(refreshes()).toBe(1);
    expect((await w.accountRow(id))?.disabled).toBe(false);
  });
});

describe("the token job for Instagram accounts linked through a Facebook Page", { timeout: 30_000 }, () => {
  it("tells the owner a week before the Facebook user token ends and never calls Instagram Login's refresh", async () => {
    now = Date.now();
    // Both ways configured: the job keeps Instagram Login's tokens too, and must leave this account to Facebook's rule.
    const w = await instagramWorld({ clock, way: "via_facebook_page", bothWays: true });
    closers.push(() => w.close());
    const id = await w.linked();
    now += 54 * DAY;
    const sweep = await keepTokens(w.t.deps);
    expect(sweep).toMatchObject({ refreshed: 0, reconnect: 0, told: 1 });
    expect(w.ig.callsMatching("GET", /^\/refresh_access_token$/)).toBe(0);
    expect(await told(w, "accountAccessEnding")).toBe(1);
    expect(await told(w, "accountReconnectRequested")).toBe(0);
    expect((await w.accountRow(id))?.disabled).toBe(false);
    expect(await keepTokens(w.t.deps)).toMatchObject({ told: 0 });
  });
});

describe("the token job for Facebook Pages", { timeout: 30_000 }, () => {
  async function world() {
    now = Date.now();
    const w = await facebookWorld({ pages: "one", clock });
    closers.push(() => w.close());
    await w.connect();
    const [a] = await w.networkAccounts();
    if (!a) throw new Error("not linked");
    return { w, id: a._id };
  }

  it("tells the owner once, a week before the user token ends, and refreshes nothing", async () => {
    const { w, id } = await world();
    now += 50 * DAY;
    expect(await keepTokens(w.t.deps)).toMatchObject({ told: 0 });
    expect(await told(w, "accountAccessEnding")).toBe(0);
    now += 4 * DAY;
    const [a, b] = await Promise.all([keepTokens(w.t.deps), keepTokens(w.t.deps)]);
    expect(a.told + b.told).toBe(1);
    expect(await keepTokens(w.t.deps)).toMatchObject({ told: 0 });
    expect(await told(w, "accountAccessEnding")).toBe(1);
    const row = await w.accountRow(id);
    expect(row?.disabled).toBe(false);
    expect(row?.meta?.access_notice_for).toBe(row?.meta?.token_expires_at);
  });
});

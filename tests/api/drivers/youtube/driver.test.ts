/**
 * The YouTube driver against the Google stand-in (every request and answer checked against Google's published
 * description): entries read page by page with each comment's own time and text, then only what is new; a load
 * stopped by the quota keeps what it read and resumes where it stopped, nothing counted twice; an expired access
 * token is refreshed, a refused refresh marks the account for reconnecting; 5xx and timeouts are tried again;
 * a deleted video is refused at quick import (422, no import counted); publications are comments and replies,
 * never made twice; the quota ledger counts each call's units.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accounts, contests, networkQuota } from "../../../../api/db/tables";
import { AccountNeedsReconnect, RateLimited } from "../../../../api/drivers/errors";
import { SecretBox } from "../../../../api/drivers/shared/secrets";
import type { OAuthTokens } from "../../../../api/drivers/shared/tokens";
import type { EntriesRequest } from "../../../../api/drivers/types";
import { BRAND_CHANNEL, VIDEO, type YoutubeWorld, youtubeWorld } from "./world";

let w: YoutubeWorld;
let accountId: string;
let contestId: string;

function fans(n: number, from = 0) {
  for (let i = from; i < from + n; i++) {
    w.google.addChannel(`fan${i}`, {
      id: `UCfan${String(i).padStart(19, "0")}`,
      title: `Fan ${i}`,
      handle: `fan${i}`,
      publishedAt: `2020-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00Z`,
      subscribers: i,
    });
  }
}
const fanId = (i: number) => `UCfan${String(i).padStart(19, "0")}`;
const at = (minute: number) =>
  new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString().replace(".000Z", "Z");

beforeEach(async () => {
  w = await youtubeWorld();
  await w.connect();
  const [linked] = await w.youtubeAccounts();
  accountId = linked?._id ?? "";
  const imported = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
    provider: "youtube",
    matched: `https://www.youtube.com/watch?v=${VIDEO}`,
    confirm: true,
    name: "YouTube import",
  });
  expect(imported.status).toBe(201);
  contestId = ((await imported.json()) as { contest_id: string }).contest_id;
});
afterEach(async () => {
  expect(w.google.problems).toEqual([]);
  await w.close();
});

async function reader() {
  const { driver, account, provider } = await w.driverOf(accountId);
  const request: EntriesRequest = {
    provider,
    contest_id: contestId,
    source_id: "s1",
    post_id: VIDEO,
    account,
    source: { type: "youtube", actions: { comment: { enabled: true, accept_replies: true } } },
    accounts_to_follow: [],
    now: new Date(),
    limit: 10_000,
  };
  return { driver, request };
}

describe("YouTube entries", { timeout: 30_000 }, () => {
  it("reads every commenter page by page with each comment's time and text, and their channels in batches of 50", async () => {
    fans(120);
    for (let i = 0; i < 120; i++) w.google.comment(VIDEO, fanId(i), `I enter #${i} @brandtv`, at(i));
    const thread = w.google.comments[0];
    w.google.comment(VIDEO, fanId(3), "a reply counts too", at(200), thread?.id);
    w.google.pageSize = 50;
    const { driver, request } = await reader();
    const linking = w.google.calls("GET /youtube/v3/channels");
    const load = await driver.loadEntries(request);
    expect(load.entrants).toHaveLength(120);
    const third = load.entrants.find((e) => e.external_id === fanId(3));
    expect(third?.comments.map((c) => c.text).sort()).toEqual(["I enter #3 @brandtv", "a reply counts too"]);
    expect(third?.comments.find((c) => c.text.startsWith("I enter"))?.at).toBe(at(3));
    expect(third?.account_created_at).toBe("2020-01-04T00:00:00Z");
    expect(third?.followers).toBe(3);
    expect(load.lists).toEqual([{ action: "comment", listed: 121, total: 120 }]);
    // 3 pages of threads (50, 50, 20), 3 batches of channels (50, 50, 20).
    expect(w.google.calls("GET /youtube/v3/commentThreads")).toBe(3);
    expect(w.google.calls("GET /youtube/v3/channels") - linking).toBe(3);
  });

  it("reads only what is new on the next load, and nothing twice", async () => {
    fans(30);
    for (let i = 0; i < 20; i++) w.google.comment(VIDEO, fanId(i), `first ${i}`, at(i));
    const { driver, request } = await reader();
    expect((await driver.loadEntries(request)).entrants).toHaveLength(20);
    const threadCalls = w.google.calls("GET /youtube/v3/commentThreads");
    for (let i = 20; i < 30; i++) w.google.comment(VIDEO, fanId(i), `later ${i}`, at(100 + i));
    w.google.comment(VIDEO, fanId(0), "a second comment", at(150));
    const again = await driver.loadEntries(request);
    expect(again.entrants).toHaveLength(30);
    expect(again.entrants.find((e) => e.external_id === fanId(0))?.comments).toHaveLength(2);
    expect(again.lists[0]?.listed).toBe(31);
    // One page, and only the 10 new channels read.
    expect(w.google.calls("GET /youtube/v3/commentThreads")).toBe(threadCalls + 1);
  });

  it("pauses when the quota is exceeded mid-load, tells the owner, and resumes there without reading twice", async () => {
    fans(250);
    for (let i = 0; i < 250; i++) w.google.comment(VIDEO, fanId(i), `entry ${i}`, at(i));
    w.google.pageSize = 100;
    w.google.quotaLeft = 2;
    const { driver, request } = await reader();
    const stopped = await driver.loadEntries(request).catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(RateLimited);
    expect((stopped as RateLimited).waitMs).toBeGreaterThan(0);
    // The ledger keeps the pause: a load before the reset is refused without calling Google.
    const before = w.google.log.length;
    await expect(driver.loadEntries(request)).rejects.toBeInstanceOf(RateLimited);
    expect(w.google.log.length).toBe(before);
    const row = await w.accountRow(accountId);
    expect(row?.meta?.quota_notice_until).toBeTruthy();
    const { notifications } = await import("../../../../api/db/tables");
    const told = await w.t.db.select().from(notifications).where(eq(notifications.userId, w.owner.userId));
    expect(told.map((n) => n.content.key)).toContain("networkQuotaExceeded");

    // The quota resets (a new Pacific day, played by lifting the pause): the load goes on from its third page.
    w.google.quotaLeft = Number.POSITIVE_INFINITY;
    await w.t.db.update(networkQuota).set({ pausedUntil: null });
    const pagesBefore = w.google.calls("GET /youtube/v3/commentThreads");
    const done = await driver.loadEntries(request);
    expect(done.entrants).toHaveLength(250);
    expect(done.lists[0]?.listed).toBe(250);
    expect(w.google.calls("GET /youtube/v3/commentThreads") - pagesBefore).toBe(1);
  });

  it("refreshes an expired access token, and marks the account for reconnecting when the refresh is refused", async () => {
    fans(2);
    w.google.comment(VIDEO, fanId(0), "hi", at(1));
    const expire = async () => {
      const box = new SecretBox(w.t.env.accountSecretKey);
      const row = await w.accountRow(accountId);
      const tokens = box.open<OAuthTokens>(String(row?.meta?.credentials));
      if (!tokens) throw new Error("no tokens");
      const sealed = box.seal({ ...tokens, expires_at: new Date(Date.now() - 1000).toISOString() });
      await w.t.db
        .update(accounts)
        .set({ meta: { ...row?.meta, credentials: sealed } })
        .where(eq(accounts.id, accountId));
    };
    await expire();
    const { driver, request } = await reader();
    const refreshes = () => w.google.log.filter((l) => l.path === "/token").length;
    const before = refreshes();
    expect((await driver.loadEntries(request)).entrants).toHaveLength(1);
    expect(refreshes()).toBe(before + 1);

    await expire();
    w.google.refreshRefused = true;
    await expect(driver.loadEntries({ ...request, source_id: "s2" })).rejects.toBeInstanceOf(
      AccountNeedsReconnect,
    );
    const row = await w.accountRow(accountId);
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials).toBe("");
    const listed = await w.youtubeAccounts();
    expect(listed[0]?.disabled).toBe(true);
  });

  it("answers 401 with a refresh and the call again when Google refuses a token it issued", async () => {
    fans(1);
    w.google.comment(VIDEO, fanId(0), "hi", at(1));
    w.google.forgetAccessTokens();
    const { driver, request } = await reader();
    expect((await driver.loadEntries(request)).entrants).toHaveLength(1);
  });

  it("tries a 5xx and a timeout again, and page tokens carry a load through many pages", async () => {
    fans(30);
    for (let i = 0; i < 30; i++) w.google.comment(VIDEO, fanId(i), `e${i}`, at(i));
    w.google.pageSize = 7;
    w.google.failNext = { status: 503, times: 1 };
    w.google.slowNext = { ms: 3_000, times: 1 };
    const { driver, request } = await reader();
    const load = await driver.loadEntries(request);
    expect(load.entrants).toHaveLength(30);
    // 5 pages of 7 (the last of 2), the 503 and the timed-out call each tried again.
    expect(w.google.calls("GET /youtube/v3/commentThreads")).toBe(7);
  });
});

describe("YouTube quick import and publishing", { timeout: 30_000 }, () => {
  it("refuses a deleted video at import with a 422 on matched, and counts no import", async () => {
    w.google.deletedVideos.add(VIDEO);
    const res = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "youtube",
      matched: `https://youtu.be/${VIDEO}`,
      confirm: true,
      name: "Deleted",
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(["matched"]);
    const rows = await w.t.db.select().from(contests).where(eq(contests.teamId, w.teamId));
    expect(rows).toHaveLength(1);
  });

  it("publishes the main publication as a comment and its follow-ups as replies, each once, spending their units", async () => {
    const { driver, account } = await w.driverOf(accountId);
    const key = { contest_id: contestId, source_id: "s1" };
    const main = await driver.publish({
      ...key,
      kind: "main",
      key: "main",
      account,
      text: "Comment to win!",
      media: [],
      dark: false,
    });
    expect(main.external_post_id).toMatch(new RegExp(`^${VIDEO}/`));
    const again = await driver.publish({
      ...key,
      kind: "main",
      key: "main",
      account,
      text: "Comment to win!",
      media: [],
      dark: false,
    });
    expect(again).toEqual(main);
    const reply = {
      ...key,
      kind: "winners" as const,
      key: "w",
      account,
      text: "Winners: @fan1",
      media: [],
      dark: false,
      mode: "reply" as const,
      in_reply_to: main.external_post_id,
    };
    const r1 = await driver.reply(reply);
    expect(await driver.reply(reply)).toEqual(r1);
    expect(w.google.calls("POST /youtube/v3/commentThreads")).toBe(1);
    expect(w.google.calls("POST /youtube/v3/comments")).toBe(1);
    expect(w.google.comments.filter((c) => c.author === BRAND_CHANNEL)).toHaveLength(2);
    const quota = await driver.quotaState?.(account);
    expect(quota?.used).toBe(w.google.units);
    expect(quota).toMatchObject({ unit: "quota_units", limit: 10_000, paused: false });
    const shown = await w.owner.call("GET", `/api/v1/teams/current/accounts/${accountId}/quota`);
    expect(await shown.json()).toMatchObject({
      quota: { unit: "quota_units", used: w.google.units, limit: 10_000, paused: false },
      expected: { first_load_per_1000_entrants: 30, later_load: 1, publication: 50 },
    });
    await expect(
      driver.sendPrivateMessage({
        ...key,
        kind: "private_message",
        key: "pm",
        account,
        recipient: { external_id: "x", screen_name: "x" },
        text: "hi",
        media: [],
      }),
    ).rejects.toMatchObject({ reason: "message_refused" });
  });
});

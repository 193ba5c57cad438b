/**
 * The X driver against the X stand-in (every request and answer checked against X's published OpenAPI
 * description): a quick import of a post link loads its repliers, quoters, reposters and (up to 100) likers with
 * their profiles; a later load reads only what is new and skips the lists whose count did not move; a 429 with
 * x-rate-limit-reset is waited out or answered as RateLimited; a deleted post is refused at import (422, no import
 * counted); publications are posts, replies, quotes and reposts, never made twice; winners get direct messages,
 * and a winner who takes none is refused as data; every call and read is counted. A reply asked again is found by
 * its text and the post it answers (replies sharing a text each find their own); a text X refuses as duplicate
 * content is recorded as refused with X's reason, and not asked again.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contests } from "../../../../api/db/tables";
import { PostRefused, RateLimited } from "../../../../api/drivers/errors";
import type { EntriesRequest, StoredAccount } from "../../../../api/drivers/types";
import type { XCheckpoint } from "../../../../api/drivers/x/entries";
import { contestPublications, publishReplies } from "../../../../api/services/publications";
import { BRAND, type XWorld, xWorld } from "./world";

let w: XWorld;
let accountId: string;
let postId: string;

const fanId = (i: number) => String(1_600_000_000_000_000_000n + BigInt(i));
function fans(n: number) {
  for (let i = 0; i < n; i++) {
    w.x.addUser({
      id: fanId(i),
      username: `fan${i}`,
      name: `Fan ${i}`,
      created_at: `2020-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00.000Z`,
      followers: i,
      following: 2 * i,
      tweets: 10 + i,
    });
  }
}
/** Minutes ago, as X dates posts (within the 7 days recent search reads). */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeEach(async () => {
  w = await xWorld();
  await w.connect();
  const [linked] = await w.xAccounts();
  accountId = linked?._id ?? "";
  postId = w.x.tweet(BRAND, "RT and reply to win!", ago(600)).id;
});
afterEach(async () => {
  expect(w.x.problems).toEqual([]);
  await w.close();
});

async function quickImport(id = postId) {
  return w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
    provider: "twitter",
    matched: `https://x.com/brand/status/${id}`,
    confirm: true,
    name: "X import",
  });
}

async function reader(contestId: string) {
  const { driver, account, provider } = await w.driverOf(accountId);
  const request: EntriesRequest = {
    provider,
    contest_id: contestId,
    source_id: "s1",
    post_id: postId,
    account,
    source: { type: "twitter", actions: {} },
    accounts_to_follow: [],
    now: new Date(),
    limit: 10_000,
  };
  return { driver, request };
}

describe("X quick import", { timeout: 30_000 }, () => {
  it("loads a post's repliers, quoters, reposters and likers with their profiles through the import and the load", async () => {
    fans(8);
    w.x.tweet(fanId(0), "@brand me please", ago(50), { in_reply_to: postId });
    const reply = w.x.tweet(fanId(1), "@brand count me in", ago(40), { in_reply_to: postId });
    // A reply to a reply is in the same conversation.
    w.x.tweet(fanId(2), "@fan1 good luck", ago(30), { in_reply_to: reply.id });
    w.x.tweet(fanId(3), "Look at this giveaway", ago(20), { quote_of: postId });
    w.x.reposts.set(postId, [fanId(4), fanId(5)]);
    w.x.likes.set(postId, [fanId(5), fanId(6), fanId(7)]);
    const imported = await quickImport();
    expect(imported.status).toBe(201);
    const { contest_id } = (await imported.json()) as { contest_id: string };
    const loaded = await w.owner.call("POST", `/api/v1/teams/current/contests/${contest_id}/load_entries`, {
      consent: true,
    });
    expect(loaded.status).toBe(200);
    expect(await loaded.json()).toMatchObject({ loaded: 8 });
    const page = await w.owner.call(
      "GET",
      `/api/v1/teams/current/contests/${contest_id}/entries?per_page=50`,
    );
    const { data } = (await page.json()) as {
      data: { account: { screen_name: string; created_at: string | null } }[];
    };
    expect(data.every((e) => e.account.created_at?.startsWith("2020-01-"))).toBe(true);
    expect(data.map((e) => e.account.screen_name).sort()).toEqual(
      ["fan0", "fan1", "fan2", "fan3", "fan4", "fan5", "fan6", "fan7"].sort(),
    );

    // What the driver answers: each entrant's actions and profile, and how much of each list X listed.
    const { driver, request } = await reader(contest_id);
    const load = await driver.loadEntries({ ...request, source_id: "direct" });
    const byName = new Map(load.entrants.map((e) => [e.screen_name, e]));
    expect(byName.get("fan1")?.comments.map((c) => c.text)).toEqual(["@brand count me in"]);
    expect(byName.get("fan1")?.comments[0]?.at).toBe(reply.created_at);
    expect(byName.get("fan3")?.did.quote).toBe(true);
    expect(byName.get("fan5")?.did).toMatchObject({ repost: true, like: true });
    // X dates no like or repost: dated by the load that saw it; a reply keeps its own time.
    expect(byName.get("fan5")?.first_seen).toBe(true);
    expect(byName.get("fan1")?.first_seen).toBeUndefined();
    expect(byName.get("fan6")).toMatchObject({
      account_created_at: "2020-01-07T00:00:00.000Z",
      followers: 6,
      following: 12,
      posts: 16,
    });
    expect(load.lists).toEqual([
      { action: "comment", listed: 3, total: 2 },
      { action: "quote", listed: 1, total: 1 },
      { action: "repost", listed: 2, total: 2 },
      { action: "like", listed: 3, total: 3 },
    ]);
  });

  it("lists at most 100 likers of a post with more, and records the cap as what was listed of the total", async () => {
    fans(130);
    w.x.likes.set(
      postId,
      Array.from({ length: 130 }, (_, i) => fanId(i)),
    );
    const imported = await quickImport();
    const { contest_id } = (await imported.json()) as { contest_id: string };
    const { driver, request } = await reader(contest_id);
    const load = await driver.loadEntries({
      ...request,
      source: { type: "twitter", actions: { like: { enabled: true } } },
    });
    expect(load.lists).toEqual([{ action: "like", listed: 100, total: 130 }]);
    expect(load.entrants).toHaveLength(100);
    // X lists the most recent: the 30 first likers are not on it.
    expect(load.entrants.some((e) => e.external_id === fanId(0))).toBe(false);
    expect(w.x.calls(`GET /2/tweets/${postId}/liking_users`)).toBe(1);
  });

  it("refuses a deleted post at import with a 422 on matched, and counts no import", async () => {
    w.x.tweets.delete(postId);
    const res = await quickImport();
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(["matched"]);
    expect(await w.t.db.select().from(contests).where(eq(contests.teamId, w.teamId))).toEqual([]);
  });
});

describe("X entries", { timeout: 30_000 }, () => {
  let contestId: string;
  beforeEach(async () => {
    const imported = await quickImport();
    contestId = ((await imported.json()) as { contest_id: string }).contest_id;
  });

  it("reads replies page by page, then only the new ones, skips lists whose count did not move, and counts every read", async () => {
    fans(30);
    for (let i = 0; i < 25; i++) w.x.tweet(fanId(i), `entry ${i}`, ago(100 - i), { in_reply_to: postId });
    w.x.likes.set(postId, [fanId(0)]);
    w.x.pageSize = 10;
    const { driver, request } = await reader(contestId);
    const first = await driver.loadEntries(request);
    expect(first.entrants).toHaveLength(25);
    // The post, 3 pages of replies, and the likes; no quote nor repost (their counts are 0).
    expect(w.x.calls("GET /2/tweets/search/recent")).toBe(3);
    expect(w.x.calls(`GET /2/tweets/${postId}/quote_tweets`)).toBe(0);
    expect(w.x.calls(`GET /2/tweets/${postId}/liking_users`)).toBe(1);

    for (let i = 25; i < 30; i++) w.x.tweet(fanId(i), `later ${i}`, ago(30 - i), { in_reply_to: postId });
    const searches = w.x.calls("GET /2/tweets/search/recent");
    const likes = w.x.calls(`GET /2/tweets/${postId}/liking_users`);
    const quotes = w.x.calls(`GET /2/tweets/${postId}/quote_tweets`);
    const again = await driver.loadEntries(request);
    expect(again.entrants).toHaveLength(30);
    expect(again.lists.find((l) => l.action === "comment")).toEqual({
      action: "comment",
      listed: 30,
      total: 30,
    });
    // One page of the 5 new replies (since_id); likes and quotes did not move: not read again.
    expect(w.x.calls("GET /2/tweets/search/recent")).toBe(searches + 1);
    expect(
      w.x.log.at(-1)?.query.since_id ?? w.x.log.find((l) => l.query.since_id)?.query.since_id,
    ).toBeTruthy();
    expect(w.x.calls(`GET /2/tweets/${postId}/liking_users`)).toBe(likes);
    expect(w.x.calls(`GET /2/tweets/${postId}/quote_tweets`)).toBe(quotes);

    const [row] = await w.t.db.select().from(contests).where(eq(contests.id, contestId));
    const cp = (row?.meta?.network_cursors as Record<string, XCheckpoint> | undefined)?.s1;
    const apiCalls = w.x.log.filter(
      (l) => l.path.startsWith("/2/") && !l.path.startsWith("/2/oauth2"),
    ).length;
    // Every call but the import's own look at the post and the link's users/me is the contest's.
    expect(cp?.usage.calls).toBe(apiCalls - 2);
    expect(cp?.usage.posts).toBe(2 + 30);
    const quota = await driver.quotaState?.(request.account as never);
    expect(quota).toMatchObject({ unit: "calls", used: apiCalls - 1, limit: null, paused: false });
    // What the builder shows before a contest starts: the calls and reads a contest costs.
    const shown = await w.owner.call("GET", `/api/v1/teams/current/accounts/${accountId}/quota`);
    expect(await shown.json()).toEqual({
      quota: { unit: "calls", used: apiCalls - 1, limit: null, resets_at: expect.any(String), paused: false },
      expected: {
        unit: "calls",
        first_load_per_1000_entrants: 11,
        later_load: 2,
        publication: 2,
        reads_per_1000_entrants: { posts: 1001, users: 1000 },
      },
    });
  });

  it("checks follows of the publishing account and the other accounts from their followers, read once a day unless their count moves", async () => {
    fans(6);
    w.x.addUser({
      id: "1500000000000000002",
      username: "partner",
      name: "Partner",
      created_at: "2015-01-01T00:00:00.000Z",
      followers: 0,
      following: 0,
      tweets: 1,
    });
    for (let i = 0; i < 4; i++) w.x.tweet(fanId(i), `in ${i}`, ago(10 + i), { in_reply_to: postId });
    w.x.followers.set(BRAND, [fanId(0), fanId(1), fanId(2), fanId(5)]);
    w.x.followers.set("1500000000000000002", [fanId(1)]);
    const { driver, request } = await reader(contestId);
    const asked = {
      ...request,
      source: { type: "twitter", actions: { comment: { enabled: true }, follow: { enabled: true } } },
      accounts_to_follow: ["@partner"],
    };
    const { publicationAccountId } = await import("../../../../api/services/publication-account");
    const load = await driver.loadEntries(asked);
    const follows = new Map(load.entrants.map((e) => [e.screen_name, e.did.follows]));
    expect(follows.get("fan0")).toEqual(
      expect.arrayContaining(["brand", String(publicationAccountId(BRAND))]),
    );
    expect(follows.get("fan1")).toEqual(expect.arrayContaining(["brand", "@partner", "partner"]));
    expect(follows.get("fan3")).toEqual([]);
    expect(load.lists.find((l) => l.action === "follow")).toEqual({ action: "follow", listed: 5, total: 5 });
    const reads = w.x.calls(`GET /2/users/${BRAND}/followers`);
    expect(reads).toBe(1);
    // Same day, same count: the followers are not read again; a new follower moves the count: read again.
    await driver.loadEntries(asked);
    expect(w.x.calls(`GET /2/users/${BRAND}/followers`)).toBe(1);
    w.x.followers.get(BRAND)?.push(fanId(3));
    const later = await driver.loadEntries(asked);
    expect(later.entrants.find((e) => e.screen_name === "fan3")?.did.follows).toContain("brand");
    expect(w.x.calls(`GET /2/users/${BRAND}/followers`)).toBe(2);
  });

  it("records the follow as incomplete when the account has more followers than a load reads", async () => {
    fans(3);
    w.x.tweet(fanId(0), "in", ago(10), { in_reply_to: postId });
    w.x.pageSize = 1;
    const { MAX_FOLLOWER_PAGES } = await import("../../../../api/drivers/x/entries");
    const many = Array.from({ length: MAX_FOLLOWER_PAGES + 5 }, (_, i) => fanId(i % 3));
    w.x.followers.set(BRAND, many);
    const { driver, request } = await reader(contestId);
    const load = await driver.loadEntries({
      ...request,
      source: { type: "twitter", actions: { follow: { enabled: true } } },
    });
    expect(load.lists).toEqual([
      { action: "follow", listed: MAX_FOLLOWER_PAGES, total: MAX_FOLLOWER_PAGES + 5 },
    ]);
  });

  it("waits out a short 429 by its x-rate-limit-reset, and answers RateLimited when the reset is far", async () => {
    fans(2);
    w.x.tweet(fanId(0), "hi", ago(5), { in_reply_to: postId });
    const { driver, request } = await reader(contestId);
    w.x.limitNext = { times: 1, resetInSeconds: 1 };
    expect((await driver.loadEntries(request)).entrants).toHaveLength(1);
    w.x.tweet(fanId(1), "me too", ago(1), { in_reply_to: postId });
    w.x.limitNext = { times: 1, resetInSeconds: 900 };
    const stopped = await driver.loadEntries(request).catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(RateLimited);
    expect((stopped as RateLimited).waitMs).toBeGreaterThan(800_000);
    // Back after the reset: the load goes on and finds the new reply.
    expect((await driver.loadEntries(request)).entrants).toHaveLength(2);
  });

  it("answers PostUnavailable for a post deleted after the import", async () => {
    const { driver, request } = await reader(contestId);
    w.x.tweets.delete(postId);
    await expect(driver.loadEntries(request)).rejects.toMatchObject({ reason: "post_unavailable" });
  });
});

describe("X publishing and messages", { timeout: 30_000 }, () => {
  it("publishes the main post, its reply, quote and repost, each once, and messages a winner", async () => {
    fans(2);
    w.x.closedDms.add(fanId(1));
    const { driver, account } = await w.driverOf(accountId);
    const key = { contest_id: "c1", source_id: "s1", media: [], dark: false, account };
    const main = await driver.publish({ ...key, kind: "main", key: "main", text: "Reply to win!" });
    expect(await driver.publish({ ...key, kind: "main", key: "main", text: "Reply to win!" })).toEqual(main);
    const follow = (
      kind: "reminder" | "closing" | "winners",
      mode: "reply" | "quote" | "repost",
      text: string,
    ) => ({
      ...key,
      kind,
      key: kind,
      text,
      mode,
      in_reply_to: main.external_post_id,
    });
    const reminder = await driver.reply(follow("reminder", "reply", "Two days left!"));
    expect(await driver.reply(follow("reminder", "reply", "Two days left!"))).toEqual(reminder);
    const closing = await driver.reply(follow("closing", "quote", "Closed, thank you!"));
    const repost = await driver.reply(follow("winners", "repost", ""));
    expect(repost.external_post_id).toBe(main.external_post_id);
    expect(w.x.tweets.get(reminder.external_post_id)).toMatchObject({ in_reply_to: main.external_post_id });
    expect(w.x.tweets.get(closing.external_post_id)).toMatchObject({ quote_of: main.external_post_id });
    expect(w.x.reposts.get(main.external_post_id)).toEqual([BRAND]);
    expect(w.x.calls("POST /2/tweets")).toBe(3);

    const pm = { ...key, kind: "private_message" as const, key: "pm", text: "You won!" };
    const sent = await driver.sendPrivateMessage({
      ...pm,
      recipient: { external_id: fanId(0), screen_name: "fan0" },
    });
    expect(sent.external_message_id).toBeTruthy();
    // Asked again (the job ran again after a restart): found in the conversation, not sent twice.
    expect(
      await driver.sendPrivateMessage({ ...pm, recipient: { external_id: fanId(0), screen_name: "fan0" } }),
    ).toEqual(sent);
    expect(w.x.messages).toEqual([
      { from: BRAND, to: fanId(0), text: "You won!", id: sent.external_message_id },
    ]);
    await expect(
      driver.sendPrivateMessage({ ...pm, recipient: { external_id: fanId(1), screen_name: "fan1" } }),
    ).rejects.toMatchObject({ reason: "message_refused" });
  });

  it("uploads a publication's image to X and posts it with the post, once", async () => {
    const { png, uploadFile } = await import("../../../helpers/world");
    const image = png(10);
    const upload = await uploadFile(w.t, w.owner, image);
    const { driver, account } = await w.driverOf(accountId);
    const request = {
      contest_id: "c1",
      source_id: "s1",
      kind: "main" as const,
      key: "main",
      account,
      text: "Win this!",
      media: [upload],
      dark: false,
    };
    const made = await driver.publish(request);
    expect(await driver.publish(request)).toEqual(made);
    const [mediaId] = w.x.tweets.get(made.external_post_id)?.media_ids ?? [];
    expect(w.x.media.get(mediaId ?? "")).toMatchObject({ category: "tweet_image", owner: BRAND });
    expect(Buffer.compare(w.x.media.get(mediaId ?? "")?.bytes ?? Buffer.alloc(0), Buffer.from(image))).toBe(
      0,
    );
    expect(w.x.calls("POST /2/media/upload")).toBe(1);
  });

  it("refuses a dark (promoted-only) post rather than publish it in public", async () => {
    const { driver, account } = await w.driverOf(accountId);
    const { DarkPostUnsupported } = await import("../../../../api/drivers/x/driver");
    await expect(
      driver.publish({
        contest_id: "c1",
        source_id: "s1",
        kind: "main",
        key: "main",
        account,
        text: "Promoted only",
        media: [],
        dark: true,
      }),
    ).rejects.toBeInstanceOf(DarkPostUnsupported);
    expect(w.x.calls("POST /2/tweets")).toBe(0);
  });

  it("refuses as PostUnavailable a reply to a post deleted since", async () => {
    const { driver, account } = await w.driverOf(accountId);
    w.x.tweets.delete(postId);
    await expect(
      driver.reply({
        contest_id: "c1",
        source_id: "s1",
        kind: "winners",
        key: "w",
        account,
        text: "Winners!",
        media: [],
        dark: false,
        mode: "reply",
        in_reply_to: postId,
      }),
    ).rejects.toMatchObject({ reason: "post_unavailable" });
  });
});

describe("X replies that share a text", { timeout: 30_000 }, () => {
  const reply = (account: StoredAccount, key: string, text: string, to: string) => ({
    contest_id: "c1",
    source_id: "s1",
    kind: "winning_moment_lost" as const,
    key,
    account,
    text,
    media: [],
    dark: false,
    mode: "reply" as const,
    in_reply_to: to,
  });

  it("answers each reply asked again with its own post, never another's with the same text", async () => {
    fans(2);
    const first = w.x.tweet(fanId(0), "@brand me!", ago(30), { in_reply_to: postId });
    const second = w.x.tweet(fanId(1), "@brand me too!", ago(20), { in_reply_to: postId });
    // Two lost replies X took with one text (their answers lost): each is its own entrant's.
    const mine0 = w.x.tweet(BRAND, "Not this time!", ago(10), { in_reply_to: first.id });
    const mine1 = w.x.tweet(BRAND, "Not this time!", ago(9), { in_reply_to: second.id });
    const { driver, account } = await w.driverOf(accountId);
    expect(await driver.reply(reply(account, fanId(0), "Not this time!", first.id))).toEqual({
      external_post_id: mine0.id,
    });
    expect(await driver.reply(reply(account, fanId(1), "Not this time!", second.id))).toEqual({
      external_post_id: mine1.id,
    });
    expect(w.x.calls("POST /2/tweets")).toBe(0);
  });

  it("finds its own reply after an answer lost, even shown with the handle it answers before its text", async () => {
    fans(1);
    const entry = w.x.tweet(fanId(0), "@brand me!", ago(30), { in_reply_to: postId });
    const lost = w.x.tweet(BRAND, "@fan0 Not this time, Fan 0!", ago(5), { in_reply_to: entry.id });
    const { driver, account } = await w.driverOf(accountId);
    expect(await driver.reply(reply(account, fanId(0), "Not this time, Fan 0!", entry.id))).toEqual({
      external_post_id: lost.id,
    });
    expect(w.x.calls("POST /2/tweets")).toBe(0);
  });

  it("does not take a quote of another post, or a post of its own, for a reply with the same text", async () => {
    fans(1);
    const entry = w.x.tweet(fanId(0), "@brand me!", ago(30), { in_reply_to: postId });
    w.x.tweet(BRAND, "Thanks Fan 0!", ago(20), { quote_of: postId });
    const { driver, account } = await w.driverOf(accountId);
    // X refuses the text posted before: the reply is refused for good, not answered with the quote's id.
    await expect(driver.reply(reply(account, fanId(0), "Thanks Fan 0!", entry.id))).rejects.toBeInstanceOf(
      PostRefused,
    );
    expect(w.x.calls("POST /2/tweets")).toBe(1);
  });

  it("meets, as X does, a second post of one text by one account with a 403 duplicate content, whatever it answers", async () => {
    const { driver, account } = await w.driverOf(accountId);
    const key = { contest_id: "c1", source_id: "s1", media: [], dark: false, account };
    await driver.publish({ ...key, kind: "main", key: "main", text: "Good luck!" });
    const before = w.x.tweets.size;
    const error = await driver
      .reply({
        ...key,
        kind: "closing",
        key: "closing",
        text: "Good luck!",
        mode: "quote",
        in_reply_to: postId,
      })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PostRefused);
    expect((error as Error).message).toBe(
      "x createTweet: You are not allowed to create a Tweet with duplicate content.",
    );
    expect(w.x.tweets.size).toBe(before);
    expect(w.x.calls("POST /2/tweets")).toBe(2);
  });

  it("sends lost replies personalised by name each to its entrant, and records a duplicate's refusal with X's reason, once", async () => {
    fans(3);
    w.x.addUser({
      id: fanId(9),
      username: "otherfan0",
      name: "Fan 0",
      created_at: "2020-02-01T00:00:00.000Z",
      followers: 1,
      following: 1,
      tweets: 1,
    });
    const imported = await quickImport();
    const { contest_id } = (await imported.json()) as { contest_id: string };
    const entries = [fanId(0), fanId(1), fanId(9)].map((id, i) =>
      w.x.tweet(id, "@brand me!", ago(30 - i), { in_reply_to: postId }),
    );
    const names = ["Fan 0", "Fan 1", "Fan 0"];
    const { driver, account } = await w.driverOf(accountId);
    const items = entries.map((e, i) => ({
      contest_id,
      source_id: "s1",
      kind: "winning_moment_lost" as const,
      key: e.author,
      provider: "twitter",
      mode: "reply" as const,
      account,
      text: `Not this time, ${names[i]}!`,
      media: [],
      dark: false,
      inReplyTo: e.id,
    }));
    const deps = { db: w.t.db, clock: () => new Date() };
    expect(await publishReplies(deps, driver, items)).toBe(2);
    const rows = await contestPublications(w.t.db, contest_id);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const sent = [fanId(0), fanId(1)].map((k) => byKey.get(k)?.externalPostId ?? "");
    expect(new Set(sent).size).toBe(2);
    for (const [i, id] of sent.entries()) {
      expect(w.x.tweets.get(id)).toMatchObject({ in_reply_to: entries[i]?.id, author: BRAND });
    }
    expect(byKey.get(fanId(9))).toMatchObject({
      status: "refused",
      externalPostId: null,
      refusal: expect.stringMatching(/duplicate content/),
    });
    // Run again (the job retried): nothing is asked of X again.
    const calls = w.x.calls("POST /2/tweets");
    expect(await publishReplies(deps, driver, items)).toBe(2);
    expect(w.x.calls("POST /2/tweets")).toBe(calls);
  });
});

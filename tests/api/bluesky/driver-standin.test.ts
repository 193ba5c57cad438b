/**
 * The Bluesky driver against the stand-in service, for what the local AT Protocol network lacks: private messages
 * (chat.bsky.*, and their refusal), rate-limit headers (a 429's retry-after while paging), a cursor that ends early
 * and a load that stops midway. Publishing and entries run on the real network: publishing.test.ts, entries.test.ts.
 */

import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { contests } from "../../../api/db/tables";
import { MessageRefused } from "../../../api/drivers/errors";
import type { EntriesRequest } from "../../../api/drivers/types";
import { readEntries } from "../../../api/services/entrants";
import { publishOnce } from "../../../api/services/publications";
import { ACCOUNTS, BRAND } from "../../helpers/bluesky-standin";
import { expectShape } from "../../helpers/world";
import { type StandInWorld as BlueskyWorld, standInWorld as blueskyWorld } from "./world";

const [, ALICE, BOB, CAROL, DAVE, PARTNER] = ACCOUNTS as [
  (typeof ACCOUNTS)[number],
  ...(typeof ACCOUNTS)[number][],
];
if (!ALICE || !BOB || !CAROL || !DAVE || !PARTNER) throw new Error("fixture accounts missing");

let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  expect(w.service.problems).toEqual([]);
  await w.close();
});

const key = (kind: "main" | "reminder" | "private_message", k = "main") => ({
  contest_id: "c1",
  source_id: "s1",
  kind,
  key: k,
});

describe("private messages", () => {
  it("sends through the chat proxy once per key; a refusal is recorded and never tried again", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const message = {
      ...key("private_message", "alice"),
      account,
      recipient: { external_id: ALICE.did, screen_name: ALICE.handle },
      text: "Hello Alice, you won!",
      media: [],
    };
    const sent = await driver.sendPrivateMessage(message);
    expect(w.service.messages.map((m) => [m.sender, m.text])).toEqual([[BRAND.did, "Hello Alice, you won!"]]);
    expect(w.service.calls("chat.bsky.convo.sendMessage")[0]?.proxy).toBe("did:web:api.bsky.chat#bsky_chat");
    expect((await driver.sendPrivateMessage(message)).external_message_id).toBe(sent.external_message_id);
    expect(w.service.messages).toHaveLength(1);

    w.service.refusesChat.add(BOB.did);
    await expect(
      driver.sendPrivateMessage({
        ...message,
        key: "bob",
        recipient: { external_id: BOB.did, screen_name: BOB.handle },
      }),
    ).rejects.toBeInstanceOf(MessageRefused);

    // Through the publications table: recorded as refused, answered as it is the next time.
    const once = {
      ...key("private_message", "bob-2"),
      provider: "bluesky",
      mode: "message" as const,
      account,
      text: "Hello Bob",
      media: [],
      dark: false,
      recipient: { id: `bluesky:${BOB.did}`, external_id: BOB.did, screen_name: BOB.handle },
    };
    w.service.addPost(BRAND.did, "Giveaway!", "3kxyzabcde2fg");
    const contest = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "bluesky",
      matched: `https://bsky.app/profile/${BRAND.handle}/post/3kxyzabcde2fg`,
      confirm: true,
      name: "Import",
    });
    const contestId = ((await contest.json()) as { contest_id: string }).contest_id;
    let told = 0;
    const onRefused = () => {
      told++;
    };
    const row = await publishOnce(w.deps, driver, { ...once, contest_id: contestId, onRefused });
    expect(row.status).toBe("refused");
    expect(told).toBe(1);
    const calls = w.service.calls("chat.bsky.convo.getConvoForMembers").length;
    const again = await publishOnce(w.deps, driver, { ...once, contest_id: contestId, onRefused });
    expect(again.status).toBe("refused");
    expect(told).toBe(1);
    expect(w.service.calls("chat.bsky.convo.getConvoForMembers")).toHaveLength(calls);
  });
});

describe("entries", () => {
  function request(account: EntriesRequest["account"], postId: string, extra: Partial<EntriesRequest> = {}) {
    const provider = w.deps.catalog.providers.get("bluesky");
    if (!provider) throw new Error("no provider");
    return {
      provider,
      contest_id: "c1",
      source_id: "s1",
      post_id: postId,
      post_author: null,
      account,
      source: { type: "bluesky", actions: {} },
      accounts_to_follow: [],
      now: new Date("2026-11-20T10:00:00.000Z"),
      limit: 3000,
      ...extra,
    } satisfies EntriesRequest;
  }

  it("dates a repost-only entrant by the load that first saw it and says so; a dated action wins over it", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const post = w.service.addPost(BRAND.did, "Giveaway!");
    w.service.repost(post, ALICE.did);
    w.service.repost(post, BOB.did);
    w.service.like(post, BOB.did);
    const asked = request(account, post.uri);
    const { entrants } = await driver.loadEntries(asked);
    const alice = entrants.find((e) => e.external_id === ALICE.did);
    const bob = entrants.find((e) => e.external_id === BOB.did);
    // The repost as listed has no time: the load's own, flagged.
    expect(alice?.first_at).toBe(asked.now.toISOString());
    expect(alice?.first_seen).toBe(true);
    // The like's record carries its time (the stand-in's first like: 2026-11-02T00:00Z), earlier than the load.
    expect(bob?.first_at).toBe("2026-11-02T00:00:00.000Z");
    expect(bob?.first_seen).toBeUndefined();
  });

  it("answers each entry with its entrant's counts and whether its time is the load's first sight", async () => {
    await w.linkBrand();
    const post = w.service.addPost(BRAND.did, "Giveaway!");
    w.service.accounts.set(ALICE.did, {
      ...w.service.accounts.get(ALICE.did),
      followersCount: 12_345,
      followsCount: 67,
      postsCount: 890,
    } as never);
    w.service.repost(post, ALICE.did);
    w.service.like(post, BOB.did);
    const imported = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "bluesky",
      matched: `https://bsky.app/profile/${BRAND.handle}/post/${post.uri.split("/").pop()}`,
      confirm: true,
      name: "Counts",
    });
    const contestId = ((await imported.json()) as { contest_id: string }).contest_id;
    const path = `/api/v1/teams/current/contests/${contestId}`;
    expect((await w.owner.call("POST", `${path}/load_entries`, { consent: true })).status).toBe(200);
    const answer = (await (await w.owner.call("GET", `${path}/entries?per_page=50`)).json()) as {
      data: {
        account: { id: string; followers: number; following: number; posts: number };
        first_at: string;
        first_seen: boolean;
      }[];
    };
    for (const entry of answer.data) expectShape("stored/entry", entry);
    const alice = answer.data.find((e) => e.account.id === ALICE.did);
    const bob = answer.data.find((e) => e.account.id === BOB.did);
    expect(alice?.account).toMatchObject({ followers: 12_345, following: 67, posts: 890 });
    expect(alice?.first_seen).toBe(true);
    expect(bob?.first_seen).toBe(false);
    // The CSV download says it too, beside the time.
    const csv = await (await w.owner.call("GET", `${path}/entries/export`)).text();
    const [header = "", ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const column = header.split(",").indexOf("entered_at_first_seen");
    const cellOf = (did: string) => lines.find((l) => l.includes(did))?.split(",")[column];
    expect(cellOf(ALICE.did)).toBe("yes");
    expect(cellOf(BOB.did)).toBe("no");

    // A later load reads the repost again with its own time: the first sight, stored, is kept.
    const row = await first(w.db.select().from(contests).where(eq(contests.id, contestId)));
    if (!row) throw new Error("no contest");
    const later = new Date(Date.parse(alice?.first_at ?? "") + 3_600_000);
    const again = await readEntries(w.deps, row, { limit: 100, now: later });
    const aliceAgain = again.entrants.find((e) => e.external_id === ALICE.did);
    expect(aliceAgain?.first_at).toBe(alice?.first_at);
    expect(aliceAgain?.first_seen).toBe(true);
  });

  it("pages with the cursor up to the limit, waits out a 429's retry-after, and stops when a cursor ends early", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const post = w.service.addPost(BRAND.did, "Giveaway!");
    // 250 likes by 5 accounts would repeat: make many accounts.
    for (let i = 0; i < 250; i++) {
      const did = `did:plc:fan${String(i).padStart(21, "0")}`;
      w.service.accounts.set(did, {
        did,
        handle: `fan${i}.bsky.social`,
        displayName: `Fan ${i}`,
        createdAt: "2024-01-01T00:00:00.000Z",
        followersCount: 0,
        followsCount: 0,
        postsCount: 0,
      } as never);
      w.service.like(post, did);
    }
    w.service.rateLimits.set("app.bsky.feed.getLikes", { times: 1, retryAfter: 1 });
    const all = (await driver.loadEntries(request(account, post.uri))).entrants;
    expect(all).toHaveLength(250);
    const likeCalls = w.service.calls("app.bsky.feed.getLikes");
    // One refused (429), then pages of 100: 0, 100, 200.
    expect(likeCalls.map((c) => c.params.cursor ?? "start")).toEqual(["start", "start", "100", "200"]);
    expect(likeCalls.every((c) => c.params.limit === 100)).toBe(true);

    const limited = (await driver.loadEntries(request(account, post.uri, { limit: 120 }))).entrants;
    expect(limited).toHaveLength(120);
    expect(w.service.calls("app.bsky.feed.getLikes")).toHaveLength(4 + 2);

    w.service.cursorEndsEarly.add("app.bsky.feed.getLikes");
    const early = (await driver.loadEntries(request(account, post.uri))).entrants;
    expect(early).toHaveLength(100);
  });

  it("goes on from its last page after a load stopped midway, and leaves no progress behind", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const post = w.service.addPost(BRAND.did, "Giveaway!");
    for (let i = 0; i < 250; i++) {
      const did = `did:plc:fan${String(i).padStart(21, "0")}`;
      w.service.accounts.set(did, {
        did,
        handle: `fan${i}.bsky.social`,
        displayName: `Fan ${i}`,
        createdAt: "2024-01-01T00:00:00.000Z",
        followersCount: 0,
        followsCount: 0,
        postsCount: 0,
      } as never);
      w.service.like(post, did);
    }
    w.service.quote(post, ALICE.did, "Quoting to enter");
    const imported = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "bluesky",
      matched: `https://bsky.app/profile/${BRAND.handle}/post/${post.uri.split("/").pop()}`,
      confirm: true,
      name: "Resumed",
    });
    const contestId = ((await imported.json()) as { contest_id: string }).contest_id;
    const asked = request(account, post.uri, { contest_id: contestId, source_id: "src-1" });
    w.service.failOnce.set("app.bsky.feed.getLikes", "200");
    await expect(driver.loadEntries(asked)).rejects.toThrow(/getLikes: 502/);
    const stored = await first(w.db.select().from(contests).where(eq(contests.id, contestId)));
    const loads = stored?.meta?.network_load as
      | Record<string, { list: number; cursor: string; entrants: unknown[] }>
      | undefined;
    const progress = loads?.["src-1"];
    expect(progress).toMatchObject({ list: 0, cursor: "200" });
    expect(progress?.entrants).toHaveLength(200);

    const before = w.service.calls("app.bsky.feed.getLikes").length;
    const threads = w.service.calls("app.bsky.feed.getPostThread").length;
    const all = (await (await w.driverOf(linked._id)).driver.loadEntries(asked)).entrants;
    expect(all).toHaveLength(251);
    expect(all.find((e) => e.external_id === ALICE.did)?.comments.map((c) => c.text)).toEqual([
      "Quoting to enter",
    ]);
    expect(
      w.service
        .calls("app.bsky.feed.getLikes")
        .slice(before)
        .map((c) => c.params.cursor),
    ).toEqual(["200"]);
    expect(w.service.calls("app.bsky.feed.getPostThread")).toHaveLength(threads);
    const after = await first(w.db.select().from(contests).where(eq(contests.id, contestId)));
    expect(after?.meta?.network_load).toEqual({});
  });
});

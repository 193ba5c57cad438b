/**
 * The Bluesky driver against the stand-in service: publishing (facets, images, idempotent), replies, reposts,
 * quotes, private messages (and their refusal), entries (paged, rate limited, a cursor that ends early, a deleted
 * post), follow relationships and profiles.
 */

import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { contests } from "../../../api/db/tables";
import { MessageRefused, PostUnavailable } from "../../../api/drivers/errors";
import type { EntriesRequest } from "../../../api/drivers/types";
import { publishOnce } from "../../../api/services/publications";
import { ACCOUNTS, BRAND } from "../../helpers/bluesky-standin";
import { png, uploadFile } from "../../helpers/world";
import { type BlueskyWorld, blueskyWorld } from "./world";

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

describe("publishing", () => {
  it("posts rich text with mention, link and tag facets and up to 4 images, once per key", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const upload = await uploadFile(w as never, w.owner, png(1));
    const text = `Win a prize with @${ALICE.handle}! Rules: https://fairdraw.app/verify/c1 #giveaway`;
    const request = { ...key("main"), account, text, media: [upload], dark: false };
    const first = await driver.publish(request);
    expect(first.external_post_id).toMatch(new RegExp(`^at://${BRAND.did}/app.bsky.feed.post/[2-7a-z]{13}$`));
    const record = w.service.posts.get(first.external_post_id)?.record as {
      text: string;
      facets: { features: Record<string, string>[] }[];
      embed: { $type: string; images: { alt: string; image: { mimeType: string } }[] };
    };
    expect(record.text).toBe(text);
    expect(record.facets.map((f) => f.features[0])).toEqual([
      { $type: "app.bsky.richtext.facet#mention", did: ALICE.did },
      { $type: "app.bsky.richtext.facet#link", uri: "https://fairdraw.app/verify/c1" },
      { $type: "app.bsky.richtext.facet#tag", tag: "giveaway" },
    ]);
    expect(record.embed.$type).toBe("app.bsky.embed.images");
    expect(record.embed.images).toHaveLength(1);
    expect(record.embed.images[0]?.image.mimeType).toBe("image/png");
    expect(w.service.blobs.size).toBe(1);

    // The same key again (a job run twice): the same post, nothing new on the network.
    const again = await (await w.driverOf(linked._id)).driver.publish(request);
    expect(again.external_post_id).toBe(first.external_post_id);
    expect(w.service.calls("com.atproto.repo.createRecord")).toHaveLength(1);
  });

  it("replies in the thread, reposts and quotes the main post", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const main = await driver.publish({ ...key("main"), account, text: "Main", media: [], dark: false });
    const base = { account, media: [], dark: false, in_reply_to: main.external_post_id };
    const reply = await driver.reply({
      ...key("reminder", "r1"),
      ...base,
      text: "One day left",
      mode: "reply",
    });
    const replyRecord = w.service.posts.get(reply.external_post_id)?.record as {
      reply: { root: { uri: string }; parent: { uri: string } };
    };
    expect(replyRecord.reply.root.uri).toBe(main.external_post_id);
    expect(replyRecord.reply.parent.uri).toBe(main.external_post_id);

    const repost = await driver.reply({ ...key("reminder", "r2"), ...base, text: "", mode: "repost" });
    expect(repost.external_post_id).toContain("/app.bsky.feed.repost/");
    expect(w.service.reposts.get(main.external_post_id)).toEqual([BRAND.did]);

    const quote = await driver.reply({ ...key("reminder", "r3"), ...base, text: "Last call", mode: "quote" });
    const quoteRecord = w.service.posts.get(quote.external_post_id)?.record as {
      embed: { $type: string; record: { uri: string } };
    };
    expect(quoteRecord.embed).toMatchObject({
      $type: "app.bsky.embed.record",
      record: { uri: main.external_post_id },
    });

    // A reply to a post that was deleted says so.
    w.service.posts.delete(main.external_post_id);
    await expect(
      driver.reply({ ...key("reminder", "r4"), ...base, text: "Hello?", mode: "reply" }),
    ).rejects.toBeInstanceOf(PostUnavailable);
  });
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

  it("reads likers, reposters, repliers with their text, quoters, and who follows the author and partners", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const post = w.service.addPost(BRAND.did, "Giveaway!");
    w.service.like(post, ALICE.did);
    w.service.like(post, BOB.did);
    w.service.repost(post, ALICE.did);
    w.service.reply(post, CAROL.did, "Count me in @bob.example.com");
    w.service.reply(post, BRAND.did, "Thanks all");
    w.service.quote(post, DAVE.did, "My friends should enter");
    w.service.follow(ALICE.did, BRAND.did);
    w.service.follow(CAROL.did, BRAND.did);
    w.service.follow(CAROL.did, PARTNER.did);

    const source = {
      type: "bluesky",
      actions: { like: { enabled: true }, repost: { enabled: true }, follow: { enabled: true } },
    };
    const got = await driver.loadEntries(
      request(account, post.uri, { accounts_to_follow: [`@${PARTNER.handle}`], source }),
    );
    // Bluesky lists every liker, reposter and follower: what was read is all of it, no total said apart.
    expect(got.lists).toEqual([
      { action: "follow", listed: 2, total: null },
      { action: "repost", listed: 1, total: null },
      { action: "like", listed: 2, total: null },
    ]);
    const byHandle = Object.fromEntries(got.entrants.map((e) => [e.screen_name, e]));
    expect(Object.keys(byHandle).sort()).toEqual(
      [ALICE.handle, BOB.handle, CAROL.handle, DAVE.handle].sort(),
    );
    expect(byHandle[ALICE.handle]?.did).toMatchObject({ like: true, repost: true, quote: false });
    expect(byHandle[ALICE.handle]?.did.follows).toContain(account.external_id);
    expect(byHandle[ALICE.handle]?.did.follows).not.toContain(`@${PARTNER.handle}`);
    expect(byHandle[BOB.handle]?.did).toMatchObject({ like: true, repost: false, follows: [] });
    expect(byHandle[BOB.handle]?.name).toBe(BOB.handle);
    expect(byHandle[CAROL.handle]?.comments.map((c) => c.text)).toEqual(["Count me in @bob.example.com"]);
    expect(byHandle[CAROL.handle]?.did.follows).toEqual(
      expect.arrayContaining([account.external_id, BRAND.handle, `@${PARTNER.handle}`]),
    );
    expect(byHandle[DAVE.handle]?.did.quote).toBe(true);
    expect(byHandle[DAVE.handle]?.comments.map((c) => c.text)).toEqual(["My friends should enter"]);
    expect(byHandle[ALICE.handle]).toMatchObject({
      id: `bluesky:${ALICE.did}`,
      external_id: ALICE.did,
      account_created_at: ALICE.createdAt,
      profile_url: `https://bsky.app/profile/${ALICE.handle}`,
    });
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

  it("says so when the post was deleted, and reads a quick import's post by its link's handle", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const post = w.service.addPost(ALICE.did, "Alice's giveaway", "3kxyzabcde2fg");
    w.service.like(post, BOB.did);
    const byHandle = (
      await driver.loadEntries(request(account, "3kxyzabcde2fg", { post_author: ALICE.handle }))
    ).entrants;
    expect(byHandle.map((e) => e.screen_name)).toEqual([BOB.handle]);
    w.service.posts.delete(post.uri);
    await expect(driver.loadEntries(request(account, post.uri))).rejects.toBeInstanceOf(PostUnavailable);
  });

  it("reads a profile with its creation date and counts", async () => {
    const linked = await w.linkBrand();
    const { driver, provider } = await w.driverOf(linked._id);
    const profile = await driver.fetchProfile(provider, ALICE.did, new Date());
    expect(profile).toEqual({
      external_id: ALICE.did,
      screen_name: ALICE.handle,
      name: "Alice",
      profile_url: `https://bsky.app/profile/${ALICE.handle}`,
      account_created_at: ALICE.createdAt,
      followers: ALICE.followersCount,
      following: ALICE.followsCount,
      posts: ALICE.postsCount,
    });
  });
});

/**
 * The entries of a Bluesky post read on the real AT Protocol network: who liked, reposted, replied and quoted,
 * who follows the author and the partners, each action dated as the network records it, the entrants' profiles
 * (creation date, counts) for the filters, and the publishing account known by its DID whatever its handle.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EntriesRequest } from "../../../api/drivers/types";
import {
  block,
  follow,
  like,
  post as postAs,
  quote,
  renameHandle,
  reply,
  repost,
} from "../../helpers/atproto/accounts";
import { type BlueskyWorld, blueskyWorld } from "./world";

let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  await w.close();
});

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
    now: new Date(),
    limit: 3000,
    ...extra,
  } satisfies EntriesRequest;
}

/** The createdAt of a record on the network, read from its author's repository. */
const createdAtOf = async (who: BlueskyWorld["brand"], uri: string) => {
  const [, , repo = "", collection = "", rkey = ""] = uri.split("/");
  const got = await who.agent.com.atproto.repo.getRecord({ repo, collection, rkey });
  return (got.data.value as { createdAt: string }).createdAt;
};

describe("entries on the real network", () => {
  it("reads likers, reposters, repliers with their text, quoters, and who follows the author and partners", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const [alice, bob, carol, dave, partner] = [
      await w.person("alice"),
      await w.person("bob"),
      await w.person("carol"),
      await w.person("dave"),
      await w.person("partner"),
    ];
    const post = await postAs(w.brand, "Giveaway!");
    await like(alice, post);
    await like(bob, post);
    await repost(alice, post);
    await reply(carol, post, "Count me in");
    await reply(w.brand, post, "Thanks all");
    await quote(dave, post, "My friends should enter");
    await follow(alice, w.brand);
    await follow(carol, w.brand);
    await follow(carol, partner);
    await w.settle();

    const got = (
      await driver.loadEntries(request(account, post.uri, { accounts_to_follow: [`@${partner.handle}`] }))
    ).entrants;
    const byHandle = Object.fromEntries(got.map((e) => [e.screen_name, e]));
    expect(Object.keys(byHandle).sort()).toEqual(
      [alice.handle, bob.handle, carol.handle, dave.handle].sort(),
    );
    expect(byHandle[alice.handle]?.did).toMatchObject({ like: true, repost: true, quote: false });
    expect(byHandle[alice.handle]?.did.follows).toContain(account.external_id);
    expect(byHandle[alice.handle]?.did.follows).not.toContain(`@${partner.handle}`);
    expect(byHandle[bob.handle]?.did).toMatchObject({ like: true, repost: false, follows: [] });
    expect(byHandle[carol.handle]?.comments.map((c) => c.text)).toEqual(["Count me in"]);
    expect(byHandle[carol.handle]?.did.follows).toEqual(
      expect.arrayContaining([account.external_id, `@${partner.handle}`]),
    );
    expect(byHandle[dave.handle]?.did.quote).toBe(true);
    expect(byHandle[dave.handle]?.comments.map((c) => c.text)).toEqual(["My friends should enter"]);
    expect(byHandle[alice.handle]).toMatchObject({
      id: `bluesky:${alice.did}`,
      external_id: alice.did,
      profile_url: `https://bsky.app/profile/${alice.handle}`,
    });
  });

  it("counts the follows of the publishing account after it changed its handle, and refresh stores the new one", async () => {
    const linked = await w.linkBrand();
    const alice = await w.person("alice");
    const post = await postAs(w.brand, "Follow us and like to win");
    await like(alice, post);
    await follow(alice, w.brand);
    const renamed = await renameHandle(w.brand, "brandnew");
    await w.settle();

    // The row still has the old handle: the account is known by its DID.
    const { driver, account } = await w.driverOf(linked._id);
    expect(account.screen_name).not.toBe(renamed);
    const got = (await driver.loadEntries(request(account, post.uri))).entrants;
    expect(got.map((e) => [e.screen_name, e.did.follows.includes(account.external_id)])).toEqual([
      [alice.handle, true],
    ]);

    const res = await w.owner.call("POST", `/api/v1/teams/current/accounts/${linked._id}/refresh`);
    expect(res.status).toBe(200);
    expect((await w.accountRow(linked._id))?.screenName).toBe(renamed);
  });

  it("dates each action as the network records it, a repost when first seen, and enters an account at its earliest", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const [alice, bob, carol] = [await w.person("alice"), await w.person("bob"), await w.person("carol")];
    const post = await postAs(w.brand, "Giveaway!");
    // Alice quotes first and likes later: the likes are read before the quotes.
    const quoted = await quote(alice, post, "Look at this");
    await new Promise((r) => setTimeout(r, 20));
    await like(alice, post);
    const carolLike = await like(carol, post);
    await repost(bob, post);
    await w.settle();
    const loadAt = new Date();
    const got = (await driver.loadEntries(request(account, post.uri, { now: loadAt }))).entrants;
    const by = Object.fromEntries(got.map((e) => [e.external_id, e]));
    expect(by[alice.did]?.first_at).toBe(await createdAtOf(alice, quoted.uri));
    expect(by[carol.did]?.first_at).toBe(await createdAtOf(carol, carolLike.uri));
    // A repost as listed carries no time: the load that first saw it, never before the post.
    const postAt = await createdAtOf(w.brand, post.uri);
    expect(by[bob.did]?.first_at).toBe(loadAt.toISOString());
    expect(by[bob.did]?.first_seen).toBe(true);
    expect(by[alice.did]?.first_seen).toBeUndefined();
    expect(Date.parse(by[bob.did]?.first_at ?? "")).toBeGreaterThanOrEqual(Date.parse(postAt));
  });

  it("reads the entrants' profiles for the filters: creation date, followers, following, posts", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const alice = await w.person("alice", { createdAt: "2024-02-03T04:05:06.000Z" });
    const [bob, carol] = [await w.person("bob"), await w.person("carol")];
    const post = await postAs(w.brand, "Giveaway!");
    await postAs(alice, "Hello world");
    await like(alice, post);
    await follow(bob, alice);
    await follow(carol, alice);
    await follow(alice, bob);
    await w.settle();
    const got = (await driver.loadEntries(request(account, post.uri))).entrants;
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      external_id: alice.did,
      account_created_at: "2024-02-03T04:05:06.000Z",
      followers: 2,
      following: 1,
      posts: 1,
    });
  });

  it("keeps a reply to a reply out of the entries, and an entrant who blocks the brand too", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const [alice, bob, carol] = [await w.person("alice"), await w.person("bob"), await w.person("carol")];
    const post = await postAs(w.brand, "Reply to win");
    const first = await reply(alice, post, "Me!");
    await reply(bob, first, "Me too, under Alice", post);
    await reply(carol, post, "Count me in");
    await block(carol, w.brand);
    await w.settle();
    const got = (await driver.loadEntries(request(account, post.uri))).entrants;
    expect(got.map((e) => e.screen_name)).toEqual([alice.handle]);
  });
});

/**
 * Publishing on the real AT Protocol network: rich text with resolved mentions, links and tags, images, once per
 * key under a record key that is a current TID; replies, reposts and quotes of the main post.
 */
import { TID } from "@atproto/common-web";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PostUnavailable } from "../../../api/drivers/errors";
import { rkeyOf } from "../../helpers/atproto/accounts";
import { png, uploadFile } from "../../helpers/world";
import { type BlueskyWorld, blueskyWorld } from "./world";

let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  await w.close();
});

const key = (kind: "main" | "reminder", k = "main") => ({
  contest_id: "c1",
  source_id: "s1",
  kind,
  key: k,
  recorded_at: new Date().toISOString(),
});

const recordOf = async (uri: string) => {
  const [, , repo = "", collection = "", rkey = ""] = uri.split("/");
  return (await w.brand.agent.com.atproto.repo.getRecord({ repo, collection, rkey })).data.value as Record<
    string,
    unknown
  >;
};

describe("publishing on the real network", () => {
  it("posts rich text with mention, link and tag facets and an image, once per key, under a TID of now", async () => {
    const alice = await w.person("alice");
    await w.settle();
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const upload = await uploadFile(w as never, w.owner, png(1));
    const text = `Win a prize with @${alice.handle}! Rules: https://fairdraw.app/verify/c1 #giveaway`;
    const request = { ...key("main"), account, text, media: [upload], dark: false };
    const before = Date.now();
    const first = await driver.publish(request);
    expect(first.external_post_id).toMatch(
      new RegExp(`^at://${w.brand.did}/app.bsky.feed.post/[2-7a-z]{13}$`),
    );
    // The record key is a TID of the moment the publication was recorded (atproto's TID specification).
    const at = TID.fromStr(rkeyOf(first.external_post_id)).timestamp() / 1000;
    expect(Math.abs(at - Date.parse(request.recorded_at))).toBeLessThan(1);
    expect(Math.abs(at - before)).toBeLessThan(60_000);
    const record = (await recordOf(first.external_post_id)) as {
      text: string;
      facets: { features: Record<string, string>[] }[];
      embed: { $type: string; images: { image: { mimeType: string } }[] };
    };
    expect(record.text).toBe(text);
    expect(record.facets.map((f) => f.features[0])).toEqual([
      { $type: "app.bsky.richtext.facet#mention", did: alice.did },
      { $type: "app.bsky.richtext.facet#link", uri: "https://fairdraw.app/verify/c1" },
      { $type: "app.bsky.richtext.facet#tag", tag: "giveaway" },
    ]);
    expect(record.embed.$type).toBe("app.bsky.embed.images");
    expect(record.embed.images.map((i) => i.image.mimeType)).toEqual(["image/png"]);

    // The same key again (a job run twice): the same post, nothing new on the network.
    const again = await (await w.driverOf(linked._id)).driver.publish(request);
    expect(again.external_post_id).toBe(first.external_post_id);
    const listed = await w.brand.agent.com.atproto.repo.listRecords({
      repo: w.brand.did,
      collection: "app.bsky.feed.post",
    });
    expect(listed.data.records).toHaveLength(1);
  });

  it("replies in the thread, reposts and quotes the main post, and says so when it was deleted", async () => {
    const linked = await w.linkBrand();
    const { driver, account } = await w.driverOf(linked._id);
    const main = await driver.publish({ ...key("main"), account, text: "Main", media: [], dark: false });
    await w.settle();
    const base = { account, media: [], dark: false, in_reply_to: main.external_post_id };
    const reply = await driver.reply({
      ...key("reminder", "r1"),
      ...base,
      text: "One day left",
      mode: "reply",
    });
    const replyRecord = (await recordOf(reply.external_post_id)) as {
      reply: { root: { uri: string }; parent: { uri: string } };
    };
    expect(replyRecord.reply.root.uri).toBe(main.external_post_id);
    expect(replyRecord.reply.parent.uri).toBe(main.external_post_id);

    const repost = await driver.reply({ ...key("reminder", "r2"), ...base, text: "", mode: "repost" });
    expect(repost.external_post_id).toContain("/app.bsky.feed.repost/");
    const quote = await driver.reply({ ...key("reminder", "r3"), ...base, text: "Last call", mode: "quote" });
    expect(((await recordOf(quote.external_post_id)) as { embed: unknown }).embed).toMatchObject({
      $type: "app.bsky.embed.record",
      record: { uri: main.external_post_id },
    });
    await w.settle();
    const reposters = await w.brand.agent.getRepostedBy({ uri: main.external_post_id });
    expect(reposters.data.repostedBy.map((p) => p.did)).toEqual([w.brand.did]);

    await w.brand.agent.deletePost(main.external_post_id);
    await w.settle();
    await expect(
      driver.reply({ ...key("reminder", "r4"), ...base, text: "Hello?", mode: "reply" }),
    ).rejects.toBeInstanceOf(PostUnavailable);
  });
});

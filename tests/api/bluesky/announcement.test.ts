/**
 * The winners announcement of a quick-imported Bluesky contest, on the real AT Protocol network: a reply to the
 * imported post naming the winners. It answered 503 networkUnavailable in 51 ms: the import kept the link's record
 * key, and the reply asked the network for a post named by a bare key (getPosts: 400 InvalidRequest), which the
 * driver reported as the network being down, and the server logged nothing. The import now keeps the post's
 * at:// URI, and a failed call is logged with what the network answered.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { contests } from "../../../api/db/tables";
import { like, post as postAs, rkeyOf } from "../../helpers/atproto/accounts";
import { type BlueskyWorld, blueskyWorld } from "./world";

const A = "/api/v1/teams/current";
let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  await w.close();
});

async function drawnImport(postUri: string) {
  const imported = await w.owner.call("POST", `${A}/contests/quickdraw`, {
    provider: "bluesky",
    matched: `https://bsky.app/profile/${w.brand.handle}/post/${rkeyOf(postUri)}`,
    confirm: true,
    name: "Bluesky import",
  });
  expect(imported.status).toBe(201);
  const id = ((await imported.json()) as { contest_id: string }).contest_id;
  expect((await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true })).status).toBe(
    200,
  );
  const drawn = await w.owner.call("POST", `${A}/contests/${id}/draws`, { kind: "final", consent: true });
  expect(drawn.status, await drawn.clone().text()).toBe(201);
  const row = await first(w.db.select().from(contests).where(eq(contests.id, id)));
  const sourceId = ((row?.sources ?? []) as { _id: string }[])[0]?._id as string;
  return { id, sourceId };
}

describe("the winners announcement of a quick-imported Bluesky contest", () => {
  it("replies to the imported post on the network, naming the winner", async () => {
    await w.linkBrand();
    const alice = await w.person("alice");
    const post = await postAs(w.brand, "Like to win!");
    await like(alice, post);
    await w.settle();
    const { id, sourceId } = await drawnImport(post.uri);

    const res = await w.owner.call("POST", `${A}/contests/${id}/winners_announcement`, {
      source_id: sourceId,
      content: "Congratulations {WINNERS}!",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await w.settle();
    const thread = await w.brand.agent.getPostThread({ uri: post.uri, depth: 1 });
    const replies =
      (thread.data.thread as { replies?: { post: { record: { text: string } } }[] }).replies ?? [];
    expect(replies.map((r) => r.post.record.text)).toEqual([`Congratulations @${alice.handle}!`]);
  });

  it("logs what the network answered when the announcement fails", async () => {
    await w.linkBrand();
    const alice = await w.person("alice");
    const post = await postAs(w.brand, "Like to win!");
    await like(alice, post);
    await w.settle();
    const { id, sourceId } = await drawnImport(post.uri);
    // The brand deletes its post before announcing: a clear refusal, and the log says what the network answered.
    await w.brand.agent.deletePost(post.uri);
    await w.settle();
    const res = await w.owner.call("POST", `${A}/contests/${id}/winners_announcement`, {
      source_id: sourceId,
      content: "Congratulations {WINNERS}!",
    });
    expect(res.status).toBe(409);
    const { uid } = (await res.json()) as { uid: string };
    const line = w.logLines.find((l) => l.includes(uid));
    expect(line).toMatch(/request refused/);
    expect(line).toMatch(/post_unavailable/);
    expect(line).toContain(post.uri);
  });
});

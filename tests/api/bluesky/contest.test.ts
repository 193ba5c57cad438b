/**
 * A contest on a real Bluesky account runs on the real AT Protocol network: a quick import of a bsky.app link loads
 * the post's likers, reposters and repliers; a builder contest publishes its post at the start (scheduler) and
 * loads its entrants at the close, exactly as with the sandbox.
 */

import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { contests, entrants, publications } from "../../../api/db/tables";
import { runDueJobs } from "../../../api/scheduler";
import {
  follow,
  like,
  post as postAs,
  renameHandle,
  reply,
  repost,
  rkeyOf,
} from "../../helpers/atproto/accounts";
import { createBuilderContest } from "../../helpers/builder-contest";
import { type BlueskyWorld, blueskyWorld } from "./world";

const A = "/api/v1/teams/current";
const HOUR = 3_600_000;

let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  await w.close();
});

describe("a quick import of a Bluesky post", () => {
  it("loads the post's likers, reposters and repliers as entrants", async () => {
    await w.linkBrand();
    const [alice, bob, carol] = [await w.person("alice"), await w.person("bob"), await w.person("carol")];
    const post = await postAs(w.brand, "Like, repost or reply to win!");
    await like(alice, post);
    await repost(bob, post);
    await reply(carol, post, "Me please!");
    await follow(bob, alice);
    await w.settle();
    const imported = await w.owner.call("POST", `${A}/contests/quickdraw`, {
      provider: "bluesky",
      matched: `https://bsky.app/profile/${w.brand.handle}/post/${rkeyOf(post.uri)}`,
      confirm: true,
      name: "Bluesky import",
    });
    expect(imported.status).toBe(201);
    const id = ((await imported.json()) as { contest_id: string }).contest_id;
    expect((await first(w.db.select().from(contests).where(eq(contests.id, id))))?.sandbox).toBe(false);

    const loaded = await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true });
    expect(loaded.status).toBe(200);
    const rows = await w.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(rows.map((r) => r.screenName).sort()).toEqual([alice.handle, bob.handle, carol.handle].sort());

    // The entrants' profiles (read with getProfiles) reach the CSV a reviewer downloads: Bob follows Alice.
    const csv = await (await w.owner.call("GET", `${A}/contests/${id}/entries/export`)).text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const columns = (header ?? "").split(",");
    const aliceLine = (lines.find((l) => l.includes(alice.did)) ?? "").split(",");
    const cell = (name: string) => aliceLine[columns.indexOf(name)];
    expect([cell("followers"), cell("following"), cell("posts")]).toEqual(["1", "0", "0"]);
    // And the entries a reviewer reads on the contest page.
    const listed = (await (await w.owner.call("GET", `${A}/contests/${id}/entries`)).json()) as {
      data: { account: { id: string; followers: number; following: number; posts: number } }[];
    };
    expect(listed.data.find((e) => e.account.id === alice.did)?.account).toMatchObject({
      followers: 1,
      following: 0,
      posts: 0,
    });
  });

  it("refuses a post that does not exist at the import, with a clear error, and counts no import", async () => {
    await w.linkBrand();
    const imported = await w.owner.call("POST", `${A}/contests/quickdraw`, {
      provider: "bluesky",
      matched: `https://bsky.app/profile/${w.brand.handle}/post/3kxyzabcde2fg`,
      confirm: true,
      name: "Gone",
    });
    // A 422 on the field that names it (the contract of every network's resolvePost), counting no import.
    expect(imported.status).toBe(422);
    expect(JSON.stringify(await imported.json())).toMatch(
      /matched.*it was deleted, is private, or does not exist/,
    );
    expect(await w.db.select().from(contests)).toEqual([]);
  });

  it("still loads the post after its author changed handle since the import", async () => {
    await w.linkBrand();
    const alice = await w.person("alice");
    const post = await postAs(w.brand, "Like to win!");
    await like(alice, post);
    await w.settle();
    const imported = await w.owner.call("POST", `${A}/contests/quickdraw`, {
      provider: "bluesky",
      matched: `https://bsky.app/profile/${w.brand.handle}/post/${rkeyOf(post.uri)}`,
      confirm: true,
      name: "Renamed later",
    });
    expect(imported.status).toBe(201);
    const id = ((await imported.json()) as { contest_id: string }).contest_id;
    await renameHandle(w.brand, "brandnew");
    await w.settle();
    const loaded = await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true });
    expect(loaded.status).toBe(200);
    const rows = await w.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(rows.map((r) => r.screenName)).toEqual([alice.handle]);
  });
});

describe("a builder contest on a real Bluesky account", () => {
  it("publishes its post on the service when it starts and loads its entrants when it closes", async () => {
    const linked = await w.linkBrand();
    const startAt = w.clock.now + HOUR;
    const closeAt = startAt + 24 * HOUR;
    const created = await createBuilderContest(w, w.owner, {
      network: "bluesky",
      accountId: Number(linked.external_id),
      name: "Coffee on Bluesky",
      content: "Like to win a year of coffee! #giveaway Rules: {DRAW_LINK}",
      winners: 1,
      at: { startAt, closeAt },
      action: "like",
    });
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    const id = answer.contest_id as string;

    w.clock.now = startAt + 1000;
    await runDueJobs(w.deps);
    const main = await w.db.select().from(publications).where(eq(publications.contestId, id));
    expect(main.map((p) => [p.kind, p.status])).toEqual([["main", "published"]]);
    const uri = main[0]?.externalPostId as string;
    expect(uri).toMatch(new RegExp(`^at://${w.brand.did}/app.bsky.feed.post/`));
    const onNetwork = await w.brand.agent.com.atproto.repo.getRecord({
      repo: w.brand.did,
      collection: "app.bsky.feed.post",
      rkey: rkeyOf(uri),
    });
    const record = onNetwork.data.value as { text: string; facets: unknown[] };
    expect(record.text).toBe(
      `Like to win a year of coffee! #giveaway Rules: ${w.env.publicUrl}/verify/${id}`,
    );
    expect(record.facets.length).toBe(2);

    const post = { uri, cid: onNetwork.data.cid as string };
    const [alice, bob] = [await w.person("alice"), await w.person("bob")];
    await like(alice, post);
    await like(bob, post);
    await w.settle();
    w.clock.now = closeAt + 1000;
    await runDueJobs(w.deps);
    const rows = await w.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(rows.map((r) => r.screenName).sort()).toEqual([alice.handle, bob.handle].sort());
    expect((await first(w.db.select().from(contests).where(eq(contests.id, id))))?.status).toBe("closed");
  });
});

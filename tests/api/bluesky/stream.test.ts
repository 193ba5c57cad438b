/**
 * Entries as they happen, on the real AT Protocol network: the PDS's firehose (com.atproto.sync.subscribeRepos)
 * watched for a running contest's post; a like brings the contest's next load forward to now and wakes the
 * scheduler, and that load stores the entry, long before the periodic load was due.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { entrants, jobs, publications } from "../../../api/db/tables";
import { touchOf } from "../../../api/drivers/bluesky/stream";
import { runDueJobs } from "../../../api/scheduler";
import { type LiveEntries, startLiveEntries } from "../../../api/services/live-entries";
import { like, rkeyOf } from "../../helpers/atproto/accounts";
import { createBuilderContest } from "../../helpers/builder-contest";
import { type BlueskyWorld, blueskyWorld } from "./world";

const HOUR = 3_600_000;

let w: BlueskyWorld;
let live: LiveEntries | null = null;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  await live?.stop();
  live = null;
  await w.close();
});

/** A builder contest on the brand's account, started: its post is out, its next load a while away. */
async function startedContest() {
  const linked = await w.linkBrand();
  const startAt = w.clock.now + HOUR;
  const created = await createBuilderContest(w, w.owner, {
    network: "bluesky",
    accountId: Number(linked.external_id),
    name: "Live on Bluesky",
    content: "Like to win! {DRAW_LINK}",
    winners: 1,
    at: { startAt, closeAt: startAt + 24 * HOUR },
    action: "like",
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { contest_id: string }).contest_id;
  w.clock.now = startAt + 1000;
  await runDueJobs(w.deps);
  const [main] = await w.db.select().from(publications).where(eq(publications.contestId, id));
  const uri = main?.externalPostId as string;
  const got = await w.brand.agent.com.atproto.repo.getRecord({
    repo: w.brand.did,
    collection: "app.bsky.feed.post",
    rkey: rkeyOf(uri),
  });
  return { id, post: { uri, cid: got.data.cid as string } };
}

const loadJob = async (id: string) =>
  (
    await w.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.contestId, id), eq(jobs.kind, "load")))
  ).find((j) => j.status === "pending");

describe("entries as they happen", () => {
  it("brings the next load forward when someone likes the contest's post, and that load stores the entry", async () => {
    const { id, post } = await startedContest();
    const due = await loadJob(id);
    expect(Date.parse(due?.dueAt ?? "")).toBeGreaterThan(w.clock.now + 60_000);

    let woken = 0;
    live = startLiveEntries(w.deps, w.network.pds.replace(/^http/, "ws"), () => woken++);
    // The watch list is read at the start; the stream is open once a first event comes through.
    await new Promise((r) => setTimeout(r, 1500));
    const alice = await w.person("alice");
    await like(alice, post);
    await expect.poll(() => woken, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(Date.parse((await loadJob(id))?.dueAt ?? "")).toBeLessThanOrEqual(w.clock.now);

    await w.settle();
    await runDueJobs(w.deps);
    const rows = await w.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(rows.map((r) => r.screenName)).toEqual([alice.handle]);
  });

  it("reads likes, reposts, replies, quotes and follows from the records, and nothing else", () => {
    const post = "at://did:plc:brand/app.bsky.feed.post/3k";
    const by = "did:plc:alice";
    expect(touchOf(by, "app.bsky.feed.like", { subject: { uri: post, cid: "c" } })).toEqual({
      kind: "like",
      by,
      subject: post,
    });
    expect(touchOf(by, "app.bsky.feed.repost", { subject: { uri: post, cid: "c" } })?.kind).toBe("repost");
    expect(
      touchOf(by, "app.bsky.feed.post", {
        text: "me",
        reply: { root: { uri: post }, parent: { uri: post } },
      }),
    ).toMatchObject({ kind: "reply", subject: post });
    expect(
      touchOf(by, "app.bsky.feed.post", { embed: { $type: "app.bsky.embed.record", record: { uri: post } } }),
    ).toMatchObject({ kind: "quote", subject: post });
    expect(
      touchOf(by, "app.bsky.feed.post", {
        embed: { $type: "app.bsky.embed.recordWithMedia", record: { record: { uri: post } } },
      }),
    ).toMatchObject({ kind: "quote", subject: post });
    expect(touchOf(by, "app.bsky.graph.follow", { subject: "did:plc:brand" })).toEqual({
      kind: "follow",
      by,
      subject: "did:plc:brand",
    });
    expect(touchOf(by, "app.bsky.feed.post", { text: "just a post" })).toBeNull();
    expect(touchOf(by, "app.bsky.actor.profile", {})).toBeNull();
  });
});

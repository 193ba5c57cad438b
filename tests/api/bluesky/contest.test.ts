/**
 * A contest on a real Bluesky account runs on the (stand-in) service: a quick import of a bsky.app link loads the
 * post's real likers, reposters and repliers; a builder contest publishes its post at the start (scheduler) and
 * loads its entrants at the close, exactly as with the sandbox.
 */

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { contests, entrants, jobs, publications } from "../../../api/db/tables";
import { runDueJobs } from "../../../api/scheduler";
import { ACCOUNTS, BRAND } from "../../helpers/bluesky-standin";
import { type BlueskyWorld, blueskyWorld } from "./world";

const [, ALICE, BOB, CAROL] = ACCOUNTS;
if (!ALICE || !BOB || !CAROL) throw new Error("fixture accounts missing");
const A = "/api/v1/teams/current";
const HOUR = 3_600_000;
type Json = Record<string, unknown>;

let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  expect(w.service.problems).toEqual([]);
  await w.close();
});

describe("a quick import of a Bluesky post", () => {
  it("loads the post's likers, reposters and repliers as entrants", async () => {
    await w.linkBrand();
    const post = w.service.addPost(BRAND.did, "Like, repost or reply to win!");
    w.service.like(post, ALICE.did);
    w.service.repost(post, BOB.did);
    w.service.reply(post, CAROL.did, "Me please!");
    const rkey = post.uri.split("/").pop();
    const imported = await w.owner.call("POST", `${A}/contests/quickdraw`, {
      provider: "bluesky",
      matched: `https://bsky.app/profile/${BRAND.handle}/post/${rkey}`,
      confirm: true,
      name: "Bluesky import",
    });
    expect(imported.status).toBe(201);
    const id = ((await imported.json()) as { contest_id: string }).contest_id;
    expect((await first(w.db.select().from(contests).where(eq(contests.id, id))))?.sandbox).toBe(false);

    const loaded = await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true });
    expect(loaded.status).toBe(200);
    const rows = await w.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(rows.map((r) => r.screenName).sort()).toEqual([ALICE.handle, BOB.handle, CAROL.handle].sort());
    expect(w.service.calls("app.bsky.feed.getLikes").length).toBeGreaterThan(0);
  });

  it("answers a deleted post with a clear error, not a 500", async () => {
    await w.linkBrand();
    const imported = await w.owner.call("POST", `${A}/contests/quickdraw`, {
      provider: "bluesky",
      matched: `https://bsky.app/profile/${BRAND.handle}/post/3kxyzabcde2fg`,
      confirm: true,
      name: "Gone",
    });
    const id = ((await imported.json()) as { contest_id: string }).contest_id;
    const loaded = await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true });
    expect(loaded.status).toBe(409);
    expect(JSON.stringify(await loaded.json())).toMatch(/deleted or cannot be read/);
  });
});

describe("a builder contest on a real Bluesky account", () => {
  it("publishes its post on the service when it starts and loads its entrants when it closes", async () => {
    const linked = await w.linkBrand();
    const catalog = w.deps.catalog;
    const source = structuredClone(catalog.builder.defaults.sources.bluesky) as unknown as Json;
    Object.assign(source, { id: 100, type: "bluesky" });
    const s = source as { publication: Json; actions: { like: Json } };
    s.publication.account_id = Number(linked.external_id);
    s.publication.content = "Like to win a year of coffee! #giveaway Rules: {DRAW_LINK}";
    s.actions.like.enabled = true;
    const startAt = w.clock.now + HOUR;
    const closeAt = startAt + 24 * HOUR;
    const base = {
      ...(structuredClone(catalog.builder.defaults.base) as unknown as Json),
      name: "Coffee on Bluesky",
      start_date: new Date(startAt).toISOString(),
      original_start_date: new Date(startAt).toISOString(),
      close_date: new Date(closeAt).toISOString(),
      nb_winners: 1,
      autodraw: { enabled: false, date: null },
    };
    const created = await w.owner.call("POST", `${A}/contests/create`, {
      idempotency_key: randomUUID(),
      status: "planned",
      forPayment: false,
      base,
      sources: [source],
      summary: { parameters_verified: true },
    });
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    const id = answer.contest_id as string;

    // Bluesky asks to wait two minutes before the post: the start waits that long, without a failed attempt.
    w.service.rateLimits.set("com.atproto.repo.createRecord", { times: 1, retryAfter: 120 });
    w.clock.now = startAt + 1000;
    await runDueJobs(w.deps);
    const waiting = (await w.db.select().from(jobs).where(eq(jobs.contestId, id))).find(
      (j) => j.kind === "start",
    );
    expect(waiting).toMatchObject({ status: "pending", attempts: 0 });
    expect(Date.parse(waiting?.dueAt ?? "")).toBe(startAt + 1000 + 120_000);
    expect(
      (await first(w.db.select().from(publications).where(eq(publications.contestId, id))))?.status,
    ).toBe("publishing");
    w.clock.now = startAt + 1000 + 120_000;
    await runDueJobs(w.deps);
    const main = await w.db.select().from(publications).where(eq(publications.contestId, id));
    expect(main.map((p) => [p.kind, p.status])).toEqual([["main", "published"]]);
    const uri = main[0]?.externalPostId as string;
    expect(uri).toMatch(new RegExp(`^at://${BRAND.did}/app.bsky.feed.post/`));
    const record = w.service.posts.get(uri)?.record as { text: string; facets: unknown[] };
    expect(record.text).toBe(
      `Like to win a year of coffee! #giveaway Rules: ${w.env.publicUrl}/verify/${id}`,
    );
    expect(record.facets.length).toBe(2);

    const post = w.service.posts.get(uri);
    if (!post) throw new Error("no post");
    w.service.like(post, ALICE.did);
    w.service.like(post, BOB.did);
    w.clock.now = closeAt + 1000;
    await runDueJobs(w.deps);
    const rows = await w.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(rows.map((r) => r.screenName).sort()).toEqual([ALICE.handle, BOB.handle].sort());
    expect((await first(w.db.select().from(contests).where(eq(contests.id, id))))?.status).toBe("closed");
  });
});

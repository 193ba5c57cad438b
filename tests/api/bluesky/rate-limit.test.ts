/**
 * A request made by a person is not held on a network's rate limit: when the (stand-in) service answers 429 with a
 * wait longer than a few seconds (api/drivers PERSON_WAIT_MS), linking an account and loading entries answer 429
 * with retry_after at once, and the request can be made again once the wait is over. The scheduler still waits as
 * the network asks (below: a contest's start that waits out retry-after 120 s; the local AT Protocol network sends
 * no rate-limit answers, so this stays on the stand-in).
 *
 * Before, these requests slept through waits of up to 60 s: the 30 and 45 s waits below would then have held the
 * request past the test's own timeout.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { jobs, publications } from "../../../api/db/tables";
import { RateLimited } from "../../../api/drivers/errors";
import { politeFetch } from "../../../api/drivers/shared/polite-fetch";
import { runDueJobs } from "../../../api/scheduler";
import { ACCOUNTS, BRAND } from "../../helpers/bluesky-standin";
import { createBuilderContest } from "../../helpers/builder-contest";
import { type StandInWorld as BlueskyWorld, standInWorld as blueskyWorld, LINK } from "./world";

const [, ALICE] = ACCOUNTS;
if (!ALICE) throw new Error("fixture accounts missing");
const A = "/api/v1/teams/current";

let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  expect(w.service.problems).toEqual([]);
  await w.close();
});

describe("a network's rate limit during a person's request", { timeout: 10_000 }, () => {
  it("answers a link 429 with retry_after instead of waiting, then links once asked again", async () => {
    w.service.rateLimits.set("com.atproto.server.createSession", { times: 1, retryAfter: 45 });
    const body = { provider: "bluesky", identifier: BRAND.handle, app_password: BRAND.password };
    const limited = await w.owner.call("POST", LINK, body);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: "tooManyAttempts", retry_after: 45 });
    expect(w.service.calls("com.atproto.server.createSession")).toHaveLength(1);

    const again = await w.owner.call("POST", LINK, body);
    expect(again.status).toBe(201);
  });

  it("answers loading entries 429 with retry_after instead of waiting, then loads once asked again", async () => {
    await w.linkBrand();
    const post = w.service.addPost(BRAND.did, "Like to win!");
    w.service.like(post, ALICE.did);
    const rkey = post.uri.split("/").pop();
    const imported = await w.owner.call("POST", `${A}/contests/quickdraw`, {
      provider: "bluesky",
      matched: `https://bsky.app/profile/${BRAND.handle}/post/${rkey}`,
      confirm: true,
      name: "Bluesky import",
    });
    const id = ((await imported.json()) as { contest_id: string }).contest_id;

    w.service.rateLimits.set("app.bsky.feed.getLikes", { times: 1, retryAfter: 30 });
    const limited = await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: "tooManyAttempts", retry_after: 30 });

    const loaded = await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true });
    expect(loaded.status).toBe(200);
  });

  it("still waits out a short retry-after within a person's request", async () => {
    w.service.rateLimits.set("com.atproto.server.createSession", { times: 1, retryAfter: 1 });
    const res = await w.owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: BRAND.handle,
      app_password: BRAND.password,
    });
    expect(res.status).toBe(201);
    expect(w.service.calls("com.atproto.server.createSession")).toHaveLength(2);
  });
});

describe("politeFetch's budget", () => {
  it("sleeps at most its budget over all its calls, then answers RateLimited with the network's wait", async () => {
    const slept: number[] = [];
    let calls = 0;
    const fetch = politeFetch({
      budgetMs: 3_000,
      sleep: async (ms) => {
        slept.push(ms);
      },
      fetch: async () => {
        calls++;
        return new Response("{}", { status: 429, headers: { "retry-after": "2" } });
      },
    });
    const refused = await fetch("https://service.example/xrpc/a").catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).waitMs).toBe(2_000);
    expect((refused as RateLimited).extra).toEqual({ retry_after: 2 });
    expect(slept).toEqual([2_000]);
    expect(calls).toBe(2);
  });
});

describe("a network's rate limit during a scheduled job", () => {
  it("waits out the retry-after Bluesky asks before a contest's post, without a failed attempt", async () => {
    const linked = await w.linkBrand();
    const HOUR = 3_600_000;
    const startAt = w.clock.now + HOUR;
    const created = await createBuilderContest(w, w.owner, {
      network: "bluesky",
      accountId: Number(linked.external_id),
      name: "Coffee on Bluesky",
      content: "Like to win! {DRAW_LINK}",
      winners: 1,
      at: { startAt, closeAt: startAt + 24 * HOUR },
      action: "like",
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { contest_id: string }).contest_id;

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
  });
});

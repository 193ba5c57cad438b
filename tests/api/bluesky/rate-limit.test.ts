/**
 * A request made by a person is not held on a network's rate limit: when the (stand-in) service answers 429 with a
 * wait longer than a few seconds (api/drivers PERSON_WAIT_MS), linking an account and loading entries answer 429
 * with retry_after at once, and the request can be made again once the wait is over. The scheduler still waits as
 * the network asks (tests/api/bluesky/contest.test.ts: a start that waits out retry-after 120 s).
 *
 * Before, these requests slept through waits of up to 60 s: the 30 and 45 s waits below would then have held the
 * request past the test's own timeout.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RateLimited } from "../../../api/drivers/errors";
import { politeFetch } from "../../../api/drivers/shared/polite-fetch";
import { ACCOUNTS, BRAND } from "../../helpers/bluesky-standin";
import { type BlueskyWorld, blueskyWorld, LINK } from "./world";

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

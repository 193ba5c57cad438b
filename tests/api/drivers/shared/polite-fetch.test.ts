/** The shared polite fetch: 5xx and timeouts retried when asked, x-ratelimit headers, an account's call budget. */
import { describe, expect, it } from "vitest";
import { NetworkUnavailable, RateLimited } from "../../../../api/drivers/errors";
import { CallBudget, politeFetch, waitOf } from "../../../../api/drivers/shared/polite-fetch";

function scripted(answers: (() => Response | Promise<Response>)[]) {
  const seen: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    seen.push(String(input));
    const next = answers.shift();
    if (!next) throw new Error("no answer left");
    return next();
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe("politeFetch", () => {
  it("tries a 5xx again after 1 s then 2 s, and answers NetworkUnavailable without the query when they are spent", async () => {
    const slept: number[] = [];
    const net = scripted([
      () => new Response("", { status: 503 }),
      () => new Response("", { status: 500 }),
      () => new Response("ok"),
    ]);
    const fetch = politeFetch({ fetch: net.fetch, retries5xx: 2, sleep: async (ms) => void slept.push(ms) });
    expect(await (await fetch("http://x.test/a?key=secret")).text()).toBe("ok");
    expect(slept).toEqual([1000, 2000]);

    const down = scripted([() => new Response("", { status: 502 }), () => new Response("", { status: 502 })]);
    const failing = politeFetch({ fetch: down.fetch, retries5xx: 1, sleep: async () => {} });
    const err = await failing("http://x.test/a?key=secret").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkUnavailable);
    expect((err as NetworkUnavailable).message).not.toContain("secret");
  });

  it("reads X's x-rate-limit-reset: a 429 waits until it, and a spent window waits before the next page", async () => {
    const now = 1_000_000_000_000;
    const slept: number[] = [];
    const net = scripted([
      () =>
        new Response("", {
          status: 429,
          headers: { "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(now / 1000 + 5) },
        }),
      () =>
        new Response("page", {
          headers: { "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(now / 1000 + 7) },
        }),
    ]);
    const fetch = politeFetch({ fetch: net.fetch, now: () => now, sleep: async (ms) => void slept.push(ms) });
    expect(await (await fetch("http://x.test/2/tweets/search/recent")).text()).toBe("page");
    expect(slept).toEqual([5000, 7000]);
    expect(waitOf(new Headers({ "x-rate-limit-reset": String(now / 1000 + 900) }), now)).toBe(900_000);
  });

  it("answers a 5xx as it came when retries are not asked for (Bluesky's behaviour)", async () => {
    const net = scripted([() => new Response("", { status: 502 })]);
    expect((await politeFetch({ fetch: net.fetch })("http://x.test/")).status).toBe(502);
  });

  it("gives up on an attempt after timeoutMs and tries again", async () => {
    let calls = 0;
    const fetch = politeFetch({
      retries5xx: 1,
      timeoutMs: 50,
      sleep: async () => {},
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        calls++;
        if (calls === 1) {
          return new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
          );
        }
        return new Response("late but here");
      }) as typeof globalThis.fetch,
    });
    expect(await (await fetch("http://x.test/")).text()).toBe("late but here");
    expect(calls).toBe(2);
  });

  it("reads x-ratelimit-reset as ratelimit-reset, and waits for it when no call is left", async () => {
    const now = Date.parse("2026-11-28T10:00:00.000Z");
    expect(waitOf(new Headers({ "x-ratelimit-reset": String(now / 1000 + 9) }), now)).toBe(9000);
    const slept: number[] = [];
    const net = scripted([
      () =>
        new Response("ok", {
          headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(now / 1000 + 4) },
        }),
    ]);
    await politeFetch({ fetch: net.fetch, now: () => now, sleep: async (ms) => void slept.push(ms) })(
      "http://x.test/",
    );
    expect(slept).toEqual([4000]);
  });

  it("keeps an account within its call budget: waits for a place, or answers RateLimited past maxWaitMs", async () => {
    let clock = 0;
    const budget = new CallBudget(2, 1000);
    const slept: number[] = [];
    const ok = () => new Response("ok");
    const net = scripted([ok, ok, ok, ok, ok, ok]);
    const fetch = politeFetch({
      fetch: net.fetch,
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
      calls: { budget, key: "account-1" },
    });
    await fetch("http://x.test/1");
    await fetch("http://x.test/2");
    await fetch("http://x.test/3");
    expect(slept).toEqual([1000]);
    // Another account has its own budget.
    const other = politeFetch({ fetch: net.fetch, now: () => clock, calls: { budget, key: "account-2" } });
    await other("http://x.test/4");
    expect(slept).toEqual([1000]);

    const strict = politeFetch({
      fetch: net.fetch,
      now: () => clock,
      maxWaitMs: 10,
      calls: { budget, key: "account-1" },
    });
    await fetch("http://x.test/5");
    await expect(strict("http://x.test/6")).rejects.toBeInstanceOf(RateLimited);
  });
});

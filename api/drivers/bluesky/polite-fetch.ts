/**
 * The fetch the Bluesky client goes through: within the service's rate limits. A 429 is waited out (its
 * `retry-after`, else `ratelimit-reset`) and tried again, a few times; a page that leaves no call in the window
 * (`ratelimit-remaining` 0) waits for `ratelimit-reset` before answering, so the next page is not refused. A wait
 * longer than `maxWaitMs` is not slept through: RateLimited carries when to come back (the job is retried then).
 * `budgetMs` bounds what one driver sleeps in all (a request a person waits for: a few seconds); a 429 whose wait
 * does not fit answers RateLimited at once, and a page's wait for the window that does not fit is skipped (the
 * next call's 429 says when to come back).
 */
import { RateLimited } from "../errors";

export type PoliteOptions = {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** The longest wait slept through inside one call. */
  maxWaitMs?: number;
  /** How many 429 answers in a row are waited out before giving up. */
  maxRetries?: number;
  /** The most slept in all, over every call of this fetch (none: no bound but maxWaitMs per wait). */
  budgetMs?: number;
  fetch?: typeof globalThis.fetch;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long a 429 asks to wait: retry-after (seconds or a date), else until ratelimit-reset (epoch seconds). */
export function waitOf(headers: Headers, now: number): number | null {
  const after = headers.get("retry-after");
  if (after !== null) {
    const seconds = Number(after);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = Number(headers.get("ratelimit-reset"));
  if (headers.get("ratelimit-reset") !== null && Number.isFinite(reset))
    return Math.max(0, reset * 1000 - now);
  return null;
}

export function politeFetch(opts: PoliteOptions = {}): typeof globalThis.fetch {
  const sleep = opts.sleep ?? defaultSleep;
  const now = opts.now ?? Date.now;
  const maxWait = opts.maxWaitMs ?? 60_000;
  const maxRetries = opts.maxRetries ?? 3;
  const base = opts.fetch ?? globalThis.fetch;
  let budget = opts.budgetMs ?? Number.POSITIVE_INFINITY;
  const nap = async (ms: number) => {
    budget -= ms;
    await sleep(ms);
  };
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      // A Request's body is read once: each attempt sends a copy of it.
      const res = await base(input instanceof Request ? input.clone() : input, init);
      if (res.status === 429) {
        const wait = waitOf(res.headers, now()) ?? 1000 * 2 ** attempt;
        if (attempt >= maxRetries || wait > maxWait || wait > budget) {
          await res.body?.cancel();
          throw new RateLimited(wait, `429 from ${input instanceof Request ? input.url : String(input)}`);
        }
        await res.body?.cancel();
        await nap(wait);
        continue;
      }
      const reset = Number(res.headers.get("ratelimit-reset"));
      if (res.headers.get("ratelimit-remaining") === "0" && reset > 0) {
        const wait = reset * 1000 - now();
        const pause = Math.min(wait, maxWait);
        if (pause > 0 && pause <= budget) await nap(pause);
      }
      return res;
    }
  };
}

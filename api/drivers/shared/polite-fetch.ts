/**
 * The fetch every real driver goes through: within the network's rate limits. A 429 is waited out (its
 * `retry-after`, else `ratelimit-reset` / `x-ratelimit-reset` / X's `x-rate-limit-reset`) and tried again, a few times; a page that leaves no
 * call in the window (`ratelimit-remaining` or `x-ratelimit-remaining` 0) waits for the reset before answering, so
 * the next page is not refused. A wait longer than `maxWaitMs` is not slept through: RateLimited carries when to
 * come back (the job is retried then). `budgetMs` bounds what one driver sleeps in all (a request a person waits
 * for: a few seconds); a 429 whose wait does not fit answers RateLimited at once, and a page's wait for the window
 * that does not fit is skipped (the next call's 429 says when to come back).
 *
 * Opt-in, for the OAuth drivers (Bluesky keeps the behaviour it was tested with):
 * - `retries5xx`: a 5xx answer or a timeout (`timeoutMs` per attempt) is tried again after 1 s, 2 s, 4 s...;
 *   when they are spent, NetworkUnavailable.
 * - `calls`: a budget of calls per account (CallBudget): a driver never sends one account's calls faster than
 *   the budget allows, whatever the network would take; a wait beyond `maxWaitMs` is RateLimited.
 */
import { NetworkUnavailable, RateLimited } from "../errors";

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
  /** How many times a 5xx answer or a timeout is tried again (default 0: answered as it came). */
  retries5xx?: number;
  /** Each attempt's time limit in milliseconds (none: the platform's). */
  timeoutMs?: number;
  /** The account's budget of calls, and whose calls these are. */
  calls?: { budget: CallBudget; key: string };
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A rate-limit header by its last word: ratelimit-*, x-ratelimit-* or X's x-rate-limit-*. */
function headerOf(headers: Headers, word: "remaining" | "reset"): string | null {
  return (
    headers.get(`ratelimit-${word}`) ??
    headers.get(`x-ratelimit-${word}`) ??
    headers.get(`x-rate-limit-${word}`)
  );
}

/** How long a 429 asks to wait: retry-after (seconds or a date), else until the reset (epoch seconds). */
export function waitOf(headers: Headers, now: number): number | null {
  const after = headers.get("retry-after");
  if (after !== null) {
    const seconds = Number(after);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const resetText = headerOf(headers, "reset");
  const reset = Number(resetText);
  if (resetText !== null && Number.isFinite(reset)) return Math.max(0, reset * 1000 - now);
  return null;
}

/** The window's reset (epoch seconds) when the answer says no call is left in it; null otherwise. */
function exhaustedUntil(headers: Headers): number | null {
  const remaining = headerOf(headers, "remaining");
  const reset = Number(headerOf(headers, "reset"));
  return remaining === "0" && reset > 0 ? reset : null;
}

/**
 * A budget of calls per account: at most `calls` in any `windowMs`. `take` answers how long to wait before the
 * next call of that account may go (0: now) and, when 0, counts it. One budget is shared by every driver of a
 * process, so two loads of the same account share its calls.
 */
export class CallBudget {
  readonly #sent = new Map<string, number[]>();
  constructor(
    readonly calls: number,
    readonly windowMs: number,
  ) {}

  take(key: string, now: number): number {
    const recent = (this.#sent.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.calls) {
      this.#sent.set(key, recent);
      return (recent[0] as number) + this.windowMs - now;
    }
    recent.push(now);
    this.#sent.set(key, recent);
    return 0;
  }
}

function urlOf(input: Parameters<typeof globalThis.fetch>[0]): string {
  if (input instanceof Request) return input.url;
  return String(input);
}

/** The URL without its query (a query may carry a key or a token: never in an error's text). */
function shown(input: Parameters<typeof globalThis.fetch>[0]): string {
  return urlOf(input).split("?")[0] as string;
}

export function politeFetch(opts: PoliteOptions = {}): typeof globalThis.fetch {
  const sleep = opts.sleep ?? defaultSleep;
  const now = opts.now ?? Date.now;
  const maxWait = opts.maxWaitMs ?? 60_000;
  const maxRetries = opts.maxRetries ?? 3;
  const retries5xx = opts.retries5xx ?? 0;
  const base = opts.fetch ?? globalThis.fetch;
  let budget = opts.budgetMs ?? Number.POSITIVE_INFINITY;
  const nap = async (ms: number) => {
    budget -= ms;
    await sleep(ms);
  };
  /** Waits for the account's call budget (bounded: at most maxRetries + 1 waits). */
  const takeCall = async () => {
    if (!opts.calls) return;
    for (let i = 0; ; i++) {
      const wait = opts.calls.budget.take(opts.calls.key, now());
      if (wait === 0) return;
      if (i > maxRetries || wait > maxWait || wait > budget) {
        throw new RateLimited(wait, "the account's call budget is spent");
      }
      await nap(wait);
    }
  };
  const attempt = async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    // A Request's body is read once: each attempt sends a copy of it.
    const copy = input instanceof Request ? input.clone() : input;
    if (opts.timeoutMs === undefined) return base(copy, init);
    const signal = AbortSignal.timeout(opts.timeoutMs);
    return base(copy, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
  };
  return async (input, init) => {
    let failures = 0;
    for (let tries = 0; ; tries++) {
      await takeCall();
      let res: Response;
      try {
        res = await attempt(input, init);
      } catch (err) {
        // A timeout or a refused connection: tried again like a 5xx when asked to.
        if (retries5xx === 0) throw err;
        if (failures >= retries5xx) {
          throw new NetworkUnavailable(`${shown(input)}: ${err instanceof Error ? err.name : "failed"}`);
        }
        await nap(1000 * 2 ** failures++);
        continue;
      }
      if (res.status >= 500 && retries5xx > 0) {
        await res.body?.cancel();
        if (failures >= retries5xx) throw new NetworkUnavailable(`${shown(input)}: ${res.status}`);
        await nap(waitOf(res.headers, now()) ?? 1000 * 2 ** failures++);
        continue;
      }
      if (res.status === 429) {
        const wait = waitOf(res.headers, now()) ?? 1000 * 2 ** tries;
        await res.body?.cancel();
        if (tries >= maxRetries || wait > maxWait || wait > budget) {
          throw new RateLimited(wait, `429 from ${shown(input)}`);
        }
        await nap(wait);
        continue;
      }
      const reset = exhaustedUntil(res.headers);
      if (reset !== null) {
        const pause = Math.min(reset * 1000 - now(), maxWait);
        if (pause > 0 && pause <= budget) await nap(pause);
      }
      return res;
    }
  };
}

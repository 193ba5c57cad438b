/**
 * The YouTube Data API v3 over plain fetch (through the polite fetch: 5xx and timeouts retried, the account's
 * call budget). Each call names its method (QUOTA_COST) so its units are spent in the ledger before it goes;
 * a 401 refreshes the access token once (TokenKeeper), a 403 quotaExceeded pauses the project's loads until the
 * Pacific midnight (RateLimited: the scheduler comes back then), a 404 or a 403 forbidden on a video is
 * PostUnavailable. The access token goes in the Authorization header only, never in a URL or an error's text.
 */
import { NetworkUnavailable, PostUnavailable, RateLimited } from "../errors";
import type { QuotaLedger } from "../shared/stores";
import { QUOTA_COST, quotaDay, quotaResetAt, type YoutubeCall } from "./quota";

export type YoutubeApiOptions = {
  apiUrl: string;
  fetch: typeof globalThis.fetch;
  /** A usable access token; `refused` is the one just answered 401. */
  token: (refused?: string) => Promise<string>;
  ledger: QuotaLedger;
  project: string;
  now: () => number;
  /** Told once when the quota is exceeded (the owner's notification). */
  onQuotaExceeded?: (resetsAt: string) => Promise<void>;
};

type GoogleError = { error?: { code?: number; message?: string; errors?: { reason?: string }[] } };

/** The quota was exceeded: loads wait until it resets. */
export class QuotaExceeded extends RateLimited {}

export type YoutubeApi = {
  call<T>(
    method: YoutubeCall,
    path: string,
    params: Record<string, string | number | undefined>,
    body?: unknown,
  ): Promise<T>;
};

export function youtubeApi(o: YoutubeApiOptions): YoutubeApi {
  const assertNotPaused = async (day: string) => {
    const until = await o.ledger.pausedUntil(o.project, day);
    if (until && Date.parse(until) > o.now()) {
      throw new QuotaExceeded(Date.parse(until) - o.now(), `youtube quota paused until ${until}`);
    }
  };
  return {
    async call<T>(
      method: YoutubeCall,
      path: string,
      params: Record<string, string | number | undefined>,
      body?: unknown,
    ): Promise<T> {
      const url = new URL(`${o.apiUrl}/${path}`);
      for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
      let refused: string | undefined;
      for (let tries = 0; tries < 2; tries++) {
        const day = quotaDay(o.now());
        await assertNotPaused(day);
        const token = await o.token(refused);
        // Spent before the call goes: a call the network counted is never missing from the ledger.
        await o.ledger.spend(o.project, day, QUOTA_COST[method]);
        const res = await o.fetch(url, {
          method: body === undefined ? "GET" : "POST",
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        if (res.ok) return (await res.json()) as T;
        const problem = (await res.json().catch(() => ({}))) as GoogleError;
        const reason = problem.error?.errors?.[0]?.reason ?? "";
        if (res.status === 401 && tries === 0) {
          refused = token;
          continue;
        }
        if (res.status === 403 && (reason === "quotaExceeded" || reason === "dailyLimitExceeded")) {
          const resets = quotaResetAt(o.now());
          const until = new Date(resets).toISOString();
          await o.ledger.pause(o.project, day, until);
          await o.onQuotaExceeded?.(until);
          throw new QuotaExceeded(resets - o.now(), `youtube ${method}: quotaExceeded until ${until}`);
        }
        if (
          res.status === 404 ||
          reason === "videoNotFound" ||
          reason === "commentsDisabled" ||
          reason === "forbidden"
        ) {
          throw new PostUnavailable(`youtube ${method}: ${res.status} ${reason}`);
        }
        throw new NetworkUnavailable(`youtube ${method}: ${res.status} ${reason}`);
      }
      throw new NetworkUnavailable(`youtube ${method}: 401 after a refreshed token`);
    },
  };
}

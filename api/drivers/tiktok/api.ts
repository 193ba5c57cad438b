/**
 * TikTok's two APIs over the polite fetch (429 waited out or RateLimited with when to come back, 5xx and
 * timeouts retried, the account's call budget):
 * - the v2 API (open.tiktokapis.com: Display, Content Posting): `Authorization: Bearer`, answers
 *   `{ data, error: { code, message, log_id } }`, error.code "ok" when fine;
 * - the API for Business (business-api.tiktok.com, Accounts API): `Access-Token` header, answers
 *   `{ code, message, request_id, data }`, code 0 when fine.
 * A refused access token (401 access_token_invalid, Business code 40105) is refreshed once (TokenKeeper). A video
 * that does not exist or is not the account's is PostUnavailable. The token never goes in a URL or an error.
 */
import { NetworkUnavailable, PostUnavailable, RateLimited } from "../errors";
import { TOKEN_REFUSED, withToken } from "../shared/token-retry";

export type TiktokApiOptions = {
  apiUrl: string;
  businessApiUrl: string | null;
  fetch: typeof globalThis.fetch;
  /** A usable access token; `refused` is the one just answered 401. */
  token: (refused?: string) => Promise<string>;
};

type V2Answer<T> = { data?: T; error?: { code?: string; message?: string } };
type BusinessAnswer<T> = { code?: number; message?: string; data?: T };

/** v2 error codes that mean the video is not there for us (TikTok's error handling page). */
const GONE = new Set(["video_not_found", "resource_not_found", "invalid_video_id"]);
/** Business API codes: 40105 token invalid or expired, 40001 no permission (not a business account), 40100 rate. */
const BUSINESS_TOKEN_INVALID = 40105;

/** The Business API refused the account (not a business account, or the grant lacks the scope). */
export class NotBusinessAccount extends Error {}

export type TiktokApi = {
  /**
   * A v2 call: GET with `query`, or POST with a JSON `body`. `int64Lists`: fields whose numbers are int64 ids
   * (beyond a JavaScript number's exact range), read as strings.
   */
  v2<T>(
    method: "GET" | "POST",
    path: string,
    query: Record<string, string>,
    body?: unknown,
    int64Lists?: readonly string[],
  ): Promise<T>;
  /** A Business API GET. */
  business<T>(path: string, query: Record<string, string>): Promise<T>;
};

export function tiktokApi(o: TiktokApiOptions): TiktokApi {
  const urlOf = (root: string, path: string, query: Record<string, string>) => {
    const url = new URL(`${root}/${path.replace(/^\//, "")}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url;
  };
  return {
    async v2<T>(
      method: "GET" | "POST",
      path: string,
      query: Record<string, string>,
      body?: unknown,
      int64Lists: readonly string[] = [],
    ) {
      const url = urlOf(o.apiUrl, path, query);
      return withToken(o.token, async (token, retry) => {
        const res = await o.fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(method === "POST" ? { "content-type": "application/json; charset=UTF-8" } : {}),
          },
          ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}),
        });
        const answer = parseV2<T>(await res.text(), int64Lists);
        const code = answer.error?.code ?? (res.ok ? "ok" : String(res.status));
        if (code === "ok" && res.ok) return (answer.data ?? {}) as T;
        if (code === "access_token_invalid" && retry) return TOKEN_REFUSED;
        if (code === "rate_limit_exceeded") throw new RateLimited(60_000, `tiktok ${path}: ${code}`);
        if (GONE.has(code)) throw new PostUnavailable(`tiktok ${path}: ${code}`);
        throw new TiktokRefused(code, `tiktok ${path}: ${res.status} ${code}`);
      });
    },

    async business<T>(path: string, query: Record<string, string>) {
      if (!o.businessApiUrl) throw new NotBusinessAccount("no API for Business configured");
      const url = urlOf(o.businessApiUrl, path, query);
      return withToken(o.token, async (token, retry) => {
        const res = await o.fetch(url, { headers: { "access-token": token, accept: "application/json" } });
        const answer = (await res.json().catch(() => ({}))) as BusinessAnswer<T>;
        if (res.ok && answer.code === 0) return (answer.data ?? {}) as T;
        if (answer.code === BUSINESS_TOKEN_INVALID && retry) return TOKEN_REFUSED;
        if (answer.code === 40001) {
          throw new NotBusinessAccount(`tiktok business ${path}: ${answer.code}`);
        }
        if (answer.code === 40100) throw new RateLimited(60_000, `tiktok business ${path}: 40100`);
        if (res.status === 404) throw new PostUnavailable(`tiktok business ${path}: 404`);
        throw new NetworkUnavailable(`tiktok business ${path}: ${res.status} ${answer.code ?? ""}`);
      });
    },
  };
}

/** A v2 answer, the numbers of `int64Lists` fields kept whole as strings (TikTok's post ids are int64). */
function parseV2<T>(text: string, int64Lists: readonly string[]): V2Answer<T> {
  let safe = text;
  for (const field of int64Lists) {
    safe = safe.replace(
      new RegExp(`("${field}"\\s*:\\s*\\[)([\\d\\s,]*)\\]`, "g"),
      (_all, head: string, list: string) => `${head}${list.replace(/\d+/g, (n) => `"${n}"`)}]`,
    );
  }
  try {
    return JSON.parse(safe) as V2Answer<T>;
  } catch {
    return {};
  }
}

/** TikTok refused a v2 call with this error code (a scope not granted, an unaudited client, bad params). */
export class TiktokRefused extends NetworkUnavailable {
  constructor(
    readonly code: string,
    internal: string,
  ) {
    super(internal);
  }
}

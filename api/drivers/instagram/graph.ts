/**
 * Meta's Graph API as Instagram's driver calls it (graph.instagram.com for Instagram Login, graph.facebook.com for
 * an account reached through a Facebook Page: the same calls, the same errors). Over the polite fetch (5xx and
 * timeouts retried, the account's call budget); the access token in the Authorization header only. What Meta
 * answers becomes our errors as data (Graph error codes):
 * - 4, 17, 32, 613 (and 80002, Instagram's own rate limit): RateLimited, waiting what the usage headers say
 *   (X-Business-Use-Case-Usage `estimated_time_to_regain_access`, minutes), else RATE_LIMIT_WAIT_MS;
 * - 190 (the token expired or was revoked): the token refreshed once (TokenKeeper), then AccountNeedsReconnect;
 * - 10 and 200–299 (a permission not granted): AccountNeedsReconnect (only a new consent grants it);
 * - 100 with subcode 33, or a 404 (the object was deleted or cannot be seen): PostUnavailable;
 * - anything else: NetworkUnavailable.
 */
import { AccountNeedsReconnect, NetworkUnavailable, PostUnavailable, RateLimited } from "../errors";

/** When a rate limit's answer does not say how long: Meta's windows are an hour long; come back in five minutes. */
export const RATE_LIMIT_WAIT_MS = 5 * 60_000;
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);

export type GraphError = {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; fbtrace_id?: string };
};

export type GraphParams = Record<string, string | number | boolean | undefined>;

export type GraphApi = {
  get<T>(path: string, params?: GraphParams): Promise<T>;
  /** A POST with its parameters form-encoded (how the Graph API takes them). */
  post<T>(path: string, params?: GraphParams): Promise<T>;
  /** A POST with a JSON body (the Messenger-style messages call). */
  postJson<T>(path: string, body: unknown): Promise<T>;
};

export type GraphApiOptions = {
  /** The API root with its version (https://graph.instagram.com/v21.0). */
  apiUrl: string;
  fetch: typeof globalThis.fetch;
  /** A usable access token; `refused` is the one Meta just answered 190 to. */
  token: (refused?: string) => Promise<string>;
};

/** The longest wait the usage headers ask for, in milliseconds; null when they do not say. */
export function usageWaitMs(headers: Headers): number | null {
  const text = headers.get("x-business-use-case-usage");
  if (!text) return null;
  try {
    const usage = JSON.parse(text) as Record<string, { estimated_time_to_regain_access?: number }[]>;
    const minutes = Object.values(usage)
      .flat()
      .map((u) => Number(u.estimated_time_to_regain_access ?? 0));
    const most = Math.max(0, ...minutes.filter(Number.isFinite));
    return most > 0 ? most * 60_000 : null;
  } catch {
    return null;
  }
}

/** The error a Graph answer means (never with the token or the URL in its text). */
export function graphFailure(what: string, status: number, body: GraphError, headers: Headers): Error {
  const code = body.error?.code ?? 0;
  const sub = body.error?.error_subcode ?? 0;
  const said = `${what}: ${status} code ${code}${sub ? `/${sub}` : ""}`;
  if (RATE_LIMIT_CODES.has(code) || status === 429) {
    return new RateLimited(usageWaitMs(headers) ?? RATE_LIMIT_WAIT_MS, said);
  }
  if (code === 190) return new AccountNeedsReconnect(`${said} (token expired or revoked)`);
  if (code === 10 || (code >= 200 && code <= 299)) {
    return new AccountNeedsReconnect(`${said} (permission not granted)`);
  }
  if ((code === 100 && sub === 33) || status === 404) return new PostUnavailable(said);
  return new NetworkUnavailable(said);
}

export function graphApi(o: GraphApiOptions): GraphApi {
  const call = async <T>(method: "GET" | "POST", path: string, params: GraphParams, json?: unknown) => {
    const url = new URL(`${o.apiUrl}/${path.replace(/^\//, "")}`);
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) continue;
      (method === "GET" ? url.searchParams : form).set(k, String(v));
    }
    const what = `instagram ${method} ${path.split("?")[0]?.replace(/\d{6,}/g, "{id}")}`;
    let refused: string | undefined;
    for (let tries = 0; tries < 2; tries++) {
      const token = await o.token(refused);
      const res = await o.fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(method === "POST"
            ? {
                "content-type": json === undefined ? "application/x-www-form-urlencoded" : "application/json",
              }
            : {}),
        },
        ...(method === "POST" ? { body: json === undefined ? form.toString() : JSON.stringify(json) } : {}),
      });
      if (res.ok) return (await res.json()) as T;
      const body = (await res.json().catch(() => ({}))) as GraphError;
      if (body.error?.code === 190 && tries === 0) {
        refused = token;
        continue;
      }
      throw graphFailure(what, res.status, body, res.headers);
    }
    throw new AccountNeedsReconnect(`${what}: 190 again after a refreshed token`);
  };
  return {
    get: (path, params = {}) => call("GET", path, params),
    post: (path, params = {}) => call("POST", path, params),
    postJson: (path, body) => call("POST", path, {}, body),
  };
}

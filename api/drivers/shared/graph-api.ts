/**
 * Meta's Graph API as one account calls it, for Instagram (graph.instagram.com, or graph.facebook.com through a
 * Page) and Threads (graph.threads.net): the same calls, the same errors. Over the polite fetch (5xx and timeouts
 * retried, the account's call budget); the access token in the Authorization header only, never in a URL. Meta's
 * error answers become our errors as data by the one mapping the Meta networks share (./meta-graph.ts: rate limits
 * 4/17/32/613 waiting as the usage headers say, 190, 10/200, a deleted object); a 190 refreshes the token once
 * (TokenKeeper) before it is AccountNeedsReconnect.
 */
import { type GraphErrorBody, graphError } from "./meta-graph";
import { TOKEN_REFUSED, withToken } from "./token-retry";

export type GraphParams = Record<string, string | number | boolean | undefined>;

export type GraphApi = {
  get<T>(path: string, params?: GraphParams): Promise<T>;
  /** A POST with its parameters form-encoded (how the Graph API takes them). */
  post<T>(path: string, params?: GraphParams): Promise<T>;
  /** A POST with a JSON body (the Messenger-style messages call). */
  postJson<T>(path: string, body: unknown): Promise<T>;
};

export type GraphApiOptions = {
  /** Whose API (in what an error says: "instagram GET /{id}/comments"). */
  network: string;
  /** The API root with its version (https://graph.instagram.com/v21.0). */
  apiUrl: string;
  /**
   * Where a form POST's parameters go: the body (Instagram), or the query as Threads' published collection sends
   * them.
   */
  postParamsIn?: "body" | "query";
  fetch: typeof globalThis.fetch;
  /** A usable access token; `refused` is the one Meta just answered 190 to. */
  token: (refused?: string) => Promise<string>;
};

export function graphApi(o: GraphApiOptions): GraphApi {
  const call = async <T>(method: "GET" | "POST", path: string, params: GraphParams, json?: unknown) => {
    const url = new URL(`${o.apiUrl}/${path.replace(/^\//, "")}`);
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) continue;
      (method === "GET" || o.postParamsIn === "query" ? url.searchParams : form).set(k, String(v));
    }
    // The call is named by its edge, ids masked: never an id's worth of detail, never a token.
    const what = `${o.network} ${method} ${path.split("?")[0]?.replace(/\d{6,}/g, "{id}")}`;
    const withBody = method === "POST" && (json !== undefined || o.postParamsIn !== "query");
    return withToken(o.token, async (token, retry) => {
      const res = await o.fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(withBody
            ? {
                "content-type": json === undefined ? "application/x-www-form-urlencoded" : "application/json",
              }
            : {}),
        },
        ...(withBody ? { body: json === undefined ? form.toString() : JSON.stringify(json) } : {}),
      });
      if (res.ok) return (await res.json()) as T;
      const body = (await res.json().catch(() => ({}))) as GraphErrorBody;
      if (body.error?.code === 190 && retry) return TOKEN_REFUSED;
      throw graphError(what, res.status, body, res.headers);
    });
  };
  return {
    get: (path, params = {}) => call("GET", path, params),
    post: (path, params = {}) => call("POST", path, params),
    postJson: (path, body) => call("POST", path, {}, body),
  };
}

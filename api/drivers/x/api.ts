/**
 * X's API v2 over plain fetch through the polite fetch (429 waited out by x-rate-limit-reset, a window spent
 * (x-rate-limit-remaining 0) waited for before the next call, 5xx and timeouts tried again, the account's call
 * budget). Not through @xdevplatform/xdk: its HTTP client binds globalThis.fetch when the module loads (no polite
 * fetch can be put in), renames every key of an answer to camelCase (no longer X's published shapes), and keeps
 * the access token fixed per client (no refresh on a 401). Decision 034.
 *
 * Every call is counted before it goes (X bills reads: `meter`); a 401 refreshes the access token once
 * (TokenKeeper, which spends each rotating refresh token once); a 404 is PostUnavailable, a 403 XForbidden (the
 * driver says what it means: a refused message, a deleted post), anything else NetworkUnavailable. The access token
 * goes in the Authorization header only, never in a URL or an error's text.
 */
import { NetworkUnavailable, PostUnavailable } from "../errors";
import { TOKEN_REFUSED, withToken } from "../shared/token-retry";

export type XApiOptions = {
  apiUrl: string;
  fetch: typeof globalThis.fetch;
  /** A usable access token; `refused` is the one just answered 401. */
  token: (refused?: string) => Promise<string>;
  /** Counts one call before it goes (the app-wide ledger of X calls). */
  meter?: (call: string) => Promise<void>;
};

/** X refused the call (403): what it said, for the driver to turn into what it means. */
export class XForbidden extends NetworkUnavailable {
  constructor(
    readonly call: string,
    readonly detail: string,
  ) {
    super(`x ${call}: 403 ${detail}`);
  }
}

/** One of X's RFC 7807 problems, as answers carry them (`errors`) or as an error's body. */
export type XProblem = { type?: string; title?: string; detail?: string; resource_id?: string };

export type XApi = {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
};

export function xApi(o: XApiOptions): XApi {
  const call = async <T>(
    method: "GET" | "POST",
    path: string,
    query: Record<string, string | number | undefined>,
    body?: unknown,
  ): Promise<T> => {
    const url = new URL(`${o.apiUrl}${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    // The path's shape names the call (ids out): what the ledger and the errors say.
    const name = `${method} ${path.replace(/\/\d+/g, "/:id")}`;
    return withToken(o.token, async (token, retry) => {
      await o.meter?.(name);
      const res = await o.fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.ok) return (await res.json()) as T;
      const problem = (await res.json().catch(() => ({}))) as XProblem;
      if (res.status === 401 && retry) return TOKEN_REFUSED;
      if (res.status === 404) throw new PostUnavailable(`x ${name}: 404`);
      if (res.status === 403) throw new XForbidden(name, problem.detail ?? problem.title ?? "forbidden");
      throw new NetworkUnavailable(`x ${name}: ${res.status} ${problem.title ?? ""}`.trim());
    });
  };
  return {
    get: (path, query = {}) => call("GET", path, query),
    post: (path, body) => call("POST", path, {}, body),
  };
}

/** The problem that says the asked resource does not exist or cannot be seen (a deleted post). */
export function missing(errors: XProblem[] | undefined): XProblem | null {
  return (
    errors?.find(
      (e) =>
        e.type === "https://api.twitter.com/2/problems/resource-not-found" ||
        e.type === "https://api.twitter.com/2/problems/not-authorized-for-resource",
    ) ?? null
  );
}

/**
 * The Threads Graph API (graph.threads.net) over the polite fetch, as one account: the access token in the
 * Authorization header (never in a URL), parameters in the query as Threads' published collection sends them.
 * Graph errors become ours as data (../shared/meta-graph.ts); a 190 (token expired or revoked) is tried once with a
 * refreshed token (TokenKeeper), then the account needs reconnecting.
 */
import { type GraphErrorBody, graphError } from "../shared/meta-graph";

export type ThreadsApiOptions = {
  apiUrl: string;
  fetch: typeof globalThis.fetch;
  /** A usable access token; `refused` is the one Threads just answered 190 to. */
  token: (refused?: string) => Promise<string>;
};

export type Params = Record<string, string | number | boolean | undefined>;

export type ThreadsApi = {
  get<T>(path: string, params?: Params): Promise<T>;
  post<T>(path: string, params?: Params): Promise<T>;
};

export function threadsApi(o: ThreadsApiOptions): ThreadsApi {
  const call = async <T>(method: "GET" | "POST", path: string, params: Params = {}): Promise<T> => {
    const url = new URL(`${o.apiUrl}/${path}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    let refused: string | undefined;
    for (let tries = 0; tries < 2; tries++) {
      const token = await o.token(refused);
      const res = await o.fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      });
      if (res.ok) return (await res.json()) as T;
      const problem = (await res.json().catch(() => ({}))) as GraphErrorBody;
      if (problem.error?.code === 190 && tries === 0) {
        refused = token;
        continue;
      }
      // The call is named by its edge (never an id's worth of detail, never a token).
      throw graphError(`threads ${method} ${path.split("/").slice(-1)[0]}`, res.status, problem, res.headers);
    }
    throw graphError(`threads ${method} ${path}`, 401, { error: { code: 190 } }, new Headers());
  };
  return {
    get: (path, params) => call("GET", path, params),
    post: (path, params) => call("POST", path, params),
  };
}

/**
 * Facebook's Graph API over the polite fetch (5xx and timeouts retried, the account's call budget): the token in
 * the Authorization header only, never in a URL or an error's text; Graph errors mapped once
 * (../shared/meta-graph.ts graphError). A JSON body for writes, or a multipart form (a photo's bytes).
 */
import { type GraphErrorBody, graphError } from "../shared/meta-graph";

export type GraphClient = {
  get<T>(
    what: string,
    path: string,
    params: Record<string, string | number | undefined>,
    token: string,
  ): Promise<T>;
  post<T>(what: string, path: string, body: Record<string, unknown> | FormData, token: string): Promise<T>;
  delete<T>(what: string, path: string, token: string): Promise<T>;
};

export function graphClient(o: { apiUrl: string; fetch: typeof globalThis.fetch }): GraphClient {
  const call = async <T>(
    what: string,
    method: "GET" | "POST" | "DELETE",
    path: string,
    token: string,
    params: Record<string, string | number | undefined> = {},
    body?: Record<string, unknown> | FormData,
  ): Promise<T> => {
    const url = new URL(`${o.apiUrl}/${path.replace(/^\//, "")}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    const json = body !== undefined && !(body instanceof FormData);
    const res = await o.fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        ...(json ? { "content-type": "application/json" } : {}),
      },
      ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as FormData) }),
    });
    const answer = (await res.json().catch(() => ({}))) as T & GraphErrorBody;
    if (!res.ok || answer?.error) throw graphError(`facebook ${what}`, res.status, answer ?? {}, res.headers);
    return answer;
  };
  return {
    get: (what, path, params, token) => call(what, "GET", path, token, params),
    post: (what, path, body, token) => call(what, "POST", path, token, {}, body),
    delete: (what, path, token) => call(what, "DELETE", path, token),
  };
}

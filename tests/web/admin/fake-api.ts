/**
 * A stand-in for the API in the admin pages' tests: `fetch` answers by method and path from a table of handlers,
 * and every call is kept (method, path, query, body) for the test to check what the page sent.
 */
import { vi } from "vitest";

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
export type Answer = { status?: number; body?: unknown };
type Handler = (call: Call) => Answer | Promise<Answer>;

export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const text = typeof init?.body === "string" ? init.body : undefined;
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = handler
      ? await handler(call)
      : { status: 404, body: { error: "notFound", message: "No such route in the test", uid: "x" } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls };
}

export const validation = (path: string, message: string): Answer => ({
  status: 422,
  body: { error: "validation", message: "The given data was invalid.", errors: { [path]: [message] } },
});

/** A team as the admin lists answer it. */
export function adminTeam(over: Record<string, unknown> = {}) {
  return {
    _id: "team-brand",
    name: "Brand",
    owner_id: "user-olive",
    plan: "basic",
    quotas: {},
    features: [],
    profile_picture: null,
    is_default: false,
    created_at: "2026-01-01T00:00:00.000Z",
    subscription: null,
    frozen: null,
    meta: {},
    members_count: 2,
    ...over,
  };
}

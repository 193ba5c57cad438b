/**
 * A stand-in for the API in component tests: `mockApi({ "POST /auth/email": { status: 204 } })` stubs fetch for
 * the typed client (paths after /api/v1) and records every call. A reply may be a list (one per call, the last one
 * repeating) or a function of the call. A call nobody mocked answers 501 and is listed in `unmocked`.
 */
import { vi } from "vitest";

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
export type Reply = { status?: number; body?: unknown; delay?: Promise<unknown> };
type Handler = Reply | ((call: Call) => Reply | Promise<Reply>);

export function json(body: unknown, status = 200): Reply {
  return { status, body };
}

export function error(
  status: number,
  key: string,
  message: string,
  extra: Record<string, unknown> = {},
): Reply {
  return { status, body: { error: key, message, ...extra } };
}

export function invalid(fields: Record<string, string>): Reply {
  return error(422, "validation", "The given data was invalid.", {
    errors: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
  });
}

export function mockApi(routes: Record<string, Handler | Handler[]>) {
  const calls: Call[] = [];
  const unmocked: string[] = [];
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, "");
    let body: unknown;
    if (typeof init?.body === "string") {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: Call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const key = `${method} ${path}`;
    const entry = routes[key];
    if (entry === undefined) {
      unmocked.push(key);
      return new Response(JSON.stringify({ error: "unmocked", message: key }), { status: 501 });
    }
    let handler: Handler;
    if (Array.isArray(entry)) {
      const n = used.get(key) ?? 0;
      used.set(key, n + 1);
      handler = entry[Math.min(n, entry.length - 1)] as Handler;
    } else handler = entry;
    const reply = typeof handler === "function" ? await handler(call) : handler;
    if (reply.delay) await reply.delay;
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(reply.body ?? {}), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    unmocked,
    /** The calls to one route ("POST /users/me"). */
    to(key: string): Call[] {
      return calls.filter((c) => `${c.method} ${c.path}` === key);
    },
  };
}

/**
 * A fake API for component tests: the typed client's calls reach `fetch`, which answers from a table of routes
 * ("GET /teams/current/contests/:id" → handler). Every call is recorded; an unknown route answers 404 JSON.
 */
import { vi } from "vitest";

export type Call = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  params: Record<string, string>;
};
export type Answer = { status?: number; body?: unknown };
export type Handler = (call: Call) => Answer | Promise<Answer>;

function compile(pattern: string): { method: string; re: RegExp; names: string[] } {
  const [method = "GET", path = "/"] = pattern.split(" ");
  const names: string[] = [];
  const re = new RegExp(
    `^${path.replace(/:(\w+)/g, (_m, name: string) => {
      names.push(name);
      return "([^/]+)";
    })}$`,
  );
  return { method, re, names };
}

export function mockApi(routes: Record<string, Handler>): { calls: Call[] } {
  const table = Object.entries(routes).map(([pattern, handler]) => ({ ...compile(pattern), handler }));
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    for (const route of table) {
      const m = route.method === method ? route.re.exec(path) : null;
      if (!m) continue;
      const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? "")]));
      const call = { method, path, query: url.searchParams, body, params };
      calls.push(call);
      const answer = await route.handler(call);
      return new Response(JSON.stringify(answer.body ?? null), {
        status: answer.status ?? 200,
        headers: { "Content-Type": "application/json" },
      });
    }
    calls.push({ method, path, query: url.searchParams, body, params: {} });
    return new Response(JSON.stringify({ error: "notFound", message: `No mock for ${method} ${path}` }), {
      status: 404,
      headers: { "Content-Type": "application/json" },
    });
  });
  return { calls };
}

/** An error answer in the API's shape (decisions.md). */
export function apiError(
  status: number,
  error: string,
  message: string,
  errors?: Record<string, string[]>,
): Answer {
  return { status, body: { error, message, uid: "err-1", ...(errors ? { errors } : {}) } };
}

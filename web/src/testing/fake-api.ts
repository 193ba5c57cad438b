/**
 * The API in stories and component tests, one way: `installFakeApi(routes)` replaces `fetch` with answers from a
 * table keyed "METHOD /path", the path written after /api/v1 as the typed client names it ("GET /users/me",
 * "POST /teams/current/contests/:id/setup"; a path outside /api/v1 is written whole), without the query.
 *
 * A route answers a reply, a list of replies (one per call, the last one repeating) or a function of the call (one
 * that throws makes `fetch` reject, as when the server cannot be reached). A call no route answers gets 501
 * `unmocked` and is listed in `unmocked`. Every call is kept in `calls`; `to("POST /users/me")` picks one route's.
 * `restore()` puts the real fetch back: a story returns it from `beforeEach`; tests use the vitest wrapper
 * tests/web/mock-api.ts, which restores once the test finishes. No vitest here: stories run in the browser too.
 */

const API_BASE = "/api/v1";

export type FakeCall = {
  method: string;
  /** After /api/v1 ("/users/me"); a path outside it whole. */
  path: string;
  query: URLSearchParams;
  /** A JSON body parsed, other text as sent, a FormData as is; undefined without a body. */
  body: unknown;
  /** The `:name` segments of the route that answered. */
  params: Record<string, string>;
};

export type FakeReply = {
  /** 200 by default. */
  status?: number;
  /** Sent as JSON ({} by default); never sent with 204. */
  body?: unknown;
  /** Sent as text instead of JSON (downloads), with `headers`. */
  text?: string;
  headers?: Record<string, string>;
  /** The answer waits for it (a promise that never settles keeps the call loading). */
  delay?: Promise<unknown>;
};

export type FakeHandler = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);
export type FakeRoutes = Record<string, FakeHandler | FakeHandler[]>;

export type FakeApi = {
  calls: FakeCall[];
  /** "METHOD /path" of each call no route answered. */
  unmocked: string[];
  /** The calls to one route: "POST /users/me", or a pattern "GET /teams/current/contests/:id". */
  to(route: string): FakeCall[];
  /** Puts the real fetch back. */
  restore(): void;
};

/** A JSON answer. */
export function json(body: unknown, status = 200): FakeReply {
  return { status, body };
}

/** An error answer in the API's shape (decisions.md): `extra` adds `uid`, `errors`... */
export function error(
  status: number,
  key: string,
  message: string,
  extra: Record<string, unknown> = {},
): FakeReply {
  return { status, body: { error: key, message, ...extra } };
}

/** The 422 validation answer, one message per field path. */
export function invalid(fields: Record<string, string>): FakeReply {
  return error(422, "validation", "The given data was invalid.", {
    errors: Object.fromEntries(Object.entries(fields).map(([path, message]) => [path, [message]])),
  });
}

type Matcher = { method: string; re: RegExp; names: string[] };

function matcher(route: string): Matcher {
  const [method = "GET", path = "/"] = route.split(" ");
  const names: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(segment.slice(1));
      return "([^/]+)";
    })
    .join("/");
  return { method: method.toUpperCase(), re: new RegExp(`^${source}$`), names };
}

function paramsOf(m: Matcher, method: string, path: string): Record<string, string> | null {
  const found = m.method === method ? m.re.exec(path) : null;
  if (!found) return null;
  return Object.fromEntries(m.names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? "")]));
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function responseOf(reply: FakeReply): Response {
  const status = reply.status ?? 200;
  if (status === 204 || status === 205 || status === 304) {
    return new Response(null, { status, headers: reply.headers ?? {} });
  }
  if (reply.text !== undefined) return new Response(reply.text, { status, headers: reply.headers ?? {} });
  return new Response(JSON.stringify(reply.body ?? {}), {
    status,
    headers: { "content-type": "application/json", ...reply.headers },
  });
}

/** The real fetch, kept on each fake so that a fake installed over another still restores the real one. */
const REAL = Symbol("fake-api: the real fetch");
type Fetch = typeof fetch & { [REAL]?: typeof fetch };

export function installFakeApi(routes: FakeRoutes): FakeApi {
  const table = Object.entries(routes).map(([route, handler]) => ({ route, handler, m: matcher(route) }));
  const calls: FakeCall[] = [];
  const unmocked: string[] = [];
  const used = new Map<string, number>();
  const current = globalThis.fetch as Fetch;
  const real = current[REAL] ?? current;

  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const path = url.pathname.startsWith(`${API_BASE}/`) ? url.pathname.slice(API_BASE.length) : url.pathname;
    const call: FakeCall = { method, path, query: url.searchParams, body: bodyOf(init?.body), params: {} };
    calls.push(call);
    const key = `${method} ${path}`;
    const exact = table.find((r) => r.route === key);
    const hit = exact ?? table.find((r) => r.route.includes(":") && paramsOf(r.m, method, path));
    if (!hit) {
      unmocked.push(key);
      return responseOf(error(501, "unmocked", `No fake answer for ${key}`));
    }
    call.params = paramsOf(hit.m, method, path) ?? {};
    let handler: FakeHandler;
    if (Array.isArray(hit.handler)) {
      const n = used.get(hit.route) ?? 0;
      used.set(hit.route, n + 1);
      handler = hit.handler[Math.min(n, hit.handler.length - 1)] as FakeHandler;
    } else handler = hit.handler;
    const reply = typeof handler === "function" ? await handler(call) : handler;
    if (reply.delay) await reply.delay;
    return responseOf(reply);
  };
  globalThis.fetch = Object.assign(fake, { [REAL]: real }) as Fetch;

  return {
    calls,
    unmocked,
    to(route) {
      const m = matcher(route);
      return calls.filter((c) => paramsOf(m, c.method, c.path) !== null);
    },
    restore() {
      globalThis.fetch = real;
    },
  };
}

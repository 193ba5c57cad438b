/**
 * A stand-in for the API in stories and component tests: `fetch` answers by "METHOD /path" from a table of
 * handlers (the path without the query), and every call is kept for the test to check what the page sent.
 * `install` returns a restore function (a story's beforeEach cleanup, a test's afterEach).
 */
export type FakeCall = { method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeAnswer = {
  status?: number;
  body?: unknown;
  /** Sent as text with these headers instead of JSON (downloads). */
  text?: string;
  headers?: Record<string, string>;
};
export type FakeHandler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

export function installFakeApi(routes: Record<string, FakeHandler>): { calls: FakeCall[]; restore(): void } {
  const calls: FakeCall[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const text = typeof init?.body === "string" ? init.body : undefined;
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer: FakeAnswer = handler
      ? await handler(call)
      : { status: 404, body: { error: "notFound", message: "This route does not exist.", uid: "test-uid" } };
    if (answer.text !== undefined) {
      return new Response(answer.text, { status: answer.status ?? 200, headers: answer.headers ?? {} });
    }
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  return {
    calls,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** The 422 body of decisions.md for one field. */
export function validationAnswer(path: string, message: string): FakeAnswer {
  return {
    status: 422,
    body: { error: "validation", message: "The given data was invalid.", errors: { [path]: [message] } },
  };
}

/**
 * The session is ready before its CSRF token comes (web/src/session/session.tsx): a read goes out at once, and a
 * state-changing call made while the token is on its way waits for it and carries it (web/src/api/client.ts).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, clearCsrf, refreshCsrf, wantCsrf } from "../../../web/src/api/client";

afterEach(() => {
  vi.unstubAllGlobals();
  clearCsrf();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

describe("a call made while the CSRF token is being fetched", () => {
  it("waits for the token when it changes state, and goes out at once when it reads", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: { method: string; path: string; token: string | null }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
        if (url.pathname.endsWith("/refresh_csrf")) {
          await gate;
          return json({ csrf_token: "fresh-token" });
        }
        const token = new Headers(init.headers).get("X-CSRF-Token");
        sent.push({ method: init.method ?? "GET", path: url.pathname, token });
        return json({});
      }),
    );

    clearCsrf();
    const refreshing = refreshCsrf();
    const posting = api.auth.email.$post({ json: { email: "someone@example.com" } });
    const reading = api.users.me.$get();
    await reading;
    // The read went out without waiting; the write has not gone out yet.
    expect(sent).toEqual([{ method: "GET", path: "/api/v1/users/me", token: null }]);

    release();
    await refreshing;
    await posting;
    expect(sent[1]).toEqual({ method: "POST", path: "/api/v1/auth/email", token: "fresh-token" });
  });
});

describe("the CSRF token of an open session", () => {
  it("is not asked for while the page only reads, and is fetched and carried by the first state-changing call", async () => {
    const sent: { method: string; path: string; token: string | null }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
        sent.push({
          method: init.method ?? "GET",
          path: url.pathname,
          token: new Headers(init.headers).get("X-CSRF-Token"),
        });
        return url.pathname.endsWith("/refresh_csrf") ? json({ csrf_token: "lazy-token" }) : json({});
      }),
    );

    wantCsrf();
    await api.users.me.$get();
    expect(sent.map((s) => s.path)).toEqual(["/api/v1/users/me"]);

    await api.auth.email.$post({ json: { email: "someone@example.com" } });
    expect(sent.slice(1)).toEqual([
      { method: "GET", path: "/api/v1/refresh_csrf", token: null },
      { method: "POST", path: "/api/v1/auth/email", token: "lazy-token" },
    ]);
  });

  it("is never asked for by a signed-out visitor's call, which goes without one", async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        paths.push(
          new URL(String(input instanceof Request ? input.url : input), "http://localhost").pathname,
        );
        return json({});
      }),
    );

    clearCsrf();
    await api.auth.email.$post({ json: { email: "someone@example.com" } });
    expect(paths).toEqual(["/api/v1/auth/email"]);
  });
});

/** HTTP answers that give nothing away: JSON bodies only as JSON, no caching of API answers, a CSP naming its hosts, log out everywhere. */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { sessions } from "../../api/db/tables";
import { isJsonContentType } from "../../api/validation";
import { json, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { listen } from "../helpers/world";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

describe("JSON bodies", () => {
  it("are read only under application/json, with at most a UTF-8 charset", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=UTF-8")).toBe(true);
    expect(isJsonContentType('application/json;charset="utf-8"')).toBe(true);
    expect(isJsonContentType("text/plain;application/json")).toBe(false);
    expect(isJsonContentType("text/plain; charset=application/json")).toBe(false);
    expect(isJsonContentType("application/json-patch+json")).toBe(false);
    expect(isJsonContentType("application/x-www-form-urlencoded; application/json")).toBe(false);
    expect(isJsonContentType("application/json; charset=utf-16")).toBe(false);
    expect(isJsonContentType("")).toBe(false);
  });

  it("refuses a CORS simple request carrying JSON (text/plain;application/json) with 400", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const res = await olive.call(
      "POST",
      "/api/v1/teams/current",
      { name: "Renamed" },
      { "content-type": "text/plain;application/json" },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("badRequest");
    const asked = await t.app.request("/api/v1/auth/email", {
      method: "POST",
      headers: { "content-type": "text/plain;application/json" },
      body: JSON.stringify({ email: "x@brand.example" }),
    });
    expect(asked.status).toBe(400);
  });
});

describe("U+0000, which PostgreSQL refuses in text", () => {
  it("is refused in a body's strings with 422 by field path, and in its names with 400; nothing is written", async () => {
    t = await createTestApp();
    const s = await signIn(t, "nul@brand.example", "Nul");
    const named = await s.call("POST", "/api/v1/users/me", { name: "A\u0000B", locale: "fr" });
    expect(named.status).toBe(422);
    expect((await named.json()).errors).toEqual({ name: ["Must not contain the null character (U+0000)."] });
    const keyed = await s.call("POST", "/api/v1/users/me", { "na\u0000me": "A" });
    expect(keyed.status).toBe(400);
    expect((await keyed.json()).message).toBe("A field name contains the null character (U+0000).");
    const me = await (await s.call("GET", "/api/v1/users/me")).json();
    expect([me.name, me.locale]).toEqual(["Nul", "en"]);
  });

  it("is refused in the address (path or query) with 400, on the API and on shortlinks", async () => {
    t = await createTestApp();
    const s = await signIn(t, "nul2@brand.example", "Nul");
    for (const path of [
      "/api/v1/teams/current/contests/abc%00",
      "/api/v1/teams/current/contests/list?search=a%00b",
      "/api/v1/verify/x%00",
      "/s/ab%00",
    ]) {
      const res = await s.call("GET", path);
      expect([path, res.status]).toEqual([path, 400]);
      expect((await res.json()).error).toBe("badRequest");
    }
  });
});

describe("API answers", () => {
  it("carry Cache-Control: no-store, errors and 404s too", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    expect((await olive.call("GET", "/api/v1/users/me")).headers.get("cache-control")).toBe("no-store");
    expect((await t.app.request("/api/v1/users/me")).headers.get("cache-control")).toBe("no-store");
    expect((await t.app.request("/api/v1/no/such/path")).headers.get("cache-control")).toBe("no-store");
    expect((await t.app.request("/api/health")).headers.get("cache-control")).toBe("no-store");
    expect(
      (await t.app.request("/api/v1/auth/email", json({ email: "a@b.example" }))).headers.get(
        "cache-control",
      ),
    ).toBe("no-store");
  });

  it("carry a Content-Security-Policy that names its hosts: no blanket ws:, wss: or https:", async () => {
    t = await createTestApp({ env: { publicUrl: "https://app.fairdraw.test" } });
    const csp = (await t.app.request("/api/health")).headers.get("content-security-policy") ?? "";
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get("connect-src")).toEqual(["'self'", "wss://app.fairdraw.test"]);
    for (const values of directives.values()) {
      for (const blanket of ["ws:", "wss:", "https:", "http:", "*"]) expect(values).not.toContain(blanket);
    }
    expect(directives.get("img-src")).toEqual(expect.arrayContaining(["'self'", "https://pbs.twimg.com"]));
    expect(directives.get("default-src")).toEqual(["'self'"]);
  });
});

describe("log out everywhere", () => {
  it("ends every session of the person and closes their sockets, and no one else's", async () => {
    t = await createTestApp();
    const laptop = await signIn(t, "olive@brand.example", "Olive");
    const phone = await signIn(t, "olive@brand.example");
    const other = await signIn(t, "sam@brand.example", "Sam");
    const closed: number[] = [];
    t.deps.realtime.add(
      { send: () => {}, close: (code) => closed.push(code ?? 0) },
      { userId: laptop.userId, teamId: null, sessionId: "phone-socket" },
    );
    listen(t, other.userId, null);
    const res = await laptop.call("POST", "/api/v1/auth/logout_everywhere");
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toMatch(/fd_session=;/);
    expect((await phone.call("GET", "/api/v1/users/me")).status).toBe(401);
    expect((await laptop.call("GET", "/api/v1/users/me")).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, laptop.userId))).toEqual([]);
    expect(closed).toHaveLength(1);
    expect((await other.call("GET", "/api/v1/users/me")).status).toBe(200);
  });
});

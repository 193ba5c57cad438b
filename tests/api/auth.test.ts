import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { loginCodes, sessions, teams, users } from "../../api/db/tables";
import { SIGNED_IN_COOKIE } from "../../web/src/session/signed-in";
import { json, lastCodeFor, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

describe("sign-in by e-mail code", () => {
  it("answers 204 and mails a 6-digit code to any address, known or not", async () => {
    t = await createTestApp();
    const res = await t.app.request("/api/v1/auth/email", json({ email: "New.Person@Example.com" }));
    expect(res.status).toBe(204);
    expect(await lastCodeFor(t, "new.person@example.com")).toMatch(/^\d{6}$/);
    const dev = await (await t.app.request("/api/dev/mailbox")).json();
    expect(dev.data[0]).toMatchObject({
      to: "new.person@example.com",
      subject: expect.stringContaining("Fairdraw"),
    });
  });

  it("registers a new address with a name: the user, a default team on the basic plan, a session", async () => {
    t = await createTestApp();
    await t.app.request("/api/v1/auth/email", json({ email: "ann@brand.example" }));
    const code = await lastCodeFor(t, "ann@brand.example");
    const noName = await t.app.request("/api/v1/auth/verify", json({ email: "ann@brand.example", code }));
    expect(noName.status).toBe(422);
    expect((await noName.json()).errors).toEqual({ name: ["Is required."] });
    // The code was not used up by the attempt without a name.
    const res = await t.app.request(
      "/api/v1/auth/verify",
      json({ email: "ann@brand.example", code, name: "Ann" }),
    );
    expect(res.status).toBe(201);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/fd_session=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = await res.json();
    expect(user).toMatchObject({
      name: "Ann",
      email: "ann@brand.example",
      currentTeam: { plan: "basic", is_default: true },
    });
    expect(await t.db.select().from(teams).where(eq(teams.ownerId, user._id))).toHaveLength(1);
  });

  it("signs an existing user in with 200, a new session id each time", async () => {
    t = await createTestApp();
    const first = await signIn(t, "bo@brand.example", "Bo");
    const second = await signIn(t, "bo@brand.example");
    expect(first.cookie).not.toBe(second.cookie);
    expect(await t.db.select().from(sessions)).toHaveLength(2);
    const me = await second.call("GET", "/api/v1/users/me");
    expect((await me.json()).name).toBe("Bo");
  });

  it("refuses a wrong code with 422; the 5th wrong try answers 429 and retires the code, even for the right one", async () => {
    t = await createTestApp();
    await t.app.request("/api/v1/auth/email", json({ email: "cy@brand.example" }));
    const code = await lastCodeFor(t, "cy@brand.example");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      const res = await t.app.request(
        "/api/v1/auth/verify",
        json({ email: "cy@brand.example", code: wrong, name: "Cy" }),
      );
      expect(res.status).toBe(422);
      expect((await res.json()).errors.code).toEqual(["This code is wrong or has expired."]);
    }
    const fifth = await t.app.request(
      "/api/v1/auth/verify",
      json({ email: "cy@brand.example", code: wrong, name: "Cy" }),
    );
    expect(fifth.status).toBe(429);
    const right = await t.app.request(
      "/api/v1/auth/verify",
      json({ email: "cy@brand.example", code, name: "Cy" }),
    );
    expect(right.status).toBe(422);
  });

  it("refuses a code after 10 minutes", async () => {
    let now = new Date("2026-06-01T12:00:00Z");
    t = await createTestApp({ clock: () => now });
    await t.app.request("/api/v1/auth/email", json({ email: "di@brand.example" }));
    const code = await lastCodeFor(t, "di@brand.example");
    now = new Date(now.getTime() + 10 * 60_000 + 1000);
    const res = await t.app.request(
      "/api/v1/auth/verify",
      json({ email: "di@brand.example", code, name: "Di" }),
    );
    expect(res.status).toBe(422);
  });

  it("stores only hashes of codes and session tokens", async () => {
    t = await createTestApp();
    const s = await signIn(t, "ed@brand.example", "Ed");
    const token = s.cookie.split("=")[1] ?? "";
    expect((await t.db.select().from(sessions)).map((r) => r.id)).not.toContain(token);
    expect((await t.db.select().from(loginCodes)).every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
  });

  it("answers bad bodies with 400 or 422, never 500", async () => {
    t = await createTestApp();
    const notJson = await t.app.request("/api/v1/auth/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(notJson.status).toBe(400);
    const badEmail = await t.app.request("/api/v1/auth/email", json({ email: "not an address" }));
    expect(badEmail.status).toBe(422);
    expect((await badEmail.json()).errors).toEqual({ email: ["Must be a valid e-mail address."] });
    const french = await t.app.request(
      "/api/v1/auth/email",
      json({ email: 42 }, { "accept-language": "fr-FR,fr" }),
    );
    expect((await french.json()).errors.email).toEqual(["Doit être une adresse e-mail valide."]);
  });
});

describe("sessions and CSRF", () => {
  it("gives 401 to a call without a session and 403 csrfTokenMismatch without the right token", async () => {
    t = await createTestApp();
    expect((await t.app.request("/api/v1/users/me")).status).toBe(401);
    const s = await signIn(t, "fa@brand.example", "Fa");
    const noToken = await s.call("POST", "/api/v1/users/me", { locale: "fr" }, { "x-csrf-token": "" });
    expect(noToken.status).toBe(403);
    expect((await noToken.json()).error).toBe("csrfTokenMismatch");
    const noXhr = await s.call("POST", "/api/v1/users/me", { locale: "fr" }, { "x-requested-with": "" });
    expect(noXhr.status).toBe(403);
    const ok = await s.call("POST", "/api/v1/users/me", { locale: "fr" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).locale).toBe("fr");
  });

  it("sets, beside the httpOnly session, a readable cookie the web app reads as 'signed in', and logout clears both", async () => {
    t = await createTestApp();
    await t.app.request("/api/v1/auth/email", json({ email: "fi@brand.example" }));
    const code = await lastCodeFor(t, "fi@brand.example");
    const verified = await t.app.request(
      "/api/v1/auth/verify",
      json({ email: "fi@brand.example", code, name: "Fi" }),
    );
    const [session, flag] = verified.headers.getSetCookie();
    expect(session).toMatch(/^fd_session=[^;]+;.*HttpOnly/i);
    // The name the web app reads (web/src/session/signed-in.ts); no secret in it, and not httpOnly.
    expect(flag).toMatch(new RegExp(`^${SIGNED_IN_COOKIE}=1;.*SameSite=Lax`, "i"));
    expect(flag).not.toMatch(/HttpOnly/i);
    expect(flag).toMatch(/Max-Age=2592000/);
    const cookie = (session ?? "").split(";")[0] ?? "";
    const csrf = await (await t.app.request("/api/v1/refresh_csrf", { headers: { cookie } })).json();
    const out = await t.app.request("/api/v1/auth/logout", {
      method: "POST",
      headers: { cookie, "x-csrf-token": csrf.csrf_token, "x-requested-with": "XMLHttpRequest" },
    });
    expect(out.status).toBe(204);
    const cleared = out.headers.getSetCookie();
    expect(cleared.some((c) => /^fd_session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(cleared.some((c) => new RegExp(`^${SIGNED_IN_COOKIE}=;.*Max-Age=0`, "i").test(c))).toBe(true);
  });

  it("ends the session on logout", async () => {
    t = await createTestApp();
    const s = await signIn(t, "gu@brand.example", "Gu");
    expect((await s.call("POST", "/api/v1/auth/logout")).status).toBe(204);
    expect((await s.call("GET", "/api/v1/users/me")).status).toBe(401);
  });

  it("expires a session after 14 idle days", async () => {
    let now = new Date("2026-06-01T12:00:00Z");
    t = await createTestApp({ clock: () => now });
    const s = await signIn(t, "ha@brand.example", "Ha");
    now = new Date(now.getTime() + 13 * 86_400_000);
    expect((await s.call("GET", "/api/v1/users/me")).status).toBe(200);
    now = new Date(now.getTime() + 14 * 86_400_000 + 1000);
    expect((await s.call("GET", "/api/v1/users/me")).status).toBe(401);
  });

  it("soft-deletes the user, revokes every session and frees the address", async () => {
    t = await createTestApp();
    const a = await signIn(t, "io@brand.example", "Io");
    const b = await signIn(t, "io@brand.example");
    const res = await a.call("DELETE", "/api/v1/users/me");
    expect(await res.json()).toEqual({ success: true });
    expect((await b.call("GET", "/api/v1/users/me")).status).toBe(401);
    const row = await first(t.db.select().from(users).where(eq(users.id, a.userId)));
    expect(row?.deletedAt).not.toBeNull();
    const again = await signIn(t, "io@brand.example", "Io again");
    expect(again.userId).not.toBe(a.userId);
  });

  it("changes the e-mail address only with the code sent to the new one", async () => {
    t = await createTestApp();
    const s = await signIn(t, "jo@brand.example", "Jo");
    const asked = await s.call("POST", "/api/v1/users/me", { email: "jo@new.example" });
    expect(asked.status).toBe(202);
    const wrong = await s.call("POST", "/api/v1/users/me", {
      email: "jo@new.example",
      confirm_code: "12345",
    });
    expect(wrong.status).toBe(422);
    const code = await lastCodeFor(t, "jo@new.example");
    const done = await s.call("POST", "/api/v1/users/me", { email: "jo@new.example", confirm_code: code });
    expect((await done.json()).email).toBe("jo@new.example");
  });
});

describe("request bodies", () => {
  it("refuses a body nested deeper than any form with 400, before any code recurses into it", async () => {
    t = await createTestApp();
    // Written as text: the test's own JSON.stringify would overflow on it.
    const body = `{"email":"a@b.example","meta":${'{"a":'.repeat(5000)}"x"${"}".repeat(5000)}}`;
    const res = await t.app.request("/api/v1/auth/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("The body is nested too deeply.");
  });
});

describe("a person's name", () => {
  it("says why it is refused: not a text, empty, or over 100 characters; 100 are taken", async () => {
    t = await createTestApp();
    const s = await signIn(t, "named@brand.example", "Named");
    const errorOf = async (name: unknown) =>
      ((await (await s.call("POST", "/api/v1/users/me", { name })).json()) as { errors?: { name: string[] } })
        .errors?.name;
    expect(await errorOf(42)).toEqual(["Must be a text."]);
    expect(await errorOf("   ")).toEqual(["Is required."]);
    expect(await errorOf("é".repeat(101))).toEqual(["May not be greater than 100 characters."]);
    const ok = await s.call("POST", "/api/v1/users/me", { name: ` ${"é".repeat(100)} ` });
    expect(ok.status).toBe(200);
    expect((await ok.json()).name).toBe("é".repeat(100));
  });
});

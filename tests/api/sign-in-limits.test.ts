/**
 * Sign-in limits (docs/decisions/016-sign-in-limits.md): per client address and per e-mail, separately; an
 * attacked code is retired, not the person. Requests come from a socket address (fromAddress), as through
 * @hono/node-server.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../api/limits";
import { fromAddress, json, lastCodeFor } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

const ATTACKER = "198.51.100.66";
const PERSON = "203.0.113.10";

function ask(email: string, address: string) {
  return t.app.request("/api/v1/auth/email", json({ email }), fromAddress(address));
}
function verify(email: string, code: string, address: string) {
  return t.app.request("/api/v1/auth/verify", json({ email, code, name: "Someone" }), fromAddress(address));
}
function wrongFor(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

describe("sign-in limits", () => {
  it("stops a client guessing across many addresses, and not a person signing in from elsewhere", async () => {
    t = await createTestApp();
    const perAddress = DEFAULT_LIMITS["signin.guesses.per_address"].max;
    const statuses: number[] = [];
    // 40 addresses, 2 wrong guesses each: the per-code and per-e-mail limits are never reached.
    for (let i = 0; i < 40; i++) {
      const email = `victim${i}@brand.example`;
      await t.app.request("/api/v1/auth/email", json({ email })); // the victims asked for codes themselves
      for (let g = 0; g < 2; g++) {
        statuses.push((await verify(email, wrongFor(await lastCodeFor(t, email)), ATTACKER)).status);
      }
    }
    expect(statuses.slice(0, perAddress).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(perAddress).every((s) => s === 429)).toBe(true);
    const refused = await verify("victim39@brand.example", "123456", ATTACKER);
    expect(await refused.json()).toMatchObject({
      error: "tooManyAttempts",
      limit: "signin.guesses.per_address",
      retry_after: expect.any(Number),
    });
    // The person whose address was attacked signs in from their own address with their own code.
    expect(
      (await verify("victim39@brand.example", await lastCodeFor(t, "victim39@brand.example"), PERSON)).status,
    ).toBe(201);
  });

  it("retires the attacked code, not the person: a new code works right away", async () => {
    t = await createTestApp();
    const email = "ann@brand.example";
    expect((await ask(email, PERSON)).status).toBe(204);
    const attacked = await lastCodeFor(t, email);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(email, wrongFor(attacked), ATTACKER)).status);
    expect(answers).toEqual([422, 422, 422, 422, 429]);
    // The attacked code is gone, even for its owner...
    expect((await verify(email, attacked, PERSON)).status).toBe(422);
    // ...but its owner asks for another one and signs in.
    expect((await ask(email, PERSON)).status).toBe(204);
    expect((await verify(email, await lastCodeFor(t, email), PERSON)).status).toBe(201);
  });

  it("caps the wrong guesses on one e-mail per day whatever the number of clients", async () => {
    let now = new Date("2026-05-01T08:00:00Z");
    t = await createTestApp({ clock: () => now });
    const email = "bo@brand.example";
    const perEmail = DEFAULT_LIMITS["signin.guesses.per_email"].max;
    let client = 0;
    for (let i = 0; i < perEmail; i++) {
      if (i % 5 === 0) await ask(email, PERSON); // a fresh code every 5 guesses
      const res = await verify(email, wrongFor(await lastCodeFor(t, email)), `198.51.100.${++client}`);
      expect([422, 429]).toContain(res.status);
    }
    await ask(email, PERSON);
    const beyond = await verify(email, await lastCodeFor(t, email), "192.0.2.200");
    expect(beyond.status).toBe(429);
    expect((await beyond.json()).limit).toBe("signin.guesses.per_email");
    // A day later the address can be used again.
    now = new Date("2026-05-02T08:00:01Z");
    await ask(email, PERSON);
    expect((await verify(email, await lastCodeFor(t, email), PERSON)).status).toBe(201);
  });

  it("limits the codes one client asks for, while a person elsewhere still gets theirs", async () => {
    t = await createTestApp();
    const perAddress = DEFAULT_LIMITS["signin.codes.per_address"].max;
    for (let i = 0; i < perAddress; i++) {
      expect((await ask(`target${i}@brand.example`, ATTACKER)).status).toBe(204);
    }
    const refused = await ask("target0@brand.example", ATTACKER);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: "tooManyAttempts", uid: expect.any(String) });
    expect((await ask("target0@brand.example", PERSON)).status).toBe(204);
  });

  it("lets one client alone not block the codes of an e-mail", async () => {
    t = await createTestApp();
    // The attacker spends every code it may ask for on one person's address.
    for (let i = 0; i < DEFAULT_LIMITS["signin.codes.per_address"].max; i++)
      await ask("cy@brand.example", ATTACKER);
    expect((await ask("cy@brand.example", ATTACKER)).status).toBe(429);
    expect((await ask("cy@brand.example", PERSON)).status).toBe(204);
    expect((await verify("cy@brand.example", await lastCodeFor(t, "cy@brand.example"), PERSON)).status).toBe(
      201,
    );
  });

  it("counts an IPv6 client by its /64, so stepping through its addresses does not reset the count", async () => {
    t = await createTestApp({ env: { limits: { "signin.codes.per_address": "2/1h" } } });
    expect((await ask("a@brand.example", "2001:db8:0:7::1")).status).toBe(204);
    expect((await ask("b@brand.example", "2001:db8:0:7::2")).status).toBe(204);
    expect((await ask("c@brand.example", "2001:db8:0:7:ffff::3")).status).toBe(429);
    expect((await ask("c@brand.example", "2001:db8:0:8::1")).status).toBe(204);
  });

  it("takes numbers from LIMITS", async () => {
    t = await createTestApp({ env: { limits: { "signin.codes.per_address": "2/1h" } } });
    expect((await ask("a@brand.example", ATTACKER)).status).toBe(204);
    expect((await ask("b@brand.example", ATTACKER)).status).toBe(204);
    expect((await ask("c@brand.example", ATTACKER)).status).toBe(429);
  });
});

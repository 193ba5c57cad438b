/**
 * Linking a real Bluesky account (POST /teams/current/accounts/link with a handle and an app password) on the real
 * AT Protocol network of the run; an app password revoked on the network; secrets never in answers, logs or the
 * database. (A profile with U+0000 is on the stand-in, session-standin.test.ts: the AppView does not index one.)
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notifications } from "../../../api/db/tables";
import type { BlueskyCredentials } from "../../../api/drivers/bluesky/session";
import { AccountNeedsReconnect } from "../../../api/drivers/errors";
import { SecretBox } from "../../../api/drivers/shared/secrets";
import { type BlueskyWorld, blueskyWorld, LINK } from "./world";

let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  await w.close();
});

describe("linking a Bluesky account with an app password", () => {
  it("stores a real account with its handle, name and profile URL, and the DID on the row", async () => {
    const res = await w.owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: `@${w.brand.handle}`,
      app_password: w.brand.appPassword,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      provider: "bluesky",
      sandbox: false,
      name: "Brand & Co",
      screen_name: w.brand.handle,
      profile_picture: null,
      url: `https://bsky.app/profile/${w.brand.handle}`,
      disabled: false,
      meta: {},
    });
    expect(body.external_id).toMatch(/^\d+$/);
    const row = await w.accountRow(body._id as string);
    expect(row?.meta?.did).toBe(w.brand.did);
    expect(String(row?.meta?.credentials)).toMatch(/^v1\./);

    const list = (await (await w.owner.call("GET", "/api/v1/teams/current/accounts/list")).json()) as {
      data: Record<string, unknown>[];
    };
    expect(list.data.map((a) => [a.screen_name, a.sandbox])).toEqual([[w.brand.handle, false]]);
    expect(JSON.stringify(list)).not.toContain("credentials");
  });

  it("answers 422 on the app password when Bluesky refuses it, and on the handle when nobody has it", async () => {
    const wrong = await w.owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: w.brand.handle,
      app_password: "wxyz-wxyz-wxyz-wxyz",
    });
    expect(wrong.status).toBe(422);
    const wrongBody = (await wrong.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(wrongBody.errors)).toEqual(["app_password"]);
    expect(wrongBody.errors.app_password?.[0]).toMatch(/app password/);

    const unknown = await w.owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: "nobody-at-all.test",
      app_password: w.brand.appPassword,
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(((await unknown.json()) as { errors: object }).errors)).toEqual(["identifier"]);

    const missing = await w.owner.call("POST", LINK, { provider: "bluesky", identifier: w.brand.handle });
    expect(missing.status).toBe(422);
    expect(Object.keys(((await missing.json()) as { errors: object }).errors)).toEqual(["app_password"]);

    // Nothing was linked.
    const list = (await (await w.owner.call("GET", "/api/v1/teams/current/accounts/list")).json()) as {
      data: unknown[];
    };
    expect(list.data).toEqual([]);
  });
});

describe("sessions", () => {
  it("gives an account whose app password was revoked the reconnect state and tells the member who linked it", async () => {
    const linked = await w.linkBrand();
    await w.brand.agent.com.atproto.server.revokeAppPassword({ name: "fairdraw" });
    const res = await w.owner.call("POST", `/api/v1/teams/current/accounts/${linked._id}/refresh`);
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toMatch(/connected again/);
    const row = await w.accountRow(linked._id);
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials).toBe("");
    expect(typeof row?.meta?.reconnect_requested_at).toBe("string");
    const told = await w.db.select().from(notifications).where(eq(notifications.userId, w.owner.userId));
    expect(told.map((n) => (n.content as { key: string }).key)).toContain("accountReconnectRequested");

    // The driver knows it needs reconnecting without asking the network.
    const { driver, account } = await w.driverOf(linked._id);
    await expect(driver.refreshAccount(account)).rejects.toBeInstanceOf(AccountNeedsReconnect);

    // Connecting it again with a new app password brings the same account back, usable.
    const fresh = await w.brand.agent.com.atproto.server.createAppPassword({ name: "fairdraw-again" });
    const again = await w.owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: w.brand.handle,
      app_password: fresh.data.password,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ _id: linked._id, disabled: false, meta: {} });
    const back = await w.accountRow(linked._id);
    expect(back?.disabled).toBe(false);
    expect(back?.meta?.reconnect_requested_at).toBeUndefined();
    const d = await w.driverOf(linked._id);
    expect((await d.driver.refreshAccount(d.account)).screen_name).toBe(w.brand.handle);
  });
});

describe("secrets", () => {
  it("never shows the app password or a token in an answer, a log line or the database file", async () => {
    const linked = await w.linkBrand();
    const answers: string[] = [];
    for (const path of ["/api/v1/teams/current/accounts/list", "/api/v1/users/me/accounts/list"]) {
      answers.push(await (await w.owner.call("GET", path)).text());
    }
    answers.push(
      await (await w.owner.call("POST", `/api/v1/teams/current/accounts/${linked._id}/refresh`)).text(),
    );
    // The tokens the network gave, read from the sealed credentials.
    const sealed = String((await w.accountRow(linked._id))?.meta?.credentials);
    const creds = new SecretBox(w.env.accountSecretKey).open<BlueskyCredentials>(sealed);
    const tokens = [creds?.session?.accessJwt, creds?.session?.refreshJwt].filter(
      (t): t is string => typeof t === "string" && t.length > 20,
    );
    expect(tokens).toHaveLength(2);
    const stored = await w.everythingStored();
    expect(w.logLines.length).toBeGreaterThan(0);
    for (const secret of [w.brand.appPassword, ...tokens]) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
  });
});

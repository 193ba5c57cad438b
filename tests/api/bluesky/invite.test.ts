/**
 * A Bluesky account invite (app-shell.md accounts/invites): the invitee connects their real Bluesky account with
 * a handle and an app password (POST /invites/{key}/accept with identifier and app_password, as the link call takes
 * them), against the stand-in service; a refused password leaves the invite usable.
 */

import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { accounts, invites } from "../../../api/db/tables";
import { signIn } from "../../helpers/api-client";
import { BRAND } from "../../helpers/bluesky-standin";
import { type StandInWorld as BlueskyWorld, standInWorld as blueskyWorld } from "./world";

let w: BlueskyWorld;
beforeEach(async () => {
  w = await blueskyWorld();
});
afterEach(async () => {
  expect(w.service.problems).toEqual([]);
  await w.close();
});

async function blueskyInvite(): Promise<string> {
  const res = await w.owner.call("POST", "/api/v1/teams/current/accounts/invite", {
    provider: "bluesky",
    email: "ray@agency.example",
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

describe("a Bluesky account invite", () => {
  it("links the invitee's real Bluesky account with a handle and an app password, and lends it to the team", async () => {
    const key = await blueskyInvite();
    const ray = await signIn(w as never, "ray@agency.example", "Ray");
    const accept = (body: object) => ray.call("POST", `/api/v1/invites/${key}/accept`, body);

    // Bluesky refuses the password: 422 on that field, and the invite is still there to use.
    const wrong = await accept({ identifier: BRAND.handle, app_password: "wxyz-wxyz-wxyz-wxyz" });
    expect(wrong.status).toBe(422);
    expect(Object.keys(((await wrong.json()) as { errors: object }).errors)).toEqual(["app_password"]);
    const missing = await accept({ identifier: BRAND.handle });
    expect(Object.keys(((await missing.json()) as { errors: object }).errors)).toEqual(["app_password"]);
    expect((await first(w.db.select().from(invites).where(eq(invites.key, key))))?.status).toBe("active");

    const res = await accept({ identifier: BRAND.handle, app_password: BRAND.password });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { type: string; delegation: Record<string, unknown> };
    expect(body.type).toBe("link_account");
    expect(body.delegation).toMatchObject({ provider: "bluesky", screen_name: BRAND.handle });
    expect(JSON.stringify(body)).not.toContain(BRAND.password);

    // Ray's own account, real, with its DID and sealed credentials; the team sees it as a live account.
    const row = await first(w.db.select().from(accounts).where(eq(accounts.provider, "bluesky")));
    expect(row).toMatchObject({ userId: ray.userId, teamId: null, sandbox: false, screenName: BRAND.handle });
    expect(row?.meta?.did).toBe(BRAND.did);
    expect(String(row?.meta?.credentials)).toMatch(/^v1\./);
    const list = (await (await w.owner.call("GET", "/api/v1/teams/current/accounts/list")).json()) as {
      data: Record<string, unknown>[];
    };
    expect(list.data.map((a) => [a.screen_name, a.sandbox])).toEqual([[BRAND.handle, false]]);
    expect((await first(w.db.select().from(invites).where(eq(invites.key, key))))?.status).toBe("used");
    expect(await w.everythingStored()).not.toContain(BRAND.password);
  });

  it("still links a sandbox account when the invitee sends no sign-in", async () => {
    const key = await blueskyInvite();
    const ray = await signIn(w as never, "ray@agency.example", "Ray");
    const res = await ray.call("POST", `/api/v1/invites/${key}/accept`);
    expect(res.status).toBe(200);
    const row = await first(w.db.select().from(accounts).where(eq(accounts.provider, "bluesky")));
    expect(row?.sandbox).toBe(true);
    expect(w.service.calls("com.atproto.server.createSession")).toHaveLength(0);
  });
});

/**
 * An OAuth account's tokens on its row (a real database): refreshed before they expire, rotating refresh tokens
 * kept by one refresh when two keepers (two processes) refresh at once, a refused refresh marks the account for
 * reconnecting and tells its owner, and neither token is ever stored in clear.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../../api/db/query";
import { accounts, notifications } from "../../../../api/db/tables";
import { AccountNeedsReconnect } from "../../../../api/drivers/errors";
import { SecretBox } from "../../../../api/drivers/shared/secrets";
import { type OAuthTokens, RefreshRefused, TokenKeeper } from "../../../../api/drivers/shared/tokens";
import type { StoredAccount } from "../../../../api/drivers/types";
import { newId } from "../../../../api/ids";
import { oauthTokenRow } from "../../../../api/services/account-credentials";
import { signIn } from "../../../helpers/api-client";
import { createTestApp, type TestApp } from "../../../helpers/test-app";
import { currentTeamId } from "../../../helpers/world";

const KEY = "0123456789abcdef0123456789abcdef";
const T0 = Date.parse("2026-11-28T10:00:00.000Z");

/** A token endpoint that rotates: each refresh kills the refresh token it was given and answers a new one. */
function rotatingNetwork() {
  let n = 0;
  const alive = new Set(["refresh-0"]);
  const calls: string[] = [];
  return {
    calls,
    alive,
    async refresh(token: string): Promise<OAuthTokens> {
      calls.push(token);
      await new Promise((r) => setTimeout(r, 20));
      if (!alive.delete(token)) throw new RefreshRefused("invalid_grant");
      n++;
      alive.add(`refresh-${n}`);
      return {
        access_token: `access-${n}`,
        refresh_token: `refresh-${n}`,
        expires_at: new Date(T0 + 3600_000).toISOString(),
        scope: null,
      };
    },
  };
}

let t: TestApp;
let account: StoredAccount;
let ownerId: string;
let now = T0;
const box = new SecretBox(KEY);

beforeEach(async () => {
  t = await createTestApp({ env: { accountSecretKey: KEY } });
  const owner = await signIn(t, "olive@brand.example", "Olive");
  ownerId = owner.userId;
  const id = newId();
  const tokens: OAuthTokens = {
    access_token: "access-0",
    refresh_token: "refresh-0",
    expires_at: new Date(T0 + 30_000).toISOString(),
    scope: null,
  };
  await t.db.insert(accounts).values({
    id,
    teamId: await currentTeamId(t, owner.userId),
    userId: owner.userId,
    provider: "youtube",
    externalId: "UCaaaaaaaaaaaaaaaaaaaaaa",
    name: "Brand",
    screenName: "brand",
    sandbox: false,
    meta: { credentials: box.seal(tokens) },
    linkedAt: new Date(T0).toISOString(),
  });
  account = {
    id,
    provider: "youtube",
    external_id: "UCaaaaaaaaaaaaaaaaaaaaaa",
    name: "Brand",
    screen_name: "brand",
    profile_picture: null,
    url: null,
    sandbox: false,
  };
  now = T0;
});
afterEach(async () => {
  await t.cleanup();
});

const keeper = (refresh: (token: string) => Promise<OAuthTokens>) =>
  new TokenKeeper(box, oauthTokenRow(t.deps, "YouTube"), refresh, {
    now: () => now,
    sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 10))),
    waitMs: 10,
  });

describe("TokenKeeper", () => {
  it("answers the stored access token while it is good, and refreshes it a minute before it expires", async () => {
    const network = rotatingNetwork();
    now = T0 - 60_000;
    expect(await keeper(network.refresh).accessToken(account)).toBe("access-0");
    expect(network.calls).toEqual([]);
    now = T0;
    expect(await keeper(network.refresh).accessToken(account)).toBe("access-1");
    expect(network.calls).toEqual(["refresh-0"]);
    expect(await keeper(network.refresh).accessToken(account)).toBe("access-1");
    expect(network.calls).toHaveLength(1);
  });

  it("refreshes once when two processes refresh rotating tokens at once, and both get the new token", async () => {
    const network = rotatingNetwork();
    const [a, b, c] = await Promise.all([
      keeper(network.refresh).accessToken(account),
      keeper(network.refresh).accessToken(account),
      keeper(network.refresh).accessToken(account),
    ]);
    expect([a, b, c]).toEqual(["access-1", "access-1", "access-1"]);
    expect(network.calls).toEqual(["refresh-0"]);
    // The one refresh token the network still takes is the one stored.
    const stored = await keeper(network.refresh).stored(account);
    expect(stored?.refresh_token).toBe("refresh-1");
    expect(network.alive.has("refresh-1")).toBe(true);
  });

  it("refreshes a token the network refused even if its expiry says it is good", async () => {
    const network = rotatingNetwork();
    now = T0 - 600_000;
    expect(await keeper(network.refresh).accessToken(account, "access-0")).toBe("access-1");
  });

  it("marks the account for reconnecting and tells its owner when the refresh is refused", async () => {
    const network = rotatingNetwork();
    network.alive.clear();
    await expect(keeper(network.refresh).accessToken(account)).rejects.toBeInstanceOf(AccountNeedsReconnect);
    const row = await first(
      t.db
        .select()
        .from(accounts)
        .where(eq(accounts.id, account.id as string)),
    );
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials).toBe("");
    expect(typeof row?.meta?.reconnect_requested_at).toBe("string");
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(told.map((n) => n.content.key)).toContain("accountReconnectRequested");
  });

  it("keeps the tokens sealed: the row holds neither token in clear", async () => {
    const network = rotatingNetwork();
    await keeper(network.refresh).accessToken(account);
    const row = await first(
      t.db
        .select()
        .from(accounts)
        .where(eq(accounts.id, account.id as string)),
    );
    const text = JSON.stringify(row);
    expect(text).not.toContain("access-1");
    expect(text).not.toContain("refresh-1");
    expect(text).not.toContain("token_refresh_until");
  });
});

/**
 * The tokens nothing uses (issue 23, "each token's life as Meta defines it"): each tick, at most TOKEN_BATCH real
 * accounts of the networks with a `tokenLife` (api/drivers/oauth-network.ts) whose tokens near their end, or whose
 * expiry is not yet known in clear, are looked at:
 * - `ahead` (Instagram Login, Threads): refreshed through the driver's own keeper (TokenKeeper.accessToken), which
 *   claims the refresh on the row first, so two processes running this at once refresh a token once; a refusal
 *   (190, revoked) puts the account in the reconnect state and tells its owner, as a use does;
 * - `notice` (Facebook user tokens): the owner is told once, a week before (services/access-ending.ts, marked by
 *   compare-and-set).
 * The expiry is read from the sealed tokens and kept in clear beside them (accounts.meta.token_expires_at, also
 * written by every refresh), so the query finds the accounts due without opening every row. A network out of reach
 * puts the account aside for RETRY_MS (accounts.meta.token_retry_at): a tick never calls a dead network in a loop.
 */
import { and, asc, eq, isNull, lt, ne, notInArray, or } from "drizzle-orm";
import { jsonSet, jsonText } from "../db/json-sql";
import { accounts } from "../db/tables";
import { type KeptTokenWay, keptTokenNetworks } from "../drivers";
import { AccountNeedsReconnect } from "../drivers/errors";
import type { TokenLife } from "../drivers/oauth-network";
import type { OAuthTokens } from "../drivers/shared/tokens";
import { accessEndingNotice } from "../services/access-ending";
import { storedAccount } from "../services/accounts";
import type { SchedulerDeps } from "./handlers";

/** How many accounts one tick looks at, all networks together. */
export const TOKEN_BATCH = 20;
/** How long an account whose refresh met a network out of reach waits before the next try. */
export const RETRY_MS = 60 * 60_000;
/** The clear expiry of tokens that do not expire (never due). */
const NEVER = "9999-12-31T00:00:00.000Z";

/**
 * What a sweep did: tokens made fresh (by this process's refresh, or another's it waited for), accounts put in
 * the reconnect state, owners told their access ends, refreshes put aside for a network out of reach.
 */
export type TokenSweep = { refreshed: number; reconnect: number; told: number; retry: number };

/** Whether tokens ending at `endsAt` are due now by the network's token life. */
export function tokenDue(life: TokenLife, endsAt: number, now: number): boolean {
  const left = endsAt - now;
  if (left > life.beforeMs) return false;
  return life.kind === "notice" || life.lifetimeMs - left >= life.minAgeMs;
}

export async function keepTokens(deps: SchedulerDeps): Promise<TokenSweep> {
  const sweep: TokenSweep = { refreshed: 0, reconnect: 0, told: 0, retry: 0 };
  let budget = TOKEN_BATCH;
  for (const way of keptTokenNetworks(deps.catalog.providers.values(), deps)) {
    const { provider, life, keeper } = way;
    if (budget <= 0) break;
    const now = deps.clock().getTime();
    const expires = jsonText(accounts.meta, ["token_expires_at"]);
    const retryAt = jsonText(accounts.meta, ["token_retry_at"]);
    const toldFor = jsonText(accounts.meta, ["access_notice_for"]);
    const rows = await deps.db
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.provider, provider.name),
          accountsOfWay(way),
          eq(accounts.sandbox, false),
          eq(accounts.disabled, false),
          ne(jsonText(accounts.meta, ["credentials"]), ""),
          or(isNull(expires), lt(expires, new Date(now + life.beforeMs).toISOString())),
          or(isNull(retryAt), lt(retryAt, new Date(now).toISOString())),
          // Told already of this end: nothing left to do until the owner connects it again.
          life.kind === "notice" ? or(isNull(expires), isNull(toldFor), ne(toldFor, expires)) : undefined,
        ),
      )
      .orderBy(asc(accounts.id))
      .limit(budget);
    budget -= rows.length;
    for (const row of rows) {
      const account = storedAccount(row);
      const sealed = await keeper.row.read(account);
      const tokens = sealed ? keeper.box.open<OAuthTokens>(sealed) : null;
      if (!sealed || !tokens) continue;
      const endsAt = tokens.expires_at ?? NEVER;
      if (row.meta?.token_expires_at !== endsAt) {
        // Kept in clear for the next ticks' query, only if the row still holds the tokens read.
        await deps.db
          .update(accounts)
          .set({ meta: jsonSet(accounts.meta, ["token_expires_at"], endsAt) })
          .where(and(eq(accounts.id, row.id), eq(jsonText(accounts.meta, ["credentials"]), sealed)));
      }
      if (!tokenDue(life, Date.parse(endsAt), deps.clock().getTime())) continue;
      if (life.kind === "notice") {
        if (await accessEndingNotice(deps, provider, account, endsAt)) sweep.told++;
        continue;
      }
      try {
        await keeper.accessToken(account);
        sweep.refreshed++;
      } catch (err) {
        if (err instanceof AccountNeedsReconnect) {
          sweep.reconnect++;
          continue;
        }
        sweep.retry++;
        deps.logger.warn({ err, account: row.id, provider: provider.name }, "token job: refresh failed");
        await deps.db
          .update(accounts)
          .set({
            meta: jsonSet(accounts.meta, ["token_retry_at"], new Date(now + RETRY_MS).toISOString()),
          })
          .where(eq(accounts.id, row.id));
      }
    }
  }
  return sweep;
}

/** The accounts linked the way's way in (accounts.meta.login_variant): a `via` variant's, or all the others. */
function accountsOfWay(way: KeptTokenWay) {
  const variant = jsonText(accounts.meta, ["login_variant"]);
  if (way.variant !== null) return eq(variant, way.variant);
  return way.otherWays.length ? or(isNull(variant), notInArray(variant, way.otherWays)) : undefined;
}

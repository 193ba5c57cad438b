/**
 * A person removed our app on the network, or asked for their data to be deleted (Meta's deauthorize and
 * data-deletion callbacks, api/routes/meta-webhooks.ts). Their login's accounts are the real accounts of that
 * network whose id is theirs or that their login linked (accounts.meta.login_user_id: a Facebook login's Pages),
 * and the accounts of another network linked through that login (Instagram through a Facebook Page).
 *
 * - Deauthorized: each account gets the reconnect state (disabled, its sealed tokens dropped) and its owner the
 *   accountReconnectRequested notification, as a refused token does.
 * - Data deletion, what Meta's rules ask of the data we got from the person: the same, and the login's id dropped
 *   from the accounts' rows, and the events they made on the network (network_events) deleted. The Pages' own
 *   records (their name, the contests they ran and their draws) are the business's and stay: a draw already made
 *   must stay verifiable. The request is kept under its confirmation code, with a hash of the id, never the id.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import type { ProviderDefinition } from "../catalog";
import type { Deps } from "../context";
import { jsonRemove, jsonText } from "../db/json-sql";
import { accounts, dataDeletions } from "../db/tables";
import { credentialStore } from "./account-credentials";
import { storedAccount } from "./accounts";
import { forgetEventsOf } from "./network-events";

type RevokeDeps = Pick<Deps, "db" | "clock" | "realtime" | "catalog">;

/**
 * The real accounts the person's login owns: this network's, and those of another network linked through this
 * one's login (a login variant whose `via` is this network: Instagram through a Facebook Page).
 */
async function accountsOfLogin(deps: RevokeDeps, provider: string, userId: string) {
  const ofLogin = or(eq(accounts.externalId, userId), eq(jsonText(accounts.meta, ["login_user_id"]), userId));
  const through = [...deps.catalog.providers.values()].flatMap((p) =>
    (p.login_variants ?? [])
      .filter((v) => v.via === provider)
      .map((v) =>
        and(
          eq(accounts.provider, p.name),
          eq(jsonText(accounts.meta, ["login_variant"]), v.id),
          eq(jsonText(accounts.meta, ["login_user_id"]), userId),
        ),
      ),
  );
  return deps.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.sandbox, false), or(and(eq(accounts.provider, provider), ofLogin), ...through)));
}

/** The credential store of an account's own network (its notifications name that network). */
function storeOf(deps: RevokeDeps, providerName: string) {
  const def = deps.catalog.providers.get(providerName);
  return credentialStore(deps, def?.display_name ?? providerName);
}

/** The app was removed: the login's accounts need reconnecting. Answers how many. */
export async function deauthorizeLogin(
  deps: RevokeDeps,
  provider: ProviderDefinition,
  userId: string,
): Promise<number> {
  const rows = await accountsOfLogin(deps, provider.name, userId);
  for (const row of rows) await storeOf(deps, row.provider).revoked(storedAccount(row));
  return rows.length;
}

/** Deletes what the person's login gave us; answers the confirmation code. */
export async function deleteLoginData(
  deps: RevokeDeps,
  provider: ProviderDefinition,
  userId: string,
): Promise<string> {
  const rows = await accountsOfLogin(deps, provider.name, userId);
  for (const row of rows) {
    await storeOf(deps, row.provider).revoked(storedAccount(row));
    await deps.db
      .update(accounts)
      .set({ meta: jsonRemove(jsonRemove(accounts.meta, ["login_user_id"]), ["credentials"]) })
      .where(eq(accounts.id, row.id));
  }
  await forgetEventsOf(deps.db, provider.name, userId);
  const code = randomBytes(12).toString("base64url");
  const now = deps.clock().toISOString();
  await deps.db.insert(dataDeletions).values({
    code,
    provider: provider.name,
    userHash: createHash("sha256").update(`${provider.name}:${userId}`).digest("hex"),
    accounts: rows.length,
    requestedAt: now,
    completedAt: now,
  });
  return code;
}

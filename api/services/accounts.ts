/**
 * Social accounts (app-shell.md §3). Two kinds of rows in `accounts`:
 * - a team's own account (team_id set), linked directly from /team/accounts; user_id is the member who linked
 *   it (null for seeded ones), the person a reconnect request is sent to while they are still in the team;
 * - a person's own account (team_id null, user_id set), linked through an account invite and lent to teams by
 *   `delegations` rows; it is theirs (/me/delegation) and reaches each team only through a delegation.
 * A team's accounts are its own plus the ones delegated to it; the accounts quota counts both, per network.
 */
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Catalog, ProviderDefinition } from "../catalog";
import type { Deps, TeamRow } from "../context";
import type { Db } from "../db/client";
import { accounts, contests, delegations } from "../db/tables";
import type { StoredAccount } from "../drivers/types";
import { AppError } from "../errors";
import { countActiveInvites } from "./invites";
import { publicationAccountId } from "./publication-account";
import { teamQuotas } from "./teams";

export type AccountRow = typeof accounts.$inferSelect;
export type DelegationRow = typeof delegations.$inferSelect;

type Reader = Pick<Db, "select">;

/** One account as a team sees it: linked_at is when it reached the team; delegation when it was lent. */
export type TeamAccount = { account: AccountRow; linkedAt: string; delegation: DelegationRow | null };

export async function teamAccounts(db: Reader, teamId: string, provider?: string): Promise<TeamAccount[]> {
  const byProvider = provider === undefined ? undefined : eq(accounts.provider, provider);
  const own = (
    await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.teamId, teamId), byProvider))
  ).map((account) => ({ account, linkedAt: account.linkedAt, delegation: null }));
  const lent = (
    await db
      .select({ account: accounts, delegation: delegations })
      .from(delegations)
      .innerJoin(accounts, eq(accounts.id, delegations.accountId))
      .where(and(eq(delegations.teamId, teamId), byProvider))
  ).map(({ account, delegation }) => ({ account, linkedAt: delegation.createdAt, delegation }));
  return [...own, ...lent].sort((a, b) => (a.linkedAt < b.linkedAt ? -1 : a.linkedAt > b.linkedAt ? 1 : 0));
}

/** The team's account with that id (its own or delegated to it); undefined for anything else. */
export async function findTeamAccount(
  db: Reader,
  teamId: string,
  id: string,
): Promise<TeamAccount | undefined> {
  return (await teamAccounts(db, teamId)).find((a) => a.account.id === id);
}

const contestKey = (teamId: string, provider: string, externalId: string) =>
  `${teamId}|${provider}|${externalId}`;

/**
 * How many contests (drafts aside) of these teams each account publishes: a source of the account's network
 * whose publication.account_id is the account's number (publicationAccountId). Keyed by contestKey.
 */
export async function contestCounts(db: Reader, teamIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (teamIds.length === 0) return out;
  const rows = await db
    .select({ teamId: contests.teamId, cbData: contests.cbData })
    .from(contests)
    .where(
      and(
        inArray(contests.teamId, [...new Set(teamIds)]),
        ne(contests.status, "draft"),
        isNull(contests.deletedAt),
      ),
    );
  for (const row of rows) {
    const sources = row.cbData?.sources;
    if (!Array.isArray(sources)) continue;
    const seen = new Set<string>();
    for (const source of sources as unknown[]) {
      if (typeof source !== "object" || source === null) continue;
      const { type, publication } = source as { type?: unknown; publication?: { account_id?: unknown } };
      const accountId = publication?.account_id;
      if (typeof type !== "string" || (typeof accountId !== "number" && typeof accountId !== "string"))
        continue;
      seen.add(contestKey(row.teamId, type, String(accountId)));
    }
    for (const key of seen) out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

export function nbContests(counts: Map<string, number>, teamId: string, account: AccountRow): number {
  // The number the builder sends, and the external id itself for a form that names it so.
  const ids = new Set([String(publicationAccountId(account.externalId)), account.externalId]);
  let n = 0;
  for (const id of ids) n += counts.get(contestKey(teamId, account.provider, id)) ?? 0;
  return n;
}

/** Only the meta fields of schemas/stored/account.schema.json reach the API. */
function publicMeta(meta: AccountRow["meta"]) {
  const out: { login_variant?: string; reconnect_requested_at?: string | null } = {};
  if (typeof meta?.login_variant === "string") out.login_variant = meta.login_variant;
  if (typeof meta?.reconnect_requested_at === "string")
    out.reconnect_requested_at = meta.reconnect_requested_at;
  return out;
}

/** schemas/stored/account.schema.json */
export function accountShape(account: AccountRow, opts: { linkedAt: string; nbContests: number }) {
  return {
    _id: account.id,
    provider: account.provider,
    external_id: account.externalId,
    name: account.name,
    screen_name: account.screenName,
    profile_picture: account.profilePicture,
    url: account.url,
    linked_at: opts.linkedAt,
    nb_contests: opts.nbContests,
    disabled: account.disabled,
    sandbox: account.sandbox,
    meta: publicMeta(account.meta),
  };
}

/** schemas/stored/delegated-account.schema.json */
export function delegatedAccountShape(
  delegation: DelegationRow,
  account: AccountRow,
  team: { id: string; name: string },
  contestsCount: number,
) {
  return {
    delegation_id: delegation.id,
    team: { _id: team.id, name: team.name },
    provider: account.provider,
    name: account.name,
    screen_name: account.screenName,
    profile_picture: account.profilePicture,
    delegated_at: delegation.createdAt,
    nb_contests: contestsCount,
  };
}

/** What a driver is given to reach an account again. */
export function storedAccount(account: AccountRow): StoredAccount {
  return {
    id: account.id,
    provider: account.provider,
    external_id: account.externalId,
    name: account.name,
    screen_name: account.screenName,
    profile_picture: account.profilePicture,
    url: account.url,
    sandbox: account.sandbox,
    ...(typeof account.meta?.login_variant === "string" ? { login_variant: account.meta.login_variant } : {}),
    ...(typeof account.meta?.page_id === "string" ? { page_id: account.meta.page_id } : {}),
  };
}

/** The activity log's view of an account (schemas/stored/activity.schema.json meta.account). */
export function activityAccount(account: Pick<AccountRow, "name" | "profilePicture" | "provider">) {
  return {
    account: { name: account.name, profile_picture: account.profilePicture, provider: account.provider },
  };
}

/**
 * Refuses (403 maxAccountsExceeded) one more account of a network once the team has as many as its accounts
 * quota, counting the active account invites of that network too (each holds a place, like member invites).
 */
export async function assertAccountsQuota(
  deps: Pick<Deps, "db" | "clock" | "catalog">,
  team: TeamRow,
  provider: string,
  opts: { countInvites: boolean },
): Promise<void> {
  const { db, clock, catalog } = deps;
  const quota = teamQuotas(catalog, team).accounts;
  const linked = (await teamAccounts(db, team.id, provider)).length;
  const held = opts.countInvites ? await countActiveInvites(db, clock, team.id, "link_account", provider) : 0;
  if (linked + held >= quota) {
    throw new AppError("maxAccountsExceeded", { values: { n: quota } });
  }
}

/**
 * The network named in a link or account-invite body: it must exist and host accounts (not login-only), and for
 * an invite allow invites. Answers the 422 message key when it does not.
 */
export function providerProblem(
  catalog: Catalog,
  value: unknown,
  purpose: "link" | "invite",
): { provider: ProviderDefinition; problem: null } | { provider: null; problem: string } {
  if (value === undefined || value === null || value === "") {
    return { provider: null, problem: "validation.required" };
  }
  const provider = typeof value === "string" ? catalog.providers.get(value) : undefined;
  if (!provider) return { provider: null, problem: "validation.in" };
  if (provider.onlyLogin) return { provider: null, problem: "validation.provider.login_only" };
  // An account invite lends the account to the team (a delegation): not for networks whose accounts are a team's only.
  if (purpose === "invite" && (!provider.canInvite || provider.onlyTeam)) {
    return { provider: null, problem: "validation.provider.cannot_invite" };
  }
  return { provider, problem: null };
}

/**
 * Social accounts (app-shell.md §3, §7): the team's accounts (list, link, refresh, ask for a reconnect, unlink)
 * and the signed-in person's own accounts and delegations (/me/delegation). How the two kinds of account rows
 * relate is written in api/services/accounts.ts.
 *
 * - Every network is reached through its driver (api/drivers); the sandbox links at once.
 * - The accounts quota counts per network: the team's accounts of that network plus its active account invites.
 * - An id that is not one of the team's accounts (or not the person's own) is a 404, whoever it belongs to.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { Hono } from "hono";
import type { ProviderDefinition } from "../catalog";
import type { AppEnv, Deps } from "../context";
import { first } from "../db/query";
import { accounts, delegations, teamMembers, teams, users } from "../db/tables";
import { transaction } from "../db/transaction";
import { driverFor, linksWithAppPassword } from "../drivers";
import { LinkRefused } from "../drivers/bluesky/driver";
import type { NetworkDriver } from "../drivers/types";
import { AppError } from "../errors";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { storeTeamLink } from "../services/account-links";
import {
  type AccountRow,
  accountShape,
  activityAccount,
  assertAccountsQuota,
  contestCounts,
  delegatedAccountShape,
  findTeamAccount,
  nbContests,
  providerProblem,
  storedAccount,
  type TeamAccount,
  teamAccounts,
} from "../services/accounts";
import { logActivity } from "../services/activity";
import { notify } from "../services/notifications";
import { jsonBody, validationError } from "../validation";

/** These calls are a person's: a network's rate limit answers 429 with retry_after after a few seconds at most. */
const PERSON = { person: true };

/**
 * A real account's sign-in (Bluesky: `identifier`, a handle or DID, and `app_password`); null without an
 * identifier (a sandbox account is linked, as before). 422 with field paths for what is missing or not text.
 */
export function linkCredentials(
  c: Parameters<typeof validationError>[0],
  provider: ProviderDefinition,
  body: Record<string, unknown>,
): { identifier: string; app_password: string } | null {
  const { identifier, app_password: password } = body;
  if (identifier === undefined || identifier === null || identifier === "") return null;
  const errors: Parameters<typeof validationError>[1] = {};
  if (typeof identifier !== "string" || identifier.trim().length > 253) {
    errors.identifier = [{ key: "validation.string", rule: "string" }];
  } else if (!linksWithAppPassword(provider)) {
    errors.identifier = [{ key: "validation.bluesky.real_not_supported", rule: "in" }];
  }
  if (password === undefined || password === null || password === "") {
    errors.app_password = [{ key: "validation.required", rule: "required" }];
  } else if (typeof password !== "string" || password.length > 256) {
    errors.app_password = [{ key: "validation.string", rule: "string" }];
  }
  if (Object.keys(errors).length > 0) throw validationError(c, errors);
  return { identifier: (identifier as string).trim(), app_password: password as string };
}

/**
 * Before an account is unlinked, its access on the network is revoked (an OAuth network's tokens). The unlink
 * goes on when the network cannot be reached: the account leaves Fairdraw either way, and the person can still
 * remove the app from their network's settings.
 */
async function revokeAccess(
  deps: Parameters<typeof driverFor>[1] & Pick<Deps, "catalog" | "logger">,
  account: AccountRow,
) {
  const provider = deps.catalog.providers.get(account.provider);
  if (account.sandbox || !provider) return;
  const driver = driverFor(provider, deps, storedAccount(account), PERSON);
  try {
    await driver.unlink?.(storedAccount(account));
  } catch (err) {
    deps.logger.warn(
      { provider: account.provider, err: err instanceof Error ? err.message : "failed" },
      "revoke on unlink failed",
    );
  }
}

/** The person's own accounts (linked through invites, lent to teams by delegations). */
async function ownAccounts(db: Parameters<typeof teamAccounts>[0], ownerId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, ownerId), isNull(accounts.teamId)));
}

/**
 * Who can reconnect an account: the person who lent it, or the member who linked it while they are still in the
 * team; null when nobody is (a seeded account, a member who left): then the whole team is told.
 */
async function reconnectRecipient(
  db: Parameters<typeof teamAccounts>[0],
  teamId: string,
  found: TeamAccount,
) {
  const { account, delegation } = found;
  if (!account.userId) return null;
  if (delegation) return account.userId;
  const stillMember = await first(
    db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(
        and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, account.userId), isNull(users.deletedAt)),
      ),
  );
  return stillMember ? account.userId : null;
}

export const teamAccountsRoutes = new Hono<AppEnv>()
  .get("/accounts/list", async (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const counts = await contestCounts(db, [team.id]);
    return c.json({
      data: (await teamAccounts(db, team.id)).map(({ account, linkedAt }) =>
        accountShape(account, { linkedAt, nbContests: nbContests(counts, team.id, account) }),
      ),
    });
  })
  .post("/accounts/link", requirePermission("team.accounts.update_account"), async (c) => {
    const deps = c.get("deps");
    const { db, catalog } = deps;
    const { team } = teamOf(c);
    const user = authOf(c).user;
    const body = await jsonBody(c);
    const { provider, problem } = providerProblem(catalog, body.provider, "link");
    if (!provider) throw validationError(c, { provider: [{ key: problem, rule: "in" }] });

    const credentials = linkCredentials(c, provider, body);
    // A real account is signed in first: connecting again one the team has (revoked) takes no new place.
    if (!credentials) await assertAccountsQuota(deps, team, provider.name, { countInvites: true });
    let profile: Awaited<ReturnType<NetworkDriver["linkAccount"]>>;
    try {
      profile = await driverFor(provider, deps, credentials ? "real" : null, PERSON).linkAccount({
        provider,
        team: { id: team.id, name: team.name },
        user: { id: user.id, name: user.name },
        linked: (await teamAccounts(db, team.id, provider.name)).map((a) => a.account.externalId),
        ...(credentials ? { credentials } : {}),
      });
    } catch (err) {
      if (err instanceof LinkRefused) {
        throw validationError(c, { [err.field]: [{ key: err.messageKey, rule: "bluesky" }] });
      }
      throw err;
    }
    // A real account the team has is connected again on its row; a new one is counted against the quota first.
    if (credentials && !profile.sandbox) {
      const again = (await teamAccounts(db, team.id, provider.name)).some(
        (a) => a.account.externalId === profile.external_id && !a.account.sandbox && !a.delegation,
      );
      if (!again) await assertAccountsQuota(deps, team, provider.name, { countInvites: true });
    }
    const { account, linkedAt, created } = await storeTeamLink(deps, { team, user, provider, profile });
    const counts = await contestCounts(db, [team.id]);
    return c.json(
      accountShape(account, { linkedAt, nbContests: nbContests(counts, team.id, account) }),
      created ? 201 : 200,
    );
  })
  .post("/accounts/:id/refresh", requirePermission("team.accounts.update_account"), async (c) => {
    const deps = c.get("deps");
    const { db, catalog } = deps;
    const { team } = teamOf(c);
    const found = await findTeamAccount(db, team.id, c.req.param("id"));
    const provider = found && catalog.providers.get(found.account.provider);
    if (!found || !provider) throw new AppError("notFound", { message: "error.notFound.account" });
    const stored = storedAccount(found.account);
    const profile = await driverFor(provider, deps, stored, PERSON).refreshAccount(stored);
    // Reading the profile worked: the access is good, the account needs no reconnecting.
    await db
      .update(accounts)
      .set({
        name: profile.name,
        screenName: profile.screen_name,
        profilePicture: profile.profile_picture,
        url: profile.url,
        disabled: false,
      })
      .where(eq(accounts.id, found.account.id));
    return c.json({ success: true });
  })
  .post(
    "/accounts/:id/request_reconnect",
    requirePermission("team.accounts.request_reconnect_account"),
    async (c) => {
      const deps = c.get("deps");
      const { db, clock, catalog } = deps;
      const { team } = teamOf(c);
      const requester = authOf(c).user;
      const found = await findTeamAccount(db, team.id, c.req.param("id"));
      const provider = found && catalog.providers.get(found.account.provider);
      if (!found || !provider) throw new AppError("notFound", { message: "error.notFound.account" });
      const { account } = found;
      const stored = storedAccount(account);
      await driverFor(provider, deps, stored, PERSON).requestReconnect(stored);
      const now = clock().toISOString();
      await db
        .update(accounts)
        .set({ meta: { ...account.meta, reconnect_requested_at: now } })
        .where(eq(accounts.id, account.id));
      const ownerId = await reconnectRecipient(db, team.id, found);
      await notify(deps, ownerId ? { userId: ownerId } : { teamId: team.id }, {
        key: "accountReconnectRequested",
        data: {
          account: { name: account.name, screen_name: account.screenName, provider: account.provider },
          team: { _id: team.id, name: team.name },
          requested_by: { name: requester.name },
        },
        link: found.delegation ? "/me/delegation" : "/team/accounts",
      });
      return c.json({ success: true });
    },
  )
  .delete("/accounts/:id", requirePermission("team.accounts.unlink_account"), async (c) => {
    const { db, clock } = c.get("deps");
    const { team, member } = teamOf(c);
    const found = await findTeamAccount(db, team.id, c.req.param("id"));
    if (!found) throw new AppError("notFound", { message: "error.notFound.account" });
    const { account, delegation } = found;
    if (!delegation) await revokeAccess(c.get("deps"), account);
    await transaction(db, async (tx) => {
      if (delegation) {
        // A lent account goes back to its owner only: it stays theirs.
        await tx.delete(delegations).where(eq(delegations.id, delegation.id));
      } else {
        await tx.delete(accounts).where(eq(accounts.id, account.id));
      }
      await logActivity(tx, clock, {
        teamId: team.id,
        type: "unlinkAccount",
        userId: member.userId,
        meta: activityAccount(account),
      });
    });
    return c.json({ success: true });
  });

/** The caller's own accounts and the delegations they gave (mounted on /users/me). */
export const myAccountsRoutes = new Hono<AppEnv>()
  .get("/accounts/list", async (c) => {
    const { db } = c.get("deps");
    const me = authOf(c).user.id;
    const mine = await ownAccounts(db, me);
    const lent =
      mine.length === 0
        ? []
        : await db
            .select()
            .from(delegations)
            .where(
              inArray(
                delegations.accountId,
                mine.map((a) => a.id),
              ),
            );
    const counts = await contestCounts(
      db,
      lent.map((d) => d.teamId),
    );
    return c.json({
      data: mine.map((account) =>
        accountShape(account, {
          linkedAt: account.linkedAt,
          nbContests: lent
            .filter((d) => d.accountId === account.id)
            .reduce((sum, d) => sum + nbContests(counts, d.teamId, account), 0),
        }),
      ),
    });
  })
  .get("/delegations/list", async (c) => {
    const { db } = c.get("deps");
    const me = authOf(c).user.id;
    const rows = await db
      .select({ delegation: delegations, account: accounts, team: { id: teams.id, name: teams.name } })
      .from(delegations)
      .innerJoin(accounts, eq(accounts.id, delegations.accountId))
      .innerJoin(teams, eq(teams.id, delegations.teamId))
      .where(and(eq(delegations.userId, me), isNull(teams.deletedAt)))
      .orderBy(delegations.createdAt, delegations.id);
    const counts = await contestCounts(
      db,
      rows.map((r) => r.delegation.teamId),
    );
    return c.json({
      data: rows.map(({ delegation, account, team }) =>
        delegatedAccountShape(delegation, account, team, nbContests(counts, delegation.teamId, account)),
      ),
    });
  })
  .delete("/accounts/delegations/:delegation_id", async (c) => {
    const { db, clock } = c.get("deps");
    const me = authOf(c).user.id;
    const row = await first(
      db
        .select({ delegation: delegations, account: accounts })
        .from(delegations)
        .innerJoin(accounts, eq(accounts.id, delegations.accountId))
        .where(and(eq(delegations.id, c.req.param("delegation_id")), eq(delegations.userId, me))),
    );
    if (!row) throw new AppError("notFound", { message: "error.notFound.delegation" });
    await transaction(db, async (tx) => {
      await tx.delete(delegations).where(eq(delegations.id, row.delegation.id));
      await logActivity(tx, clock, {
        teamId: row.delegation.teamId,
        type: "removeDelegation",
        userId: me,
        meta: activityAccount(row.account),
      });
    });
    return c.json({ success: true });
  })
  .delete("/accounts/:id", async (c) => {
    const { db, clock } = c.get("deps");
    const me = authOf(c).user.id;
    const account = (await ownAccounts(db, me)).find((a) => a.id === c.req.param("id"));
    if (!account) throw new AppError("notFound", { message: "error.notFound.account" });
    const lent = await db.select().from(delegations).where(eq(delegations.accountId, account.id));
    await revokeAccess(c.get("deps"), account);
    await transaction(db, async (tx) => {
      // Every team it was lent to loses it, and each one's activity says so.
      for (const d of lent) {
        await logActivity(tx, clock, {
          teamId: d.teamId,
          type: "removeDelegation",
          userId: me,
          meta: activityAccount(account),
        });
      }
      await tx.delete(delegations).where(eq(delegations.accountId, account.id));
      await tx.delete(accounts).where(eq(accounts.id, account.id));
    });
    return c.json({ success: true });
  });

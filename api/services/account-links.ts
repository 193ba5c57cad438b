/**
 * Storing what a network answered when an account was linked, the one way for every path that links: the
 * "Link an account" form (POST …/accounts/link), an account invite's acceptance, and the OAuth callback
 * (api/routes/account-connect.ts).
 *
 * - A team link: a real account the team already has (not lent) is connected again on its row (its new
 *   credentials, usable again) and takes no new place; otherwise a new row, the quota counted again with the team
 *   locked, and 409 accountLinked when the network account is already the team's.
 * - An invite link: the person's own account (one row per network account, lent to several teams), the invite
 *   marked used and a delegation to the team, in one transaction.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { ProviderDefinition } from "../catalog";
import type { Deps, TeamRow } from "../context";
import { first } from "../db/query";
import { accounts, delegations } from "../db/tables";
import { lockTeam, transaction } from "../db/transaction";
import type { AccountProfile } from "../drivers/types";
import { AppError } from "../errors";
import { newId } from "../ids";
import {
  type AccountRow,
  activityAccount,
  assertAccountsQuota,
  type DelegationRow,
  teamAccounts,
} from "./accounts";
import { logActivity } from "./activity";
import { type InviteRow, markInviteUsed } from "./invites";

type LinkDeps = Pick<Deps, "db" | "clock" | "catalog">;

/** A team's link: the account row and whether it was made (201) or connected again (200). */
export async function storeTeamLink(
  deps: LinkDeps,
  opts: { team: TeamRow; user: { id: string }; provider: ProviderDefinition; profile: AccountProfile },
): Promise<{ account: AccountRow; linkedAt: string; created: boolean }> {
  const { db, clock } = deps;
  const { team, user, provider, profile } = opts;
  if (!profile.sandbox) {
    const again = (await teamAccounts(db, team.id, provider.name)).find(
      (a) => a.account.externalId === profile.external_id && !a.account.sandbox && !a.delegation,
    );
    if (again) {
      // Connected again (access revoked or expired): the same row, its new credentials, usable again.
      const { reconnect_requested_at: _asked, ...kept } = again.account.meta ?? {};
      const fields = {
        name: profile.name,
        screenName: profile.screen_name,
        profilePicture: profile.profile_picture,
        url: profile.url,
        disabled: false,
        meta: { ...kept, ...profile.stored_meta },
      };
      await db.update(accounts).set(fields).where(eq(accounts.id, again.account.id));
      return { account: { ...again.account, ...fields }, linkedAt: again.linkedAt, created: false };
    }
  }
  const account: AccountRow = {
    id: newId(),
    teamId: team.id,
    userId: user.id,
    provider: provider.name,
    externalId: profile.external_id,
    name: profile.name,
    screenName: profile.screen_name,
    profilePicture: profile.profile_picture,
    url: profile.url,
    sandbox: profile.sandbox,
    disabled: false,
    meta: profile.stored_meta ?? {},
    linkedAt: clock().toISOString(),
  };
  await transaction(db, async (tx) => {
    // Counted again where the account is written: another link may have taken the last place meanwhile.
    await lockTeam(tx, team.id);
    await assertAccountsQuota({ ...deps, db: tx }, team, provider.name, { countInvites: true });
    if (
      (await teamAccounts(tx, team.id, provider.name)).some(
        (a) => a.account.externalId === account.externalId,
      )
    ) {
      throw new AppError("conflict", { message: "error.conflict.accountLinked" });
    }
    await tx.insert(accounts).values(account);
    await logActivity(tx, clock, {
      teamId: team.id,
      type: "addTeamAccount",
      userId: user.id,
      meta: activityAccount(account),
    });
  });
  return { account, linkedAt: account.linkedAt, created: true };
}

/** An account invite's link: the person's own account lent to the invite's team. */
export async function storeInviteLink(
  deps: LinkDeps,
  opts: {
    invite: InviteRow;
    team: { id: string };
    user: { id: string };
    provider: ProviderDefinition;
    profile: AccountProfile;
  },
): Promise<{ account: AccountRow; delegation: DelegationRow }> {
  const { db, clock } = deps;
  const { invite, team, user, provider, profile } = opts;
  const now = clock().toISOString();
  const fields = {
    name: profile.name,
    screenName: profile.screen_name,
    profilePicture: profile.profile_picture,
    url: profile.url,
    sandbox: profile.sandbox,
    disabled: false,
    // A real account's sealed credentials and network id (the driver's), replacing those of a link before.
    ...(profile.stored_meta ? { meta: profile.stored_meta } : {}),
  };
  return transaction(db, async (tx) => {
    if (
      (await teamAccounts(tx, team.id, provider.name)).some(
        (a) => a.account.externalId === profile.external_id,
      )
    ) {
      throw new AppError("conflict", { message: "error.conflict.accountLinked" });
    }
    if (
      !(await markInviteUsed(tx, clock, invite, user.id, {
        account: { url: profile.url, screen_name: profile.screen_name },
      }))
    ) {
      throw new AppError("inviteNotActive");
    }
    // The person's own account: the same network account lent to several teams is one row.
    const mine = await first(
      tx
        .select()
        .from(accounts)
        .where(
          and(
            eq(accounts.userId, user.id),
            eq(accounts.provider, provider.name),
            eq(accounts.externalId, profile.external_id),
            isNull(accounts.teamId),
          ),
        ),
    );
    let account: AccountRow;
    if (mine) {
      await tx.update(accounts).set(fields).where(eq(accounts.id, mine.id));
      account = { ...mine, ...fields };
    } else {
      account = {
        id: newId(),
        teamId: null,
        userId: user.id,
        provider: provider.name,
        externalId: profile.external_id,
        linkedAt: now,
        ...fields,
        meta: fields.meta ?? {},
      };
      await tx.insert(accounts).values(account);
    }
    const delegation = {
      id: newId(),
      accountId: account.id,
      userId: user.id,
      teamId: team.id,
      createdAt: now,
    };
    await tx.insert(delegations).values(delegation);
    await logActivity(tx, clock, {
      teamId: team.id,
      type: "addTeamAccount",
      userId: user.id,
      meta: activityAccount(account),
    });
    return { account, delegation };
  });
}

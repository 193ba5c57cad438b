/**
 * Invites (app-shell.md §3, §4, §7): create a member or account invite, list and cancel the team's invites, and
 * the invite link itself (/invite/{key}): what it shows to anyone holding it, and accepting it.
 *
 * - Members + active member invites may not go past the members quota; accounts + active account invites of a
 *   network may not go past the accounts quota (each active invite holds a place until used, expired, canceled).
 * - An invite is active for 7 days; active → used | expired | canceled, all final (409 inviteNotActive after).
 * - The link is a bearer secret (newToken): whoever holds it may use it, signed in as themselves; the e-mail an
 *   invite was sent to is where the link went, not a condition on who uses it.
 * - Accepting a member invite joins the team with the default permissions and makes it the current team;
 *   accepting an account invite links the person's own account through the network's driver and delegates it to
 *   the team (they can take it back from /me/delegation).
 */
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { normalizeEmail } from "../auth/codes";
import type { AppEnv } from "../context";
import { first } from "../db/query";
import { invites, teamMembers, teams, users } from "../db/tables";
import { lockTeam, transaction } from "../db/transaction";
import { driverFor } from "../drivers";
import { LinkRefused } from "../drivers/bluesky/driver";
import type { NetworkDriver } from "../drivers/types";
import { AppError } from "../errors";
import { authOf, loadTeamContext, requirePermission, requireUser, teamOf } from "../middleware/guards";
import { storeInviteLink } from "../services/account-links";
import {
  assertAccountsQuota,
  contestCounts,
  delegatedAccountShape,
  nbContests,
  providerProblem,
  teamAccounts,
} from "../services/accounts";
import { logActivity } from "../services/activity";
import {
  checkInviteMailLimits,
  countActiveInvites,
  createInvite,
  expireDueInvites,
  findInviteByKey,
  invitePublicShape,
  inviteShape,
  mailInvite,
  markInviteUsed,
  peopleOf,
} from "../services/invites";
import { findTeamContext, membersCount, teamQuotas } from "../services/teams";
import { userShape } from "../services/users";
import { formErrors, jsonBody, validationError } from "../validation";
import { linkCredentials } from "./accounts";

/** The structural and rule errors of one of schemas/forms/, to merge with the checks that need the database. */
/** The optional invitee address: null when absent or empty, normalized otherwise (already checked as e-mail). */
function inviteeEmail(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? normalizeEmail(value) : null;
}

export const teamInvitesRoutes = new Hono<AppEnv>()
  .post("/members/invite", requirePermission("team.invites.create_invite"), async (c) => {
    const deps = c.get("deps");
    const { db, clock, catalog } = deps;
    const { team } = teamOf(c);
    const { user } = authOf(c);
    const body = await jsonBody(c);
    const errors = formErrors(c, "member-invite", body);
    const email = errors.email ? null : inviteeEmail(body.email);
    if (email) {
      const member = await first(
        db
          .select({ id: users.id })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(and(eq(teamMembers.teamId, team.id), eq(users.email, email))),
      );
      if (member) errors.email = [{ key: "validation.email.member", rule: "email" }];
    }
    if (Object.keys(errors).length > 0) throw validationError(c, errors);

    await checkInviteMailLimits(deps, team.id, email);
    // The members quota counted where the invite is written, the team locked: two invites sent at once count
    // one after the other.
    const created = await transaction(db, async (tx) => {
      await lockTeam(tx, team.id);
      const quota = teamQuotas(catalog, team).members;
      if (
        (await membersCount(tx, team.id)) + (await countActiveInvites(tx, clock, team.id, "add_member")) >=
        quota
      ) {
        throw new AppError("maxMembersExceeded", {
          message: "error.maxMembersExceeded.invite",
          values: { n: quota },
        });
      }
      return createInvite(tx, clock, { teamId: team.id, type: "add_member", senderId: user.id, email });
    });
    const row = await mailInvite(deps, created, { teamName: team.name, senderName: user.name });
    return c.json(inviteShape(row, await peopleOf(db, [row])), 201);
  })
  .post("/accounts/invite", requirePermission("team.invites.create_invite"), async (c) => {
    const deps = c.get("deps");
    const { db, clock, catalog } = deps;
    const { team } = teamOf(c);
    const { user } = authOf(c);
    const body = await jsonBody(c);
    const errors = formErrors(c, "account-invite", body);
    const { provider, problem } = providerProblem(catalog, body.provider, "invite");
    if (problem && !errors.provider) errors.provider = [{ key: problem, rule: "in" }];
    if (Object.keys(errors).length > 0 || !provider) throw validationError(c, errors);

    await checkInviteMailLimits(deps, team.id, inviteeEmail(body.email));
    const created = await transaction(db, async (tx) => {
      await lockTeam(tx, team.id);
      await assertAccountsQuota({ ...deps, db: tx }, team, provider.name, { countInvites: true });
      return createInvite(tx, clock, {
        teamId: team.id,
        type: "link_account",
        senderId: user.id,
        email: inviteeEmail(body.email),
        provider: provider.name,
      });
    });
    const row = await mailInvite(deps, created, {
      teamName: team.name,
      senderName: user.name,
      providerName: provider.display_name,
    });
    return c.json(inviteShape(row, await peopleOf(db, [row])), 201);
  })
  .get("/invites/list", requirePermission("team.invites.view_invite"), async (c) => {
    const { db, clock } = c.get("deps");
    const { team } = teamOf(c);
    await expireDueInvites(db, clock, { teamId: team.id });
    const rows = await db
      .select()
      .from(invites)
      .where(eq(invites.teamId, team.id))
      .orderBy(desc(invites.createdAt), desc(invites.id));
    const people = await peopleOf(db, rows);
    return c.json({ data: rows.map((r) => inviteShape(r, people)) });
  })
  .delete("/invites/:id", requirePermission("team.invites.cancel_invite"), async (c) => {
    const { db, clock } = c.get("deps");
    const { team } = teamOf(c);
    const { user } = authOf(c);
    const id = c.req.param("id");
    await expireDueInvites(db, clock, { teamId: team.id });
    const row = await first(
      db
        .select()
        .from(invites)
        .where(and(eq(invites.id, id), eq(invites.teamId, team.id))),
    );
    if (!row) throw new AppError("notFound", { message: "error.notFound.invite" });
    const now = clock().toISOString();
    await transaction(db, async (tx) => {
      const done = await tx
        .update(invites)
        .set({ status: "canceled", cancelerId: user.id, canceledAt: now })
        .where(and(eq(invites.id, row.id), eq(invites.status, "active")))
        .returning({ id: invites.id });
      if (done.length !== 1) throw new AppError("inviteNotActive");
      await logActivity(tx, clock, {
        teamId: team.id,
        type: "cancelInvite",
        userId: user.id,
        meta: { invite: { key: row.key } },
      });
    });
    const canceled = { ...row, status: "canceled", cancelerId: user.id, canceledAt: now };
    return c.json(inviteShape(canceled, await peopleOf(db, [canceled])));
  });

/** An invite link: read by anyone holding it, accepted by a signed-in user. */
export const inviteLinkRoutes = new Hono<AppEnv>()
  .get("/invites/:key", async (c) => {
    const { db, clock } = c.get("deps");
    const row = await findInviteByKey(db, clock, c.req.param("key"));
    const team = row && (await first(db.select().from(teams).where(eq(teams.id, row.teamId))));
    if (!row || !team || team.deletedAt) throw new AppError("notFound", { message: "error.notFound.invite" });
    return c.json(invitePublicShape(row, team.name, (await peopleOf(db, [row])).get(row.senderId ?? "")));
  })
  .post("/invites/:key/accept", requireUser, async (c) => {
    const deps = c.get("deps");
    const { db, clock, catalog, realtime } = deps;
    const auth = authOf(c);
    const { user } = auth;
    const row = await findInviteByKey(db, clock, c.req.param("key"));
    const team = row && (await first(db.select().from(teams).where(eq(teams.id, row.teamId))));
    if (!row || !team || team.deletedAt) throw new AppError("notFound", { message: "error.notFound.invite" });
    if (row.status !== "active") throw new AppError("inviteNotActive");

    if (row.type === "add_member") {
      if (await findTeamContext(deps, user.id, team.id)) {
        throw new AppError("conflict", { message: "error.conflict.alreadyMember" });
      }
      const quota = teamQuotas(catalog, team).members;
      await transaction(db, async (tx) => {
        await lockTeam(tx, team.id);
        if ((await membersCount(tx, team.id)) >= quota) {
          throw new AppError("maxMembersExceeded", { values: { n: quota } });
        }
        if (!(await markInviteUsed(tx, clock, row, user.id))) throw new AppError("inviteNotActive");
        await tx
          .insert(teamMembers)
          .values({ teamId: team.id, userId: user.id, role: "member", createdAt: clock().toISOString() });
        await tx.update(users).set({ currentTeamId: team.id }).where(eq(users.id, user.id));
        await logActivity(tx, clock, {
          teamId: team.id,
          type: "joinTeam",
          userId: user.id,
          meta: { invite: { key: row.key } },
        });
      });
      user.currentTeamId = team.id;
      realtime.moveUser(user.id, team.id);
      realtime.toUser(user.id, { type: "refresh_user" });
      return c.json({
        type: "add_member" as const,
        user: await userShape(deps, user, await loadTeamContext(c)),
      });
    }

    const provider = catalog.providers.get(row.provider ?? "");
    if (!provider || provider.onlyLogin || provider.onlyTeam) throw new AppError("inviteNotActive");
    // A real account's sign-in, as POST /teams/current/accounts/link takes it (Bluesky: identifier and
    // app_password); without a body, or without an identifier, the network's default driver (the sandbox).
    const body = c.req.header("content-type") ? await jsonBody(c) : {};
    const credentials = linkCredentials(c, provider, body);
    await assertAccountsQuota(deps, team, provider.name, { countInvites: false });
    const linked = (await teamAccounts(db, team.id, provider.name)).map((a) => a.account.externalId);
    let profile: Awaited<ReturnType<NetworkDriver["linkAccount"]>>;
    try {
      profile = await driverFor(provider, deps, credentials ? "real" : null, { person: true }).linkAccount({
        provider,
        team: { id: team.id, name: team.name },
        user: { id: user.id, name: user.name },
        invite: { key: row.key },
        linked,
        ...(credentials ? { credentials } : {}),
      });
    } catch (err) {
      if (err instanceof LinkRefused) {
        throw validationError(c, { [err.field]: [{ key: err.messageKey, rule: "bluesky" }] });
      }
      throw err;
    }
    const { account, delegation } = await storeInviteLink(deps, {
      invite: row,
      team,
      user,
      provider,
      profile,
    });
    const counts = await contestCounts(db, [team.id]);
    return c.json({
      type: "link_account" as const,
      delegation: delegatedAccountShape(delegation, account, team, nbContests(counts, team.id, account)),
    });
  });

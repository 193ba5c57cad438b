/**
 * The team calls (app-shell.md §7): create a team, rename and builder setting, delete, transfer ownership.
 *
 * Calls naming a team by id act on THAT team, which need not be the current one: `requireTeamOfPath` loads the
 * caller's membership of it (404 when none, the same as a missing team) so the usual guards (frozen, permission)
 * apply to it. A frozen team answers 402 to every call of its team pages, these included (app-shell.md §2).
 */
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ValidationErrors } from "../../engine/messages/types";
import { isPlainObject } from "../../engine/values";
import type { AppEnv, TeamRow } from "../context";
import { first } from "../db/query";
import { contests, invites, teamMembers, teams, users } from "../db/tables";
import { transaction } from "../db/transaction";
import { AppError } from "../errors";
import {
  authOf,
  requireNotFrozen,
  requirePermission,
  requireTeamOfPath,
  requireUser,
  teamOf,
} from "../middleware/guards";
import { cancelContestJobs } from "../scheduler";
import { logActivity } from "../services/activity";
import { createTeam, fallbackTeamId, findTeamContext, teamShape } from "../services/teams";
import { jsonBody, validationError } from "../validation";

const NAME_MAX = 100;
const SHORTLINKS_ON_PASTE = "contest_builder_create_shortlinks_on_paste";
const SHORTLINKS_ON_PASTE_CHOICES = ["always_ask", "always", "never"];

/** A team's name, trimmed; undefined with the error in `errors` when it is missing, not text or too long. */
function teamName(value: unknown, errors: ValidationErrors): string | undefined {
  const name = typeof value === "string" ? value.trim() : value;
  if (name === undefined || name === "") errors.name = [{ key: "validation.required", rule: "required" }];
  else if (typeof name !== "string") errors.name = [{ key: "validation.string", rule: "string" }];
  else if ([...name].length > NAME_MAX) {
    errors.name = [{ key: "validation.between.string.max", values: { n: NAME_MAX }, rule: "between" }];
  } else return name;
  return undefined;
}

/** The changes of POST /teams/current, or the 422 naming each wrong field. */
function teamChanges(team: TeamRow, body: Record<string, unknown>) {
  const errors: ValidationErrors = {};
  const changes: Partial<Pick<TeamRow, "name" | "meta">> = {};
  if ("name" in body) {
    const name = teamName(body.name, errors);
    if (name !== undefined) changes.name = name;
  }
  if ("meta" in body) {
    if (!isPlainObject(body.meta)) {
      errors.meta = [{ key: "validation.structure.type", rule: "structure" }];
    } else {
      const meta: Record<string, unknown> = { ...team.meta };
      for (const [key, value] of Object.entries(body.meta)) {
        if (key !== SHORTLINKS_ON_PASTE) {
          errors[`meta.${key}`] = [{ key: "validation.structure.unknown", rule: "structure" }];
        } else if (value === null) {
          // Back to "not chosen yet": the builder asks again.
          delete meta[key];
        } else if (typeof value === "string" && SHORTLINKS_ON_PASTE_CHOICES.includes(value)) {
          meta[key] = value;
        } else {
          errors[`meta.${key}`] = [{ key: "validation.in", rule: "in" }];
        }
      }
      changes.meta = meta;
    }
  }
  return { changes, errors };
}

export const teamsRoutes = new Hono<AppEnv>()
  // A new team (app-shell.md §6: an agency runs several brands): basic plan, the caller its owner, and their
  // current team from now on. It is not a default team, so it can be handed over and deleted.
  .post("/teams", requireUser, async (c) => {
    const deps = c.get("deps");
    const { db, clock, catalog, realtime, limiter } = deps;
    const { user } = authOf(c);
    const body = await jsonBody(c);
    const errors: ValidationErrors = {};
    const name = teamName(body.name, errors);
    if (name === undefined) throw validationError(c, errors);
    await limiter.take(
      "teams.created.per_user",
      user.id,
      "You created many teams today. Try again tomorrow.",
    );
    const team = await transaction(db, async (tx) => {
      const created = await createTeam(tx, clock, { name, ownerId: user.id });
      await tx.update(users).set({ currentTeamId: created.id }).where(eq(users.id, user.id));
      await logActivity(tx, clock, {
        teamId: created.id,
        type: "createTeam",
        userId: user.id,
        meta: { team: { name } },
      });
      return created;
    });
    user.currentTeamId = team.id;
    realtime.moveUser(user.id, team.id);
    realtime.toUser(user.id, { type: "refresh_user" });
    return c.json(teamShape(catalog, team), 201);
  });

/** The current team itself (mounted on /teams/current). */
export const currentTeamRoutes = new Hono<AppEnv>().post(
  "/",
  requirePermission("team.settings.edit_information"),
  async (c) => {
    const { db, catalog, realtime } = c.get("deps");
    const { team } = teamOf(c);
    const { changes, errors } = teamChanges(team, await jsonBody(c));
    if (Object.keys(errors).length > 0) throw validationError(c, errors);
    if (Object.keys(changes).length > 0) {
      await db.update(teams).set(changes).where(eq(teams.id, team.id));
      Object.assign(team, changes);
      // The team's name is in every member's header.
      realtime.toTeam(team.id, { type: "refresh_user" });
    }
    return c.json(teamShape(catalog, team));
  },
);

/** Calls naming a team by id (requireTeamOfPath), which need not be the current one. */
export const teamByIdRoutes = new Hono<AppEnv>()
  .delete(
    "/teams/:teamId",
    requireUser,
    requireTeamOfPath("teamId"),
    requireNotFrozen,
    requirePermission("team.settings.delete_team"),
    async (c) => {
      const { db, clock, realtime } = c.get("deps");
      const { team } = teamOf(c);
      const actorId = c.get("auth")?.user.id ?? null;
      if (team.isDefault) {
        throw new AppError("cantDeleteYourDefaultTeam");
      }
      const now = clock().toISOString();
      const members = await db
        .select({ id: users.id, currentTeamId: users.currentTeamId })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, team.id));
      // Where each member who worked in it goes (read before the team disappears from their memberships).
      const moved: { userId: string; teamId: string | null }[] = [];
      for (const m of members) {
        if (m.currentTeamId === team.id)
          moved.push({ userId: m.id, teamId: await fallbackTeamId(db, m.id, team.id) });
      }
      await transaction(db, async (tx) => {
        await tx.update(teams).set({ deletedAt: now }).where(eq(teams.id, team.id));
        // Its open invites can no longer be used.
        await tx
          .update(invites)
          .set({ status: "canceled", canceledAt: now, cancelerId: actorId })
          .where(and(eq(invites.teamId, team.id), eq(invites.status, "active")));
        for (const m of moved) {
          await tx.update(users).set({ currentTeamId: m.teamId }).where(eq(users.id, m.userId));
        }
        // Its contests publish nothing more: what the scheduler had left to do for them is canceled.
        const owned = await tx.select({ id: contests.id }).from(contests).where(eq(contests.teamId, team.id));
        for (const contest of owned) await cancelContestJobs(tx, contest.id, now);
      });
      for (const m of moved) realtime.moveUser(m.userId, m.teamId);
      // Every member's list of teams changed; those who worked in it are elsewhere now.
      for (const m of members) realtime.toUser(m.id, { type: "refresh_user" });
      return c.json({ success: true });
    },
  )
  .post(
    "/teams/:teamId/transfer_ownership",
    requireUser,
    requireTeamOfPath("teamId"),
    requireNotFrozen,
    requirePermission("team.settings.transfer_ownership"),
    async (c) => {
      const { db, catalog, realtime } = c.get("deps");
      const { team } = teamOf(c);
      if (team.isDefault) {
        // Every user keeps a team of their own to come back to (the default team can't be deleted either).
        throw new AppError("cantTransferYourDefaultTeam");
      }
      const body = await jsonBody(c);
      const newOwnerId = typeof body.new_owner_id === "string" ? body.new_owner_id : "";
      if (newOwnerId === "") {
        throw validationError(c, { new_owner_id: [{ key: "validation.required", rule: "required" }] });
      }
      const target = await findTeamContext(c.get("deps"), newOwnerId, team.id);
      const targetUser = await first(db.select().from(users).where(eq(users.id, newOwnerId)));
      if (!target || !targetUser || targetUser.deletedAt || target.member.role === "owner") {
        throw validationError(c, {
          new_owner_id: [{ key: "validation.team.new_owner", rule: "in" }],
        });
      }
      const oldOwnerId = team.ownerId;
      await transaction(db, async (tx) => {
        await tx.update(teams).set({ ownerId: newOwnerId }).where(eq(teams.id, team.id));
        await tx
          .update(teamMembers)
          .set({ role: "member", permissions: null })
          .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, oldOwnerId)));
        await tx
          .update(teamMembers)
          .set({ role: "owner", permissions: null })
          .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, newOwnerId)));
      });
      team.ownerId = newOwnerId;
      realtime.toUser(oldOwnerId, { type: "refresh_user" });
      realtime.toUser(newOwnerId, { type: "refresh_user" });
      return c.json(teamShape(catalog, team));
    },
  );

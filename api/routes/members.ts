/**
 * The members of a team (app-shell.md §6, §7): list, remove (or leave), manage permissions.
 *
 * - Any member may list; a frozen team answers 402 to every call here (they serve the /team/members page).
 * - The owner can't be removed, nor their permissions edited. A member's own permissions aren't editable by them.
 * - Removing oneself is leaving the team: any member but the owner may leave, without team.members.delete_member.
 * - A member changes only the permissions they hold themselves (the checkbox is disabled otherwise, §5).
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import type { ValidationErrors } from "../../engine/messages/types";
import { isPlainObject } from "../../engine/values";
import { effectivePermissions, holds } from "../auth/permissions";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { teamMembers, users } from "../db/tables";
import { transaction } from "../db/transaction";
import { AppError } from "../errors";
import {
  requireNotFrozen,
  requirePermission,
  requireTeamOfPath,
  requireUser,
  teamOf,
} from "../middleware/guards";
import { logActivity } from "../services/activity";
import { fallbackTeamId, memberShape, storedPermissions } from "../services/teams";
import { jsonBody, validationError } from "../validation";

/** A member of the team with their user, or 404 (another team's member is the same as a missing one). */
async function existingMember(db: Db, teamId: string, userId: string) {
  const found = await first(
    db
      .select({ user: users, member: teamMembers })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId))),
  );
  if (!found) throw new AppError("notFound", { message: "error.notFound.member" });
  return found;
}

export const teamMembersRoutes = new Hono<AppEnv>()
  .get("/members/list", async (c) => {
    const { db, catalog } = c.get("deps");
    const { team } = teamOf(c);
    const rows = await db
      .select({ user: users, member: teamMembers })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, team.id), isNull(users.deletedAt)))
      .orderBy(asc(teamMembers.createdAt), asc(users.name));
    // The owner first, then in the order they joined.
    rows.sort((a, b) => Number(b.member.role === "owner") - Number(a.member.role === "owner"));
    return c.json({ data: rows.map((r) => memberShape(catalog, r.user, r.member)) });
  })
  .delete("/members/:id", async (c) => {
    const { db, clock, realtime } = c.get("deps");
    const { team, member: actor, permissions } = teamOf(c);
    const targetId = c.req.param("id");
    const leaving = targetId === actor.userId;
    if (!leaving && !holds(permissions, "team.members.delete_member")) {
      throw new AppError("permissionsForbidden");
    }
    const target = await existingMember(db, team.id, targetId);
    if (target.member.role === "owner") {
      throw new AppError("permissionsForbidden", { message: "error.permissionsForbidden.removeOwner" });
    }
    // Where they go if they were working in this team: their default team (what the next request would pick).
    const next =
      target.user.currentTeamId === team.id ? await fallbackTeamId(db, targetId, team.id) : undefined;
    await transaction(db, async (tx) => {
      await tx
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, targetId)));
      if (next !== undefined) {
        await tx.update(users).set({ currentTeamId: next }).where(eq(users.id, targetId));
      }
      await logActivity(tx, clock, {
        teamId: team.id,
        type: "removeTeamMember",
        userId: actor.userId,
        targetUserId: targetId,
      });
    });
    if (next !== undefined) realtime.moveUser(targetId, next);
    realtime.toUser(targetId, { type: "refresh_user" });
    return c.json({ success: true });
  });

/** A member's permissions, in the team named by the path (not necessarily the current one). */
export const memberPermissionsRoutes = new Hono<AppEnv>().post(
  "/teams/:team_id/members/:member_id/permissions",
  requireUser,
  requireTeamOfPath("team_id"),
  requireNotFrozen,
  requirePermission("team.members.manage_permissions"),
  async (c) => {
    const { db, catalog, realtime } = c.get("deps");
    const { team, member: actor, permissions: actorHolds } = teamOf(c);
    const targetId = c.req.param("member_id");
    const target = await existingMember(db, team.id, targetId);
    if (target.member.role === "owner") {
      throw new AppError("permissionsForbidden", { message: "error.permissionsForbidden.ownerPermissions" });
    }
    if (target.member.userId === actor.userId) {
      throw new AppError("permissionsForbidden", { message: "error.permissionsForbidden.ownPermissions" });
    }

    const body = await jsonBody(c);
    const updated = body.updated_permissions;
    if (!isPlainObject(updated)) {
      const key = updated === undefined ? "validation.required" : "validation.structure.type";
      throw validationError(c, { updated_permissions: [{ key, rule: "structure" }] });
    }
    const known = new Set(catalog.permissions.map((p) => p.name));
    const errors: ValidationErrors = {};
    const changes: [name: string, value: boolean][] = [];
    for (const [name, value] of Object.entries(updated)) {
      const path = `updated_permissions.${name}`;
      if (!known.has(name)) errors[path] = [{ key: "validation.permission.unknown", rule: "in" }];
      else if (typeof value !== "boolean") errors[path] = [{ key: "validation.boolean", rule: "boolean" }];
      else changes.push([name, value]);
    }
    if (Object.keys(errors).length > 0) throw validationError(c, errors);

    const effective = effectivePermissions(catalog, target.member);
    for (const [name, value] of changes) {
      if (effective[name] === value) continue; // Not a change: nothing to be allowed to do.
      if (actorHolds[name] !== true) {
        throw new AppError("permissionsForbidden", { message: "error.permissionsForbidden.grantHeld" });
      }
      effective[name] = value;
    }
    const stored = storedPermissions(catalog, effective);
    await db
      .update(teamMembers)
      .set({ permissions: stored })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, targetId)));
    realtime.toUser(targetId, { type: "refresh_user" });
    return c.json(memberShape(catalog, target.user, { ...target.member, permissions: stored }));
  },
);

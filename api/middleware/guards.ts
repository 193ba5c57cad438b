/** Route guards: a signed-in user, an admin, their current team, a permission, a team that is not frozen. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { effectivePermissions, holds } from "../auth/permissions";
import type { AppEnv, TeamContext } from "../context";
import type { Db } from "../db/client";
import { teamMembers, teams, users } from "../db/tables";
import { AppError } from "../errors";
import { findTeamContext } from "../services/teams";

/** The signed-in user and session (behind requireUser); 401 when there is none. */
export function authOf(c: Context<AppEnv>): NonNullable<AppEnv["Variables"]["auth"]> {
  const auth = c.get("auth");
  if (!auth) throw new AppError("unauthenticated");
  return auth;
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("auth")) throw new AppError("unauthenticated");
  await next();
};

/** Fairdraw staff only (user grade admin, app-shell.md §2): 403 permissionsForbidden for anyone else. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (authOf(c).user.grade !== "admin") {
    throw new AppError("permissionsForbidden", { message: "error.permissionsForbidden.admin" });
  }
  await next();
};

/** Every team call reads the user's memberships: prepared once per database. */
function prepareMemberships(db: Db) {
  return db
    .select({ team: teams, member: teamMembers })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, sql.placeholder("userId")), isNull(teams.deletedAt)))
    .prepare("team_memberships");
}
const memberships = new WeakMap<Db, ReturnType<typeof prepareMemberships>>();

/** The user's current team (falling back to any team they belong to), their membership and permissions. */
export async function loadTeamContext(c: Context<AppEnv>): Promise<TeamContext> {
  const auth = authOf(c);
  const { db, catalog } = c.get("deps");
  let membershipsOf = memberships.get(db);
  if (!membershipsOf) {
    membershipsOf = prepareMemberships(db);
    memberships.set(db, membershipsOf);
  }
  const rows = await membershipsOf.execute({ userId: auth.user.id });
  const current =
    rows.find((m) => m.team.id === auth.user.currentTeamId) ??
    rows.find((m) => m.team.isDefault && m.team.ownerId === auth.user.id) ??
    rows[0];
  if (!current) throw new AppError("permissionsForbidden", { message: "error.permissionsForbidden.noTeam" });
  if (current.team.id !== auth.user.currentTeamId) {
    await db.update(users).set({ currentTeamId: current.team.id }).where(eq(users.id, auth.user.id));
    auth.user.currentTeamId = current.team.id;
  }
  return { ...current, permissions: effectivePermissions(catalog, current.member) };
}

export const requireTeam: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("team", await loadTeamContext(c));
  await next();
};

/** The team named by the path parameter, as the caller's team context; 404 unless they belong to it. */
export function requireTeamOfPath(param: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = authOf(c);
    const ctx = await findTeamContext(c.get("deps"), auth.user.id, c.req.param(param) ?? "");
    if (!ctx) throw new AppError("notFound", { message: "error.notFound.team" });
    c.set("team", ctx);
    await next();
  };
}

export function teamOf(c: Context<AppEnv>): TeamContext {
  const team = c.get("team");
  if (!team) throw new Error("requireTeam must run before this handler");
  return team;
}

/** 403 permissionsForbidden unless the member holds one of the space-separated permissions. */
export function requirePermission(check: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!holds(teamOf(c).permissions, check)) {
      throw new AppError("permissionsForbidden");
    }
    await next();
  };
}

/** A frozen team gets 402 on its contest and team calls (app-shell.md §2), with the freeze's limit date. */
export const requireNotFrozen: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { team } = teamOf(c);
  if (team.frozenLimitDate) {
    throw new AppError("teamFrozen", {
      extra: { limit_date: team.frozenLimitDate },
    });
  }
  await next();
};

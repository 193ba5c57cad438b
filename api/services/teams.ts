/** Teams: creation, plan features and quotas (app-shell.md §6), and their API shape (schemas/stored/team). */

import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { Quotas } from "../../codegen/types";
import planMeta from "../../schemas/meta/plan.schema.json";
import { effectivePermissions } from "../auth/permissions";
import type { UserRow } from "../auth/sessions";
import type { Catalog } from "../catalog";
import type { Clock } from "../clock";
import type { MemberRow, TeamContext, TeamRow } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { teamMembers, teams, users } from "../db/tables";
import { transaction } from "../db/transaction";
import { newId } from "../ids";

/** The quota names, in the order the plans' meta-schema lists them (schemas/meta/plan.schema.json). */
export const QUOTA_NAMES = planMeta.$defs.quotas.required as readonly (keyof Quotas)[];
export type QuotaName = keyof Quotas;

export function teamFeatures(catalog: Catalog, team: Pick<TeamRow, "plan">): string[] {
  return catalog.plans.get(team.plan)?.features ?? [];
}

/**
 * Each quota is the largest of the plan's, the team's custom one and a paid offer's; a yearly subscription
 * doubles them (app-shell.md §6).
 */
export function teamQuotas(catalog: Catalog, team: Pick<TeamRow, "plan" | "quotas" | "subscription">) {
  const plan = catalog.plans.get(team.plan)?.quotas ?? {};
  const custom = team.quotas ?? {};
  const paid = (team.subscription?.paid_offer_quotas as Record<string, number> | undefined) ?? {};
  const yearly = team.subscription?.period === "yearly" ? 2 : 1;
  const out = {} as Record<QuotaName, number>;
  for (const name of QUOTA_NAMES) {
    out[name] = Math.max(plan[name] ?? 0, custom[name] ?? 0, paid[name] ?? 0) * yearly;
  }
  return out;
}

/** A new team and its owner's membership (the caller that counts teams per person locks first). */
export async function createTeam(
  db: Db,
  clock: Clock,
  input: { name: string; ownerId: string; plan?: string; isDefault?: boolean },
): Promise<TeamRow> {
  const now = clock().toISOString();
  const team: TeamRow = {
    id: newId(),
    name: input.name,
    ownerId: input.ownerId,
    plan: input.plan ?? "basic",
    quotas: null,
    meta: {},
    isDefault: input.isDefault ?? false,
    frozenLimitDate: null,
    subscription: null,
    stripeCustomerId: null,
    billing: null,
    paymentDueAt: null,
    createdAt: now,
    deletedAt: null,
  };
  await transaction(db, async (tx) => {
    await tx.insert(teams).values(team);
    await tx
      .insert(teamMembers)
      .values({ teamId: team.id, userId: input.ownerId, role: "owner", createdAt: now });
  });
  return team;
}

export function teamShape(catalog: Catalog, team: TeamRow) {
  const support = team.subscription?.support as Record<string, unknown> | undefined;
  return {
    _id: team.id,
    name: team.name,
    owner_id: team.ownerId,
    plan: team.plan,
    quotas: teamQuotas(catalog, team),
    features: teamFeatures(catalog, team),
    profile_picture: null,
    is_default: team.isDefault,
    created_at: team.createdAt,
    subscription: team.subscription
      ? { yearly: team.subscription.period === "yearly", support: support ?? null }
      : null,
    frozen: team.frozenLimitDate ? { limit_date: team.frozenLimitDate } : null,
    meta: team.meta ?? {},
  };
}

/** The user's membership of a team that is not deleted, with what they may do there; undefined when none. */
export async function findTeamContext(
  deps: { db: Db; catalog: Catalog },
  userId: string,
  teamId: string,
): Promise<TeamContext | undefined> {
  const row = await first(
    deps.db
      .select({ team: teams, member: teamMembers })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.userId, userId), eq(teamMembers.teamId, teamId), isNull(teams.deletedAt))),
  );
  return row ? { ...row, permissions: effectivePermissions(deps.catalog, row.member) } : undefined;
}

/** How many people belong to the team (deleted users left out): what the members quota counts. */
export async function membersCount(db: Db, teamId: string): Promise<number> {
  return (
    (
      await first(
        db
          .select({ n: count() })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(and(eq(teamMembers.teamId, teamId), isNull(users.deletedAt))),
      )
    )?.n ?? 0
  );
}

/**
 * Where a user goes when they can no longer work in `leaving` (deleted, or they left it): their own default
 * team, else the team they joined first; null when they belong to no other team.
 */
export async function fallbackTeamId(db: Db, userId: string, leaving: string): Promise<string | null> {
  const others = (
    await db
      .select({ id: teams.id, isDefault: teams.isDefault, ownerId: teams.ownerId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.userId, userId), isNull(teams.deletedAt)))
      .orderBy(asc(teamMembers.createdAt))
  ).filter((t) => t.id !== leaving);
  return (others.find((t) => t.isDefault && t.ownerId === userId) ?? others[0])?.id ?? null;
}

/** A member as the members list shows them (schemas/stored/member): `pivot.permissions` is the effective map. */
export function memberShape(
  catalog: Catalog,
  user: Pick<UserRow, "id" | "name" | "profilePicture">,
  member: MemberRow,
) {
  return {
    _id: user.id,
    name: user.name,
    profile_picture: user.profilePicture,
    pivot: {
      team_id: member.teamId,
      role: member.role === "owner" ? ("owner" as const) : ("member" as const),
      created_at: member.createdAt,
      permissions: effectivePermissions(catalog, member),
    },
  };
}

/** A member's stored map: only the permissions that differ from the catalogue's defaults; null when none do. */
export function storedPermissions(
  catalog: Catalog,
  effective: Record<string, boolean>,
): Record<string, boolean> | null {
  const out: Record<string, boolean> = {};
  for (const p of catalog.permissions) {
    const value = effective[p.name];
    if (value !== undefined && value !== p.default) out[p.name] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

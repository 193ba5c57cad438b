/** Teams: creation, plan features and quotas (app-shell.md §6), and their API shape (schemas/stored/team). */
import { eq } from "drizzle-orm";
import type { Catalog } from "../catalog";
import type { Clock } from "../clock";
import type { TeamRow } from "../context";
import type { Db } from "../db/client";
import { teamMembers, teams } from "../db/schema";
import { newId } from "../ids";

export const QUOTA_NAMES = [
  "members",
  "accounts",
  "drafts",
  "templates",
  "imports",
  "contests",
  "winners",
] as const;
export type QuotaName = (typeof QUOTA_NAMES)[number];

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

export function createTeam(
  db: Db,
  clock: Clock,
  input: { name: string; ownerId: string; plan?: string; isDefault?: boolean },
): TeamRow {
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
    createdAt: now,
    deletedAt: null,
  };
  db.transaction((tx) => {
    tx.insert(teams).values(team).run();
    tx.insert(teamMembers)
      .values({ teamId: team.id, userId: input.ownerId, role: "owner", createdAt: now })
      .run();
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

export function findTeam(db: Db, id: string): TeamRow | undefined {
  return db.select().from(teams).where(eq(teams.id, id)).get();
}

/**
 * The contests a person created (/me/contests, GET /users/me/contests/list), across their teams.
 *
 * A contest is listed when the person created it (created_by), it is not deleted, and its team is one they still
 * belong to, not deleted, where they hold team.contests.view_contests (the owner holds every team.* permission;
 * others the catalogue's defaults overridden by their map: api/auth/permissions.ts). Permissions are resolved in
 * code from the memberships, as every team call does, so the contest query itself stays plain SQL (no JSON
 * functions) that SQLite and PostgreSQL read alike. The statuses follow the team's list (drafts only when asked
 * for; templates are another table). Order: newest first (created_at, then id), as the team's list.
 */
import { and, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { effectivePermissions, holds } from "../auth/permissions";
import type { Catalog } from "../catalog";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { contests, teamMembers, teams } from "../db/tables";
import { type ContestListRow, listColumns } from "./contests/queries";

type Reader = Pick<Db, "select">;

export const VIEW_CONTESTS = "team.contests.view_contests";

export type MyContestRow = ContestListRow & { teamId: string };
export type VisibleTeam = { id: string; name: string };

/** The person's teams (not deleted) where they may see the contests. */
export async function teamsWithContestsInView(
  db: Reader,
  catalog: Catalog,
  userId: string,
): Promise<VisibleTeam[]> {
  return (
    await db
      .select({
        id: teams.id,
        name: teams.name,
        role: teamMembers.role,
        permissions: teamMembers.permissions,
      })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.userId, userId), isNull(teams.deletedAt)))
  )
    .filter((m) => holds(effectivePermissions(catalog, m), VIEW_CONTESTS))
    .map(({ id, name }) => ({ id, name }));
}

/** One page of the contests the person created in those teams, and how many there are in all. */
export async function listMyContests(
  db: Reader,
  userId: string,
  teamIds: readonly string[],
  statuses: readonly string[],
  page: number,
  perPage: number,
): Promise<{ items: MyContestRow[]; total: number }> {
  if (teamIds.length === 0) return { items: [], total: 0 };
  const where: SQL | undefined = and(
    eq(contests.createdBy, userId),
    inArray(contests.teamId, [...teamIds]),
    inArray(contests.status, [...statuses]),
    isNull(contests.deletedAt),
  );
  const total = (await first(db.select({ n: count() }).from(contests).where(where)))?.n ?? 0;
  const items = await db
    .select({ ...listColumns(), teamId: contests.teamId })
    .from(contests)
    .where(where)
    .orderBy(desc(contests.createdAt), desc(contests.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items, total };
}

/**
 * What the admin pages read and change across every team (app-shell.md §2 "Admin", decisions.md "Payments"):
 * users found by e-mail or name, every team's contests, counts for the stats page, and a team's plan and freeze
 * set by support. Reads only; the routes (api/routes/admin.ts) check the input and tell the browsers.
 */
import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
  sum,
} from "drizzle-orm";
import type { Catalog } from "../catalog";
import type { Clock } from "../clock";
import type { TeamRow } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { contests, sessions, teamMembers, teams, users } from "../db/tables";
import { teamShape } from "./teams";

type Reader = Pick<Db, "select">;

export const ADMIN_DEFAULT_PER_PAGE = 25;
export const ADMIN_MAX_PER_PAGE = 100;
/** A search longer than this is not a name or an address. */
export const ADMIN_SEARCH_MAX = 200;

export type Page = { page: number; perPage: number };

/** `%text%` for LIKE, with the pattern's own wildcards escaped (backslash is the ESCAPE character). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function contains(column: AnyColumn, text: string): SQL {
  return sql`lower(${column}) like ${containsPattern(text)} escape '\\'`;
}

/** The team as the admin pages show it: its stored shape with the owner's name and how many belong to it. */
function adminTeam(catalog: Catalog, team: TeamRow, extra: { members_count: number }) {
  return { ...teamShape(catalog, team), members_count: extra.members_count };
}

async function membersCounts(db: Reader, teamIds: readonly string[]): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ teamId: teamMembers.teamId, n: count() })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, [...teamIds]), isNull(users.deletedAt)))
    .groupBy(teamMembers.teamId);
  return new Map(rows.map((r) => [r.teamId, r.n]));
}

/** Users whose e-mail or name holds `q` (every user when empty), newest first, with the teams they belong to. */
export async function searchUsers(db: Reader, catalog: Catalog, q: string, { page, perPage }: Page) {
  const where = q === "" ? undefined : sql`(${contains(users.email, q)} or ${contains(users.name, q)})`;
  const total = (await first(db.select({ n: count() }).from(users).where(where)))?.n ?? 0;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const memberships =
    rows.length === 0
      ? []
      : await db
          .select({ userId: teamMembers.userId, role: teamMembers.role, team: teams })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(
            and(
              inArray(
                teamMembers.userId,
                rows.map((u) => u.id),
              ),
              isNull(teams.deletedAt),
            ),
          )
          .orderBy(teams.createdAt, teams.id);
  const counts = await membersCounts(db, [...new Set(memberships.map((m) => m.team.id))]);
  const items = rows.map((u) => ({
    _id: u.id,
    name: u.name,
    email: u.email,
    grade: u.grade === "admin" ? ("admin" as const) : null,
    locale: u.locale,
    created_at: u.createdAt,
    deleted_at: u.deletedAt,
    current_team_id: u.currentTeamId,
    teams: memberships
      .filter((m) => m.userId === u.id)
      .map((m) => ({
        ...adminTeam(catalog, m.team, { members_count: counts.get(m.team.id) ?? 0 }),
        role: m.role === "owner" ? ("owner" as const) : ("member" as const),
      })),
  }));
  return { items, total };
}

/** Every team's contests (drafts included when asked), newest first, with their team. */
export async function allContests(
  db: Reader,
  catalog: Catalog,
  filter: { statuses: readonly string[]; q: string },
  { page, perPage }: Page,
) {
  const where = and(
    isNull(contests.deletedAt),
    isNull(teams.deletedAt),
    inArray(contests.status, [...filter.statuses]),
    filter.q === "" ? undefined : contains(contests.name, filter.q),
  );
  const total =
    (
      await first(
        db.select({ n: count() }).from(contests).innerJoin(teams, eq(teams.id, contests.teamId)).where(where),
      )
    )?.n ?? 0;
  const rows = await db
    .select({
      id: contests.id,
      name: contests.name,
      type: contests.type,
      status: contests.status,
      sandbox: contests.sandbox,
      paidContest: contests.paidContest,
      entriesCount: contests.entriesCount,
      createdAt: contests.createdAt,
      startAt: contests.startAt,
      closeAt: contests.closeAt,
      team: teams,
    })
    .from(contests)
    .innerJoin(teams, eq(teams.id, contests.teamId))
    .where(where)
    .orderBy(desc(contests.createdAt), desc(contests.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const counts = await membersCounts(db, [...new Set(rows.map((r) => r.team.id))]);
  const items = rows.map((r) => ({
    _id: r.id,
    name: r.name,
    type: r.type,
    status: r.status,
    sandbox: r.sandbox,
    paid_contest: r.paidContest,
    entries_count: r.entriesCount,
    created_at: r.createdAt,
    start_at: r.startAt,
    close_at: r.closeAt,
    team: adminTeam(catalog, r.team, { members_count: counts.get(r.team.id) ?? 0 }),
  }));
  return { items, total };
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The numbers of the stats page, each one COUNT or SUM over an indexed table: users, teams by plan (every plan of
 * plans.json listed, 0 included), frozen teams, contests by status (drafts included), entries loaded, and the
 * last 7 days' sign-ins (sessions opened; those already ended by a logout are gone) and active users.
 */
export async function adminStats(db: Reader, catalog: Catalog, clock: Clock, statuses: readonly string[]) {
  const weekAgo = new Date(clock().getTime() - WEEK_MS).toISOString();
  // Number(): PostgreSQL answers SUM and count(distinct) as strings (bigint, numeric).
  const one = async (q: PromiseLike<{ n: number | string | null }[]>) => Number((await q)[0]?.n ?? 0);

  const teamsByPlan: Record<string, number> = Object.fromEntries(
    [...catalog.plans.keys()].map((p) => [p, 0]),
  );
  for (const r of await db
    .select({ plan: teams.plan, n: count() })
    .from(teams)
    .where(isNull(teams.deletedAt))
    .groupBy(teams.plan)) {
    teamsByPlan[r.plan] = r.n;
  }
  const contestsByStatus: Record<string, number> = Object.fromEntries(statuses.map((s) => [s, 0]));
  for (const r of await db
    .select({ status: contests.status, n: count() })
    .from(contests)
    .where(isNull(contests.deletedAt))
    .groupBy(contests.status)) {
    contestsByStatus[r.status] = r.n;
  }
  return {
    users: {
      total: await one(db.select({ n: count() }).from(users).where(isNull(users.deletedAt))),
      admins: await one(
        db
          .select({ n: count() })
          .from(users)
          .where(and(isNull(users.deletedAt), eq(users.grade, "admin"))),
      ),
      deleted: await one(db.select({ n: count() }).from(users).where(isNotNull(users.deletedAt))),
    },
    teams: {
      total: Object.values(teamsByPlan).reduce((a, b) => a + b, 0),
      by_plan: teamsByPlan,
      frozen: await one(
        db
          .select({ n: count() })
          .from(teams)
          .where(and(isNull(teams.deletedAt), isNotNull(teams.frozenLimitDate))),
      ),
    },
    contests: {
      total: Object.values(contestsByStatus).reduce((a, b) => a + b, 0),
      by_status: contestsByStatus,
    },
    entries: await one(
      db
        .select({ n: sum(contests.entriesCount) })
        .from(contests)
        .where(isNull(contests.deletedAt)),
    ),
    sign_ins_7d: await one(db.select({ n: count() }).from(sessions).where(gte(sessions.createdAt, weekAgo))),
    active_users_7d: await one(
      db
        .select({ n: sql<number>`count(distinct ${sessions.userId})` })
        .from(sessions)
        .where(gte(sessions.lastSeenAt, weekAgo)),
    ),
  };
}

/** A team that is not deleted, by id. */
export async function findTeam(db: Reader, teamId: string): Promise<TeamRow | undefined> {
  return await first(
    db
      .select()
      .from(teams)
      .where(and(eq(teams.id, teamId), isNull(teams.deletedAt))),
  );
}

/** The ids of the team's users (deleted ones left out): who is told to refresh after a change. */
export async function teamUserIds(db: Reader, teamId: string): Promise<string[]> {
  return (
    await db
      .select({ id: users.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), isNull(users.deletedAt)))
  ).map((r) => r.id);
}

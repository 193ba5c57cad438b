/**
 * The calls of the admin pages (api/routes/admin.ts), each read through `unwrap` (one way). The answers' types
 * flow from the Hono routes; the team routes read their body with jsonBody, so their arguments are built as a
 * value first (see web/src/team/api.ts).
 */
import { api, type BodyOf, unwrap } from "../../api/client";

/** Asked of a list: a search, a page, and for contests the statuses shown (all when empty). */
export type ListQuery = { q: string; page: number; status?: string };

function query({ q, page, status }: ListQuery): Record<string, string> {
  return {
    ...(q ? { q } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
    ...(status ? { status } : {}),
  };
}

export function listUsers(asked: ListQuery) {
  return unwrap(api.admin.users.$get({ query: query(asked) }));
}

export function listContests(asked: ListQuery) {
  return unwrap(api.admin.contests.$get({ query: query(asked) }));
}

export function loadStats() {
  return unwrap(api.admin.stats.$get());
}

export type UsersAnswer = Awaited<ReturnType<typeof listUsers>>;
export type AdminUser = UsersAnswer["data"][number];
export type ContestsAnswer = Awaited<ReturnType<typeof listContests>>;
export type AdminContest = ContestsAnswer["data"][number];
export type AdminStats = Awaited<ReturnType<typeof loadStats>>;
export type ListMeta = UsersAnswer["meta"];

/** A team as the admin lists show it (the stored team with its members count). */
export type AdminTeam = AdminContest["team"];

type TeamAnswer = BodyOf<Awaited<ReturnType<(typeof api.admin.teams)[":teamId"]["plan"]["$post"]>>>;

/** The team's stored shape after a change (no members count: the list keeps its own). */
export type ChangedTeam = TeamAnswer;

export function setTeamPlan(teamId: string, plan: string): Promise<ChangedTeam> {
  const args = { param: { teamId }, json: { plan } };
  return unwrap(api.admin.teams[":teamId"].plan.$post(args));
}

/** Freezes the team until `limitDate` (an ISO date), or lifts the freeze (null). */
export function setTeamFreeze(teamId: string, limitDate: string | null): Promise<ChangedTeam> {
  const args = { param: { teamId }, json: { limit_date: limitDate } };
  return unwrap(api.admin.teams[":teamId"].freeze.$post(args));
}

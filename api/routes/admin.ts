/**
 * The admin calls behind /admin, /admin/users, /admin/contests and /admin/stats (app-shell.md §2: user grade
 * admin, 403 otherwise): users found by e-mail or name, every team's contests, counts, and support's two changes
 * to a team — its plan (decisions.md "Payments": no payment provider, admins set plans) and its freeze (402 on
 * the team's calls until lifted). Mounted on /admin behind requireUser + requireAdmin (api/app.ts).
 */
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import type { ValidationErrors } from "../../engine/messages/types";
import { toTime } from "../../engine/values";
import type { AppEnv } from "../context";
import { teams } from "../db/tables";
import { AppError } from "../errors";
import {
  ADMIN_DEFAULT_PER_PAGE,
  ADMIN_MAX_PER_PAGE,
  ADMIN_SEARCH_MAX,
  adminStats,
  allContests,
  findTeam,
  type Page,
  searchUsers,
  teamUserIds,
} from "../services/admin";
import { LISTABLE_STATUSES } from "../services/contests/form";
import { teamShape } from "../services/teams";
import { jsonBody, validationError } from "../validation";

function add(errors: ValidationErrors, path: string, key: string, rule: string, n?: number) {
  errors[path] = [...(errors[path] ?? []), { key, rule, ...(n === undefined ? {} : { values: { n } }) }];
}

function positiveInt(value: string | undefined, fallback: number, max: number): number | null {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** ?page= (from 1), ?per_page= (1 to 100, default 25) and ?q= (200 characters at most); 422 otherwise. */
function listQuery(c: Context<AppEnv>): Page & { q: string } {
  const errors: ValidationErrors = {};
  const page = positiveInt(c.req.query("page"), 1, 1_000_000);
  const perPage = positiveInt(c.req.query("per_page"), ADMIN_DEFAULT_PER_PAGE, ADMIN_MAX_PER_PAGE);
  const q = (c.req.query("q") ?? "").trim();
  if (page === null) add(errors, "page", "validation.integer", "query");
  if (perPage === null) add(errors, "per_page", "validation.range", "query");
  if ([...q].length > ADMIN_SEARCH_MAX) {
    add(errors, "q", "validation.between.string.max", "between", ADMIN_SEARCH_MAX);
  }
  if (page === null || perPage === null || Object.keys(errors).length > 0) throw validationError(c, errors);
  return { page, perPage, q };
}

/** ?status=planned,started (or repeated): any of the statuses a contest can have, drafts included; all when absent. */
function statusFilter(c: Context<AppEnv>): readonly string[] {
  const asked = (c.req.queries("status") ?? [])
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (asked.length === 0) return LISTABLE_STATUSES;
  if (asked.some((s) => !(LISTABLE_STATUSES as readonly string[]).includes(s))) {
    throw validationError(c, { status: [{ key: "validation.in", rule: "query" }] });
  }
  return [...new Set(asked)];
}

/** The team named by :teamId, whatever team the admin works in; 404 when it does not exist or was deleted. */
async function pathTeam(c: Context<AppEnv>) {
  const team = await findTeam(c.get("deps").db, c.req.param("teamId") ?? "");
  if (!team) throw new AppError("notFound", { message: "error.notFound.team" });
  return team;
}

/** The ISO 8601 limit date of a freeze (null lifts it), or the 422 naming limit_date. */
function limitDateOf(c: Context<AppEnv>, body: Record<string, unknown>): string | null {
  if (!("limit_date" in body)) {
    throw validationError(c, { limit_date: [{ key: "validation.required", rule: "required" }] });
  }
  const value = body.limit_date;
  if (value === null) return null;
  const time = toTime(value);
  // toISOString throws past ±8.64e15 ms (year 275760): such a date is no deadline either.
  if (time === null || Math.abs(time) > 8.64e15) {
    throw validationError(c, { limit_date: [{ key: "validation.date", rule: "date" }] });
  }
  return new Date(time).toISOString();
}

export const adminRoutes = new Hono<AppEnv>()
  .get("/users", async (c) => {
    const { db, catalog } = c.get("deps");
    const { q, page, perPage } = listQuery(c);
    const { items, total } = await searchUsers(db, catalog, q, { page, perPage });
    return c.json({ data: items, meta: { page, per_page: perPage, total } });
  })
  .get("/contests", async (c) => {
    const { db, catalog } = c.get("deps");
    const statuses = statusFilter(c);
    const { q, page, perPage } = listQuery(c);
    const { items, total } = await allContests(db, catalog, { statuses, q }, { page, perPage });
    return c.json({ data: items, meta: { page, per_page: perPage, total } });
  })
  .get("/stats", async (c) => {
    const { db, catalog, clock } = c.get("deps");
    return c.json(await adminStats(db, catalog, clock, LISTABLE_STATUSES));
  })
  .post("/teams/:teamId/plan", async (c) => {
    const { db, catalog, realtime } = c.get("deps");
    const team = await pathTeam(c);
    const body = await jsonBody(c);
    const plan = body.plan;
    if (plan === undefined || plan === null || plan === "") {
      throw validationError(c, { plan: [{ key: "validation.required", rule: "required" }] });
    }
    if (typeof plan !== "string" || !catalog.plans.has(plan)) {
      throw validationError(c, { plan: [{ key: "validation.in", rule: "in" }] });
    }
    if (plan !== team.plan) {
      await db.update(teams).set({ plan }).where(eq(teams.id, team.id));
      team.plan = plan;
    }
    // The plan is in every member's header, features and list of teams (app-shell.md §7 "refresh user data").
    // The activity log has no type for a plan change (app-shell.md §9): none is written.
    for (const userId of await teamUserIds(db, team.id)) realtime.toUser(userId, { type: "refresh_user" });
    return c.json(teamShape(catalog, team));
  })
  .post("/teams/:teamId/freeze", async (c) => {
    const { db, catalog, realtime } = c.get("deps");
    const team = await pathTeam(c);
    const limitDate = limitDateOf(c, await jsonBody(c));
    await db.update(teams).set({ frozenLimitDate: limitDate }).where(eq(teams.id, team.id));
    team.frozenLimitDate = limitDate;
    // Their browsers show (or stop showing) the 402 page at once.
    for (const userId of await teamUserIds(db, team.id)) realtime.toUser(userId, { type: "refresh_user" });
    return c.json(teamShape(catalog, team));
  });

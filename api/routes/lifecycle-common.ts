/**
 * What the contest lifecycle routes (entries.ts, draws.ts) share: their permissions, the contest they act on, the
 * plan features they need, pagination and errors in the request's language.
 */
import type { Context } from "hono";
import type { ValidationErrors } from "../../engine/messages/types";
import { holds } from "../auth/permissions";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { AppError, type ErrorKey, refuse } from "../errors";
import { teamOf } from "../middleware/guards";
import type { ContestRow } from "../services/contests/form";
import { findContest } from "../services/contests/queries";
import { teamFeatures } from "../services/teams";
import { validationError } from "../validation";

export const P = {
  viewContests: "team.contests.view_contests",
  loadEntries: "team.contests.load_entries",
  exportEntries: "team.contests.export_entries",
  doTestDraw: "team.contests.do_testdraw",
  doFinalDraw: "team.contests.do_finaldraw",
} as const;

/** 403 unless the member holds the permission (the route guard let any of the route's permissions through). */
export function requireHeld(c: Context<AppEnv>, permission: string): void {
  if (!holds(teamOf(c).permissions, permission)) {
    throw new AppError("permissionsForbidden");
  }
}

/** 403 with `key` unless the team's plan has the feature. */
export function requireFeature(c: Context<AppEnv>, feature: string, key: ErrorKey, message?: string): void {
  const { catalog } = c.get("deps");
  if (!teamFeatures(catalog, teamOf(c).team).includes(feature))
    throw refuse(key, message === undefined ? {} : { message });
}

/**
 * The team's contest of the path (drafts are not contests yet), or 404 — another team's too. Read through
 * `reader` (a transaction) when given.
 */
export async function contestOfPath(
  c: Context<AppEnv>,
  reader: Pick<Db, "select"> = c.get("deps").db,
): Promise<ContestRow> {
  const row = await findContest(reader, teamOf(c).team.id, c.req.param("id") ?? "");
  if (!row || row.status === "draft") throw new AppError("notFound", { message: "error.notFound.contest" });
  return row;
}

function positiveInt(value: string | undefined, fallback: number, max: number): number | null {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** ?page= (from 1) and ?per_page= (1 to max, default `perPage`); 422 on anything else. */
export function pagination(c: Context<AppEnv>, perPage = 50, max = 500): { page: number; perPage: number } {
  const page = positiveInt(c.req.query("page"), 1, 1_000_000);
  const size = positiveInt(c.req.query("per_page"), perPage, max);
  const errors: ValidationErrors = {};
  if (page === null) errors.page = [{ key: "validation.integer", rule: "query" }];
  if (size === null) errors.per_page = [{ key: "validation.range", rule: "query" }];
  if (page === null || size === null) throw validationError(c, errors);
  return { page, perPage: size };
}

import type { Context } from "hono";
import type { ValidationErrors } from "../../../engine/messages/types";
import type { AppEnv } from "../../context";
import {
  CONTEST_STATUSES,
  DEFAULT_PER_PAGE,
  LISTABLE_STATUSES,
  MAX_PER_PAGE,
} from "../../services/contests/form";
import { validationError } from "../../validation";
import { add } from "./form-checks";

/** The `with` options of a read (?with=files,prev-next or repeated). */
export function withOptions(c: Context<AppEnv>): Set<string> {
  return new Set((c.req.queries("with") ?? []).flatMap((w) => w.split(",")).map((w) => w.trim()));
}

export function positiveInt(value: string | undefined, fallback: number, max: number): number | null {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** ?page= (from 1) and ?per_page= (1 to 100, default 20); 422 on anything else. */
export function pagination(c: Context<AppEnv>): { page: number; perPage: number } {
  const errors: ValidationErrors = {};
  const page = positiveInt(c.req.query("page"), 1, 1_000_000);
  const perPage = positiveInt(c.req.query("per_page"), DEFAULT_PER_PAGE, MAX_PER_PAGE);
  if (page === null) add(errors, "page", "validation.integer", "query");
  if (perPage === null) add(errors, "per_page", "validation.range", "query");
  if (page === null || perPage === null) throw validationError(c, errors);
  return { page, perPage };
}

/** ?status=draft, ?status=planned,started or repeated; every status but draft when absent. */
export function statusFilter(c: Context<AppEnv>): readonly string[] {
  const asked = (c.req.queries("status") ?? [])
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (asked.length === 0) return CONTEST_STATUSES;
  if (asked.some((s) => !(LISTABLE_STATUSES as readonly string[]).includes(s))) {
    throw validationError(c, { status: [{ key: "validation.in", rule: "query" }] });
  }
  return [...new Set(asked)];
}

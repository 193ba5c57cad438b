import { Hono } from "hono";
import type { AppEnv } from "../context";

/** Contests, drafts and templates (contest-builder.md §7): filled by its issue's work. */
export const contestsRoutes = new Hono<AppEnv>();

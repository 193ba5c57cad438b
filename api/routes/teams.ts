import { Hono } from "hono";
import type { AppEnv } from "../context";

/** Filled by its issue's work: see api/app.ts for where it is mounted. */
export const teamsRoutes = new Hono<AppEnv>();

import { Hono } from "hono";
import type { AppEnv } from "../context";

/** Media uploads (contest-builder.md §7): filled by its issue's work. */
export const uploadsRoutes = new Hono<AppEnv>();

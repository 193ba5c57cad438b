import { Hono } from "hono";
import type { AppEnv } from "../context";

/** Shortlinks (app-shell.md §7): filled by its issue's work. */
export const shortlinksRoutes = new Hono<AppEnv>();

/** The redirect itself, GET /s/:key on the app's domain (mounted outside /api). */
export const shortlinkRedirectRoutes = new Hono<AppEnv>();

import { Hono } from "hono";
import type { AppEnv } from "../context";

/** Quick import of a post as a contest, and merging contests: filled by its issue's work. */
export const quickdrawRoutes = new Hono<AppEnv>();

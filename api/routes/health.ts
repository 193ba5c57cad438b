/**
 * GET /api/health: liveness for a load balancer, with the database this process reached (its engine, and
 * whether it answered). 503 when it did not: the process is up but can serve nothing.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { reachDatabase } from "../db/reach";
import { parseDatabaseUrl } from "../db/url";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { db, env } = c.get("deps");
  const dialect = parseDatabaseUrl(env.databaseUrl).dialect;
  const reached = await reachDatabase(db, dialect);
  const database = { dialect, reached };
  return reached
    ? c.json({ status: "ok" as const, database })
    : c.json({ status: "unavailable" as const, database }, 503);
});

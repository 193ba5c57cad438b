/**
 * GET /api/health: liveness for a load balancer, with the database this process reached (its engine, and
 * whether it answered). 503 when it did not: the process is up but can serve nothing.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { dialectOf } from "../db/client";
import { probeDatabase } from "../db/outage";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { db, outage } = c.get("deps");
  const dialect = dialectOf(db);
  // The outage's own probe (PostgreSQL answers; a SQLite file not locked by another program): one meaning of
  // "reached" for the health check and the outage it tells.
  const reached = await probeDatabase(db);
  const database = { dialect, reached };
  // Told to the outage (logged once, if it was not known): a load balancer's probe may be all that comes.
  if (!reached) outage.unanswered();
  else outage.answered();
  return reached
    ? c.json({ status: "ok" as const, database })
    : c.json({ status: "unavailable" as const, database }, 503);
});

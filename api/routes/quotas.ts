/**
 * GET /teams/current/quotas (app-shell.md §3 "Quotas"): what the current team uses of each quota and its limit,
 * for the team page. Any member may read it (like the members and accounts lists); a frozen team answers 402.
 * The counts are the ones the server enforces the quotas with (api/services/quotas.ts).
 */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { teamOf } from "../middleware/guards";
import { quotaUsage } from "../services/quotas";

export const quotasRoutes = new Hono<AppEnv>().get("/quotas", async (c) =>
  c.json({ data: await quotaUsage(c.get("deps"), teamOf(c).team) }),
);

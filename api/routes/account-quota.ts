/**
 * GET /teams/current/accounts/{id}/quota: a real account's standing with its network's limits (YouTube: the
 * Google project's units used today, the daily limit, when it resets, whether loads are paused; X: the calls of
 * the UTC day) and what a contest on it is expected to cost (`expected`, the driver's expectedCost: a first load
 * of 1,000 entrants, each later load, each publication; X adds the posts and users a first load reads), for the
 * builder and the contest page to show before a contest starts; Instagram: the posts published in the last 24 hours
 * against its publishing limit (no expected cost). null for a network without a quota (the sandbox, Bluesky).
 */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { driverFor } from "../drivers";
import { AppError } from "../errors";
import { teamOf } from "../middleware/guards";
import { findTeamAccount, storedAccount } from "../services/accounts";
import { ID } from "./params";

export const accountQuotaRoutes = new Hono<AppEnv>().get(`/accounts/${ID}/quota`, async (c) => {
  const deps = c.get("deps");
  const { team } = teamOf(c);
  const found = await findTeamAccount(deps.db, team.id, c.req.param("id"));
  const provider = found && deps.catalog.providers.get(found.account.provider);
  if (!found || !provider) throw new AppError("notFound", { message: "error.notFound.account" });
  const account = storedAccount(found.account);
  const driver = driverFor(provider, deps, account, { person: true });
  if (!driver.quotaState || account.sandbox) return c.json({ quota: null, expected: null });
  return c.json({ quota: await driver.quotaState(account), expected: driver.expectedCost?.() ?? null });
});

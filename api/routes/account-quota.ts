/**
 * GET /teams/current/accounts/{id}/quota: a real account's standing with its network's limits (YouTube: the
 * Google project's units used today, the daily limit, when it resets, whether loads are paused) and what a contest
 * on it is expected to cost (`expected`: the units of a first load of 1,000 entrants, of each later load, of each
 * publication), for the builder and the contest page to show before a contest starts; Instagram: the posts published
 * in the last 24 hours against its publishing limit (`expected` null). null for a network without a quota (the
 * sandbox, Bluesky).
 */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { driverFor } from "../drivers";
import { expectedUnits, QUOTA_COST } from "../drivers/youtube/quota";
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
  const quota = await driver.quotaState(account);
  // Units a contest is expected to cost: YouTube's quota; a limit counted in calls (Instagram's posts a day) has none.
  if (quota.unit !== "quota_units") return c.json({ quota, expected: null });
  const first = expectedUnits({ entrants: 1_000, loads: 1, publications: 0 });
  return c.json({
    quota,
    expected: {
      first_load_per_1000_entrants: first.per_load,
      later_load: QUOTA_COST["commentThreads.list"],
      publication: QUOTA_COST["commentThreads.insert"],
    },
  });
});

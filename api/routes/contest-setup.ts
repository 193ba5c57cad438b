/**
 * The setup of a classic (imported) contest (app-shell.md §4: "a classic not set up goes to settings for entry
 * verification"; api/services/contest-setup.ts says what a setup holds and how it is checked).
 *
 * POST /teams/current/contests/:id/setup
 *   { nb_winners, exclude_previous_winners?, exclude_contains_badword?, exclude_accounts?, manual_check? }
 * - Order (the builder's): session, team, not frozen (402), update_contests (403), a JSON body (400), the
 *   contest (404 for a draft or another team's), what it allows (409 contestNoLongerEditable unless it is a
 *   classic contest, started or closed, with no final draw; checked again in the transaction that writes), then
 *   the body (422 by field path: its shape, the base rules, the plan gates, the winners quota).
 * - Stores the settings in cb_data.base (where the filters read them) and config.nb_winners, sets
 *   config.is_setup, runs the filters again over the entries already loaded (verdicts and funnel), pushes
 *   load_contest. A contest may be set up again until it is drawn. Answers the contest (stored/contest).
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { contests } from "../db/tables";
import { lockTeam, transaction } from "../db/transaction";
import { refuse } from "../errors";
import { requirePermission, teamOf } from "../middleware/guards";
import { readClassicSetup } from "../services/contest-setup";
import type { ContestRow } from "../services/contests/form";
import { findContest } from "../services/contests/queries";
import { contestShape } from "../services/contests/shapes";
import { findFinalDraw } from "../services/draws";
import { refilterEntries } from "../services/entrants";
import { jsonBody, validationError } from "../validation";
import { contestOfPath } from "./lifecycle-common";
import { ID } from "./params";

/** A classic contest takes a setup while it runs or waits for its draw. */
async function canSetUp(db: Parameters<typeof findFinalDraw>[0], row: ContestRow): Promise<boolean> {
  return (
    row.type === "classic" &&
    (row.status === "started" || row.status === "closed") &&
    !(await findFinalDraw(db, row.id))
  );
}

export const contestSetupRoutes = new Hono<AppEnv>().post(
  `/contests/${ID}/setup`,
  requirePermission("team.contests.update_contests"),
  async (c) => {
    const { db, clock, catalog, realtime } = c.get("deps");
    const { team } = teamOf(c);
    const body = await jsonBody(c);
    const row = await contestOfPath(c);
    const now = clock();
    if (!(await canSetUp(db, row))) throw refuse("contestNoLongerEditable");
    const read = readClassicSetup(catalog, team, row, body, now);
    if (read.errors) throw validationError(c, read.errors);
    const { setup } = read;

    const at = now.toISOString();
    const updated = await transaction(db, async (tx) => {
      // Serialised with the team's draws and loads, whose outcome the setup depends on.
      await lockTeam(tx, team.id);
      // Read again where the write happens: a draw or a merge may have come in between.
      const fresh = await findContest(tx, team.id, row.id);
      if (!fresh || !(await canSetUp(tx, fresh))) throw refuse("contestNoLongerEditable");
      const cbData = { ...(fresh.cbData ?? {}), base: { ...(fresh.cbData?.base ?? {}), ...setup } };
      const config = { ...(fresh.config ?? {}), is_setup: true, nb_winners: setup.nb_winners };
      await tx.update(contests).set({ cbData, config, updatedAt: at }).where(eq(contests.id, fresh.id));
      const next = { ...fresh, cbData, config, updatedAt: at };
      await refilterEntries(tx, next, now, at, catalog.providers);
      return (await findContest(tx, team.id, fresh.id)) ?? next;
    });
    realtime.toTeam(team.id, { type: "load_contest", contest_id: row.id });
    return c.json(contestShape(updated));
  },
);

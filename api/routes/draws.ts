/**
 * Draws (issue 8, docs/draw.md; api/services/draws.ts does the drawing).
 *
 * POST …/contests/:id/draws {kind: "test" | "final", consent?}
 * - test: do_testdraw and the plan feature testDraws (403 upgradeToPerformTestDraws); the contest's entries must
 *   be loaded (409 entriesNotLoaded) and it not drawn (409 contestAlreadyDrawn). Reveals nothing of the final draw.
 * - final: do_finaldraw, consent: true (422 on consent: the final draw is made once), a closed contest (409
 *   contestNotClosed; 409 contestAlreadyDrawn after it). Reveals the seed, ends the contest (drawn_at), schedules
 *   the winners publications and private messages; logs startDraw and finishDraw; pushes load_contest.
 * Answers 201 with the draw.
 *
 * GET …/contests/:id/draws (view_contests): { data: [draws, oldest first] }.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { lockTeam, transaction } from "../db/transaction";
import { refuse } from "../errors";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { scheduleAfterDraw } from "../scheduler";
import { logActivity } from "../services/activity";
import { findCommitment } from "../services/commitments";
import { announceMoves } from "../services/contest-status";
import { findContest } from "../services/contests/queries";
import { drawCounts, drawShape, findFinalDraw, listDraws, makeDraw, momentWinners } from "../services/draws";
import { pickedAccounts } from "../services/entrants";
import { jsonBody, validationError } from "../validation";
import { contestOfPath, P, requireFeature, requireHeld } from "./lifecycle-common";
import { ID } from "./params";

export const drawsRoutes = new Hono<AppEnv>()
  .post(`/contests/${ID}/draws`, requirePermission(`${P.doTestDraw} ${P.doFinalDraw}`), async (c) => {
    const { db, clock, catalog, realtime } = c.get("deps");
    const { team } = teamOf(c);
    const userId = authOf(c).user.id;
    const body = await jsonBody(c);
    const row = await contestOfPath(c);
    const { kind, consent } = body;
    if (kind !== "test" && kind !== "final") {
      const key =
        kind === undefined || kind === null || kind === "" ? "validation.required" : "validation.in";
      throw validationError(c, { kind: [{ key, rule: "in" }] });
    }
    requireHeld(c, kind === "test" ? P.doTestDraw : P.doFinalDraw);
    if (kind === "test") requireFeature(c, "testDraws", "upgradeToPerformTestDraws");
    if (consent !== undefined && typeof consent !== "boolean") {
      throw validationError(c, { consent: [{ key: "validation.boolean", rule: "boolean" }] });
    }
    if (kind === "final" && consent !== true) {
      throw validationError(c, { consent: [{ key: "validation.consent", rule: "consent" }] });
    }
    const at = clock().toISOString();
    const outcome = await transaction(db, async (tx) => {
      // One draw of the team at a time: what is read here (a final draw made?) still holds at the write.
      await lockTeam(tx, team.id);
      const fresh = (await findContest(tx, team.id, row.id)) ?? row;
      if (kind === "test") {
        if (await findFinalDraw(tx, fresh.id)) throw refuse("contestAlreadyDrawn");
        if (fresh.entriesLoadedAt === null) throw refuse("entriesNotLoaded");
      }
      const meta = { contest: { _id: fresh.id, name: fresh.name }, kind };
      await logActivity(tx, clock, { teamId: team.id, type: "startDraw", userId, meta });
      const made = await makeDraw(tx, {
        counts: drawCounts(catalog, team, fresh),
        contest: fresh,
        kind,
        userId,
        at,
        refuse: (why) => refuse(why),
      });
      if (kind === "final") await scheduleAfterDraw(tx, fresh, at);
      await logActivity(tx, clock, { teamId: team.id, type: "finishDraw", userId, meta });
      return made;
    });
    announceMoves(realtime, [outcome.move]);
    if (!outcome.move) realtime.toTeam(team.id, { type: "load_contest", contest_id: row.id });
    const seed = kind === "final" ? ((await findCommitment(db, row.id))?.seed ?? null) : null;
    const moments = kind === "final" ? await momentWinners(db, row.id) : [];
    const user = authOf(c).user;
    return c.json(drawShape(outcome.draw, { createdByName: user.name, seed, momentWinners: moments }), 201);
  })
  .get(`/contests/${ID}/draws`, requirePermission(P.viewContests), async (c) => {
    const { db, catalog } = c.get("deps");
    const row = await contestOfPath(c);
    const commitment = await findCommitment(db, row.id);
    const seed = commitment?.revealedAt ? commitment.seed : null;
    const moments = await momentWinners(db, row.id);
    const list = await listDraws(db, row.id);
    // Every pick named (handle, name, profile), so the page never shows an account by its raw id.
    const picked = [...moments, ...list.flatMap(({ draw }) => [...draw.winners, ...draw.substitutes])];
    return c.json({
      data: list.map(({ draw, userName }) =>
        drawShape(draw, { createdByName: userName, seed, momentWinners: moments }),
      ),
      accounts: await pickedAccounts(db, catalog, row.id, picked),
    });
  });

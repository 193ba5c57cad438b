/**
 * A contest's entries (issue 8): loading them by hand into a classic contest, listing them, the manual check of
 * one account, the statistics and the CSV download.
 *
 * Every call: a session, the current team, a team that is not frozen (402), a permission; another team's contest
 * (or a draft) is a 404.
 * - POST …/contests/:id/load_entries {consent} (load_entries): a classic (imported) contest that is started or
 *   closed and not drawn (409 contestNotLoadable otherwise). The first load needs consent: true (422 on consent).
 *   At most 3000 entries are loaded: the first ones, and the answer says so (truncated, limit). The load replaces
 *   the entries, runs the filters, closes a started contest and logs loadContest. Tunnel contests load theirs at
 *   the close (the scheduler).
 * - GET …/contests/:id/entries?valid=true|false&page=&per_page= (view_contests): { data, meta, funnel }.
 * - POST …/contests/:id/entries/:entrantId/profile (no body; load_entries or do_finaldraw; plan feature
 *   draw.manualCheck): records that the signed-in user opened the entrant's profile (every entry of that
 *   account) and answers its address; 409 conflict when the account has none.
 * - POST …/contests/:id/entries/:entrantId/check {decision, reasons} (same permissions and feature): approve with
 *   no reason, reject with at least one (schemas/manual-check-reasons.json keys, the contest's own list, or free
 *   text of 3 to 50 characters). Refused (422 on opened_profile) unless the signed-in user is the last to have
 *   opened the profile through the call above: the server knows it, so it no longer reads a flag of the client
 *   (a body's opened_profile is ignored, like any unknown field; docs/decisions/012). Applies to every entry of
 *   that account; 404 unknown entrant, then 409 once drawn, then the 422.
 * - GET …/contests/:id/publications (view_contests): what the contest published and sent (the sandbox's only
 *   trace of it), oldest first.
 * - GET …/contests/:id/statistics (view_contests; feature contest.statistics, 403 planNotSupported).
 * - GET …/contests/:id/entries/export (export_entries; feature exportEntries, 403 upgradeToDownloadEntries): CSV.
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ValidationErrors } from "../../engine/messages/types";
import { isPlainObject } from "../../engine/values";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { contests } from "../db/tables";
import { lockTeam, transaction } from "../db/transaction";
import { AppError, refuse } from "../errors";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { logActivity } from "../services/activity";
import { commitContest, findCommitment } from "../services/commitments";
import { announceMoves, moveStatus } from "../services/contest-status";
import { findFinalDraw, momentWinners } from "../services/draws";
import {
  CLASSIC_LOAD_MAX,
  checkEntrant,
  entrantProfileUrl,
  entrantsOf,
  entriesCounts,
  entriesPage,
  entryShape,
  profileOpenedBy,
  readEntries,
  recordProfileOpening,
  writeEntries,
} from "../services/entrants";
import { contestPublications, publicationShape } from "../services/publications";
import { importsLeft, paidReloads } from "../services/quickdraw";
import { contestStatistics, csvFilename, entriesCsv } from "../services/statistics";
import { teamFeatures } from "../services/teams";
import { jsonBody, validationError } from "../validation";
import { contestOfPath, P, pagination, requireFeature } from "./lifecycle-common";
import { ID } from "./params";

/** A manual check reason of free text: 3 to 50 characters (contest-builder.md §5, the manual check list). */
const REASON_LENGTH = { min: 3, max: 50 };
const MAX_REASONS = 20;

async function drawSets(c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }, contestId: string) {
  const { db } = c.get("deps");
  const draw = await findFinalDraw(db, contestId);
  return {
    winners: new Set([...(draw?.winners ?? []), ...(draw ? await momentWinners(db, contestId) : [])]),
    substitutes: new Set(draw?.substitutes ?? []),
  };
}

/**
 * The body of a check and whether the reviewer opened the profile (`opened`, what the server recorded), with every
 * field's first problem in one 422.
 */
function readCheck(
  c: Parameters<typeof validationError>[0],
  body: Record<string, unknown>,
  known: readonly string[],
  opened: boolean,
): { decision: "approve" | "reject"; reasons: string[] } {
  const errors: ValidationErrors = {};
  const { decision, reasons } = body;
  if (decision === undefined || decision === null || decision === "") {
    errors.decision = [{ key: "validation.required", rule: "required" }];
  } else if (decision !== "approve" && decision !== "reject") {
    errors.decision = [{ key: "validation.in", rule: "in" }];
  }
  const list: string[] = [];
  if (reasons !== undefined && reasons !== null && !Array.isArray(reasons)) {
    errors.reasons = [{ key: "validation.array", rule: "array" }];
  } else if (Array.isArray(reasons)) {
    if (reasons.length > MAX_REASONS) {
      errors.reasons = [
        { key: "validation.between.array", values: { min: 0, max: MAX_REASONS }, rule: "array" },
      ];
    } else {
      reasons.forEach((reason, i) => {
        if (typeof reason !== "string") {
          errors[`reasons.${i}`] = [{ key: "validation.string", rule: "string" }];
          return;
        }
        const text = reason.trim().replace(/\s+/g, " ");
        if (!known.includes(text) && [...text].length < REASON_LENGTH.min) {
          errors[`reasons.${i}`] = [
            { key: "validation.between.string.min", values: { n: REASON_LENGTH.min }, rule: "between" },
          ];
        } else if ([...text].length > REASON_LENGTH.max) {
          errors[`reasons.${i}`] = [
            { key: "validation.between.string.max", values: { n: REASON_LENGTH.max }, rule: "between" },
          ];
        } else if (!list.includes(text)) {
          list.push(text);
        }
      });
    }
  }
  if (!errors.reasons && !Object.keys(errors).some((k) => k.startsWith("reasons."))) {
    if (decision === "approve" && list.length > 0) {
      errors.reasons = [{ key: "validation.manual_check.no_reason_to_approve", rule: "manual_check" }];
    }
    if (decision === "reject" && list.length === 0) {
      errors.reasons = [{ key: "validation.array_min", values: { n: 1 }, rule: "array_min" }];
    }
  }
  if (!opened) {
    errors.opened_profile = [{ key: "validation.manual_check.profile_not_opened", rule: "manual_check" }];
  }
  if (Object.keys(errors).length > 0) throw validationError(c, errors);
  return { decision: decision as "approve" | "reject", reasons: list };
}

/** The reasons a contest offers: the catalogue's keys and the contest's own list (base.manual_check.list). */
function knownReasons(catalogReasons: readonly string[], cbData: unknown): string[] {
  const own = isPlainObject(cbData) && isPlainObject(cbData.base) ? cbData.base.manual_check : undefined;
  const list = isPlainObject(own) && Array.isArray(own.list) ? own.list : [];
  return [...catalogReasons, ...list.filter((r): r is string => typeof r === "string")];
}

export const entriesRoutes = new Hono<AppEnv>()
  .post(`/contests/${ID}/load_entries`, requirePermission(P.loadEntries), async (c) => {
    const deps = c.get("deps");
    const { db, clock, realtime, catalog } = deps;
    const { team } = teamOf(c);
    const userId = authOf(c).user.id;
    const body = await jsonBody(c);
    const row = await contestOfPath(c);
    const loadable = async (r: typeof row, reader: Pick<Db, "select">) =>
      r.type === "classic" &&
      (r.status === "started" || r.status === "closed") &&
      !(await findFinalDraw(reader, r.id));
    if (!(await loadable(row, db))) throw refuse("contestNotLoadable");
    const { consent } = body;
    if (consent !== undefined && typeof consent !== "boolean") {
      throw validationError(c, { consent: [{ key: "validation.boolean", rule: "boolean" }] });
    }
    if (row.entriesLoadedAt === null && consent !== true) {
      throw validationError(c, { consent: [{ key: "validation.consent", rule: "consent" }] });
    }
    const now = clock();
    // A person waits: a network's rate limit answers 429 with retry_after rather than holding the request.
    const load = await readEntries(deps, row, { limit: CLASSIC_LOAD_MAX, now, person: true });
    const at = clock().toISOString();
    const move = await transaction(db, async (tx) => {
      // The imports of the month are counted below: one load of the team at a time.
      await lockTeam(tx, team.id);
      // Read again in the transaction, where the write happens.
      const fresh = await contestOfPath(c, tx);
      if (!(await loadable(fresh, tx))) throw refuse("contestNotLoadable");
      // A reload uses one import of the month unless the plan has freeLoad (services/quickdraw.ts importsUsed).
      const paid = fresh.entriesLoadedAt !== null && !teamFeatures(catalog, team).includes("freeLoad");
      if (paid && (await importsLeft(tx, catalog, team, now)).left === 0) {
        const { quota } = await importsLeft(tx, catalog, team, now);
        throw refuse("importsQuotaExceeded", {
          message: "error.importsQuotaExceeded",
          values: { n: quota },
        });
      }
      // The seed is committed before the entries it will draw from are stored.
      if (!(await findCommitment(tx, fresh.id))) await commitContest(tx, fresh, at);
      await writeEntries(tx, fresh, load, at);
      if (paid) {
        await tx
          .update(contests)
          .set({ meta: { ...fresh.meta, paid_reloads: [...paidReloads(fresh.meta), at] } })
          .where(eq(contests.id, fresh.id));
      }
      await logActivity(tx, clock, {
        teamId: team.id,
        type: "loadContest",
        userId,
        meta: { contest: { _id: fresh.id, name: fresh.name }, entries: load.entrants.length },
      });
      return await moveStatus(tx, fresh.id, "closed", at);
    });
    announceMoves(realtime, [move]);
    if (!move) realtime.toTeam(team.id, { type: "load_contest", contest_id: row.id });
    const { funnel } = load;
    return c.json({
      contest_id: row.id,
      loaded: funnel.kept,
      valid: funnel.valid,
      truncated: funnel.truncated,
      limit: CLASSIC_LOAD_MAX,
      ...(funnel.truncated
        ? { message: `Only the first ${CLASSIC_LOAD_MAX} entries were loaded: the post has more.` }
        : {}),
      funnel,
    });
  })
  .get(`/contests/${ID}/entries`, requirePermission(P.viewContests), async (c) => {
    const { db } = c.get("deps");
    const row = await contestOfPath(c);
    const validQuery = c.req.query("valid");
    if (validQuery !== undefined && validQuery !== "" && validQuery !== "true" && validQuery !== "false") {
      throw validationError(c, { valid: [{ key: "validation.in", rule: "query" }] });
    }
    const valid = validQuery === "true" ? true : validQuery === "false" ? false : null;
    const { page, perPage } = pagination(c);
    const { rows, total } = await entriesPage(db, row.id, { valid, page, perPage });
    const sets = await drawSets(c, row.id);
    const viewer = authOf(c).user.id;
    return c.json({
      data: rows.map((r) => entryShape(r, sets, viewer)),
      meta: {
        page,
        per_page: perPage,
        total,
        ...(await entriesCounts(db, row.id)),
        entries_loaded_at: row.entriesLoadedAt,
      },
      funnel: row.funnel ?? null,
    });
  })
  .get(`/contests/${ID}/entries/export`, requirePermission(P.exportEntries), async (c) => {
    requireFeature(c, "exportEntries", "upgradeToDownloadEntries");
    const row = await contestOfPath(c);
    const csv = await entriesCsv(c.get("deps").db, row);
    const filename = csvFilename(row);
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    });
  })
  .post(
    `/contests/${ID}/entries/:entrantId/profile`,
    requirePermission(`${P.loadEntries} ${P.doFinalDraw}`),
    async (c) => {
      const { db, clock, catalog } = c.get("deps");
      const userId = authOf(c).user.id;
      requireFeature(c, "draw.manualCheck", "planNotSupported", "error.planNotSupported.manualCheck");
      const row = await contestOfPath(c);
      const entrantId = c.req.param("entrantId");
      const at = clock().toISOString();
      const { team } = teamOf(c);
      const url = await transaction(db, async (tx) => {
        // The entrant's openings are read and written back: one change of the team's entries at a time.
        await lockTeam(tx, team.id);
        const [entry] = await entrantsOf(tx, row.id, [entrantId]);
        if (!entry) throw new AppError("notFound", { message: "error.notFound.entry" });
        const found = entrantProfileUrl(entry, catalog.providers.get(entry.provider));
        if (!found) {
          throw new AppError("conflict", { message: "error.conflict.noProfileLink" });
        }
        await recordProfileOpening(tx, row.id, entrantId, { by: userId, at });
        return found;
      });
      return c.json({ entrant_id: entrantId, profile_url: url, opened_at: at });
    },
  )
  .post(
    `/contests/${ID}/entries/:entrantId/check`,
    requirePermission(`${P.loadEntries} ${P.doFinalDraw}`),
    async (c) => {
      const { db, clock, catalog, realtime } = c.get("deps");
      const { team } = teamOf(c);
      const userId = authOf(c).user.id;
      requireFeature(c, "draw.manualCheck", "planNotSupported", "error.planNotSupported.manualCheck");
      const body = await jsonBody(c);
      const row = await contestOfPath(c);
      const known = knownReasons(catalog.manualCheckReasons, row.cbData);
      const entrantId = c.req.param("entrantId");
      await transaction(db, async (tx) => {
        // After the team's other writes (a final draw made meanwhile refuses the check).
        await lockTeam(tx, team.id);
        // Read where the write happens: the opening checked is the one the check is recorded against.
        const rows = await entrantsOf(tx, row.id, [entrantId]);
        if (rows.length === 0) throw new AppError("notFound", { message: "error.notFound.entry" });
        if (await findFinalDraw(tx, row.id)) throw refuse("contestAlreadyDrawn");
        const { decision, reasons } = readCheck(c, body, known, profileOpenedBy(rows, userId));
        await checkEntrant(tx, row.id, entrantId, {
          status: decision === "approve" ? "approved" : "rejected",
          reasons,
          by: userId,
          clock,
        });
      });
      realtime.toTeam(team.id, { type: "load_contest", contest_id: row.id });
      const [entry] = await entrantsOf(db, row.id, [entrantId]);
      if (!entry) throw new AppError("notFound", { message: "error.notFound.entry" });
      return c.json(entryShape(entry, await drawSets(c, row.id), userId));
    },
  )
  .get(`/contests/${ID}/publications`, requirePermission(P.viewContests), async (c) => {
    const row = await contestOfPath(c);
    return c.json({ data: (await contestPublications(c.get("deps").db, row.id)).map(publicationShape) });
  })
  .get(`/contests/${ID}/statistics`, requirePermission(P.viewContests), async (c) => {
    requireFeature(c, "contest.statistics", "planNotSupported", "error.planNotSupported.statistics");
    const row = await contestOfPath(c);
    return c.json(await contestStatistics(c.get("deps").db, row));
  });

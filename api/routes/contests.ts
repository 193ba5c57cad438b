/**
 * Contests and drafts made by the builder (contest-builder.md §4; app-shell.md §7); templates: routes/templates.ts.
 *
 * Every call: a session, the current team, a team that is not frozen (402), then a permission (app-shell.md §6).
 * The route guard asks for any permission the call may need; the handler then asks for the one its status needs:
 * - read contests and drafts: view_contests; read templates: view_templates;
 * - save a new draft: create_drafts; save a draft again: update_drafts; delete a draft: delete_drafts;
 * - create a contest, or submit a draft (it becomes the contest, same id): create_contests;
 * - save a planned contest again: update_contests; delete a planned contest: delete_contests;
 * - templates: create_templates, update_templates, delete_templates.
 *
 * A body is checked in this order: its structure (422 with paths), the permission for its status (403), the
 * idempotency key of a create (same body: the first answer again; another body: 409), the origin's state (409),
 * the rules with the team's context (422: a submit validates everything, a draft or a template the name only),
 * the plan (403 planNotSupported), the quotas (403, counted in the transaction that writes). What is stored is
 * storedFormOf(form): never the options the team may not use nor those switched off.
 *
 * Origins (§4, engine/builder/origin.ts callFor): a draft save updates a draft; a submit updates a planned
 * contest or turns a draft into the contest (same id, created_at set to that moment); a planned contest can't go
 * back to being a draft, and nothing after planned can be changed or deleted (409). A planned contest's start
 * may be moved by an update (the builder keeps it unless the person changes it; the start-date rule checks the
 * new one), but once its stored start is within the lead window of the start-date rule (now + 5 minutes) it can
 * no longer be edited (409 contestNoLongerEditable). A duplicate (is_duplicate in a create body) is a new object.
 * Templates never touch contests. `paid_contest` is the stored flag (set by the billing of a one-shot), never
 * the body's. The createContest activity is logged when a contest comes into being (a create, or a draft
 * submitted); every save of a planned contest pushes load_contest to the team.
 */
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { contests } from "../db/tables";
import { lockTeam, transaction } from "../db/transaction";
import { refuse } from "../errors";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { cancelContestJobs, findJob, scheduleContest, scheduleContestById } from "../scheduler";
import {
  type ContestRow,
  contestColumns,
  isPastEditLock,
  type StoredSource,
  startLeadMs,
} from "../services/contests/form";
import { filesOf } from "../services/contests/media";
import { listContests, neighboursOf } from "../services/contests/queries";
import { contestListItem, contestShape } from "../services/contests/shapes";
import { replayOf } from "../services/idempotency";
import { contestPublications } from "../services/publications";
import { jsonBody } from "../validation";
import { createOnce, idempotentRequest, logContestCreated } from "./builder/create-once";
import { existingContest } from "./builder/existing";
import { checkForm, readForm } from "./builder/form-checks";
import { pagination, statusFilter, withOptions } from "./builder/list-query";
import { P } from "./builder/permissions";
import { assertPaymentDraftRoom, assertQuota } from "./builder/quotas";
import { requireHeld } from "./lifecycle-common";
import { ID } from "./params";

/**
 * What a create reads back of the row it wrote to plan its jobs: the columns the database settles, not the form
 * and the sources it was just given (tens of KB of JSON, parsed back for nothing). Built per call: the tables are
 * bound to the database's dialect when it opens (api/db/tables.ts).
 */
function schedulingColumns() {
  return {
    id: contests.id,
    type: contests.type,
    status: contests.status,
    deletedAt: contests.deletedAt,
    startAt: contests.startAt,
    startedAt: contests.startedAt,
    closeAt: contests.closeAt,
    config: contests.config,
  };
}

/**
 * A planned contest's start is under way (it can no longer be deleted): its start job is claimed (publishing), or
 * the start is within the edit lock. A start that is overdue and only waiting (its job waits with an error, a
 * missing account, or failed for good) with nothing published yet is not under way: the contest may go.
 */
async function startUnderWay(
  tx: Pick<Db, "select">,
  row: ContestRow,
  now: Date,
  leadMs: number,
): Promise<boolean> {
  const start = await findJob(tx, row.id);
  if (start?.status === "claimed") return true;
  if (!isPastEditLock(row, now, leadMs)) return false;
  const waiting =
    start !== undefined &&
    (start.status === "failed" || (start.status === "pending" && start.lastError !== null));
  return !(waiting && (await contestPublications(tx, row.id)).length === 0);
}

export const contestsRoutes = new Hono<AppEnv>()
  // ------------------------------------------------------------------------------------------ contests
  .get("/contests/list", requirePermission(P.viewContests), async (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const statuses = statusFilter(c);
    const { page, perPage } = pagination(c);
    const { items, total } = await listContests(db, team.id, statuses, page, perPage);
    return c.json({ data: items.map(contestListItem), meta: { page, per_page: perPage, total } });
  })
  .post("/contests/create", requirePermission(`${P.createDrafts} ${P.createContests}`), async (c) => {
    const { db, clock, realtime } = c.get("deps");
    const { team } = teamOf(c);
    const userId = authOf(c).user.id;
    const body = await jsonBody(c);
    const { form, isDuplicate } = await readForm(c, body, "contests", "create");
    const planned = form.status === "planned";
    const forPayment = form.forPayment === true;
    requireHeld(c, planned ? P.createContests : P.createDrafts);

    const request = idempotentRequest(c, body, form, "contests.create");
    const replay = await replayOf(db, request);
    if (replay) return c.json(replay.response, replay.status);

    const now = clock();
    const { ctx, accounts, stored } = await checkForm(c, form, now, { planned, paid: false });
    const columns = contestColumns(stored, accounts);
    // A draft kept for a one-shot payment counts in no plan quota, only in the limit of such drafts.
    const quota = planned ? "contests" : forPayment ? "forPayment" : "drafts";
    const { answer, created } = await createOnce(
      c,
      { request, now, ctx, quota, idField: "contest_id" },
      async (tx, id, at) => {
        // The row as stored, for its jobs: answered by the insert rather than read again.
        const [written] = await tx
          .insert(contests)
          .values({
            id,
            teamId: team.id,
            ...columns,
            status: form.status,
            cbData: stored,
            meta: {},
            paidContest: false,
            forPayment,
            isDuplicate,
            createdBy: userId,
            createdAt: at,
            updatedAt: at,
          })
          .returning(schedulingColumns());
        if (planned && written) {
          await logContestCreated(c, tx, userId, id, columns.name);
          await scheduleContest(tx, { ...written, sources: columns.sources, cbData: stored }, at);
        }
      },
    );
    if (created && planned) realtime.toTeam(team.id, { type: "load_contest", contest_id: created });
    return c.json(answer.response, answer.status);
  })
  .get(`/contests/${ID}`, requirePermission(P.viewContests), async (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const row = await existingContest(db, team.id, c.req.param("id"));
    const options = withOptions(c);
    return c.json(
      contestShape(row, {
        ...(options.has("files") ? { files: await filesOf(db, team.id, row.cbData) } : {}),
        ...(options.has("prev-next") ? { neighbours: await neighboursOf(db, row) } : {}),
      }),
    );
  })
  .post(
    `/contests/${ID}`,
    requirePermission(`${P.updateDrafts} ${P.createContests} ${P.updateContests}`),
    async (c) => {
      const { db, clock, catalog, realtime } = c.get("deps");
      const { team } = teamOf(c);
      const userId = authOf(c).user.id;
      const body = await jsonBody(c);
      const { form } = await readForm(c, body, "contests", "update");
      const row = await existingContest(db, team.id, c.req.param("id"));
      const planned = form.status === "planned";
      requireHeld(
        c,
        row.status === "draft" ? (planned ? P.createContests : P.updateDrafts) : P.updateContests,
      );

      const now = clock();
      const lead = startLeadMs(catalog);
      const assertUpdatable = (current: ContestRow) => {
        if (current.status !== "draft" && current.status !== "planned") throw refuse("contestNotUpdatable");
        if (current.status === "planned" && !planned) throw refuse("contestNotUpdatable");
        if (current.status === "planned" && isPastEditLock(current, now, lead)) {
          throw refuse("contestNoLongerEditable");
        }
      };
      assertUpdatable(row);

      const { ctx, accounts, stored } = await checkForm(c, form, now, { planned, paid: row.paidContest });
      const previous = (Array.isArray(row.sources) ? row.sources : []) as unknown as StoredSource[];
      const columns = contestColumns(stored, accounts, previous);

      await transaction(db, async (tx) => {
        // The team's quotas are counted below: two processes saving for one team count one after the other.
        await lockTeam(tx, team.id);
        // Read again where the write happens: the status may have moved since (a start, another save).
        const current = await existingContest(tx, team.id, row.id);
        assertUpdatable(current);
        const fromDraft = current.status === "draft" && planned;
        if (fromDraft && !current.paidContest) await assertQuota(c, tx, ctx, "contests");
        if (!planned && !current.forPayment && form.forPayment === true) await assertPaymentDraftRoom(c, tx);
        const at = now.toISOString();
        await tx
          .update(contests)
          .set({
            ...columns,
            status: form.status,
            cbData: stored,
            forPayment: planned ? false : current.forPayment || form.forPayment === true,
            updatedAt: at,
            ...(fromDraft ? { createdAt: at } : {}),
          })
          .where(and(eq(contests.id, current.id), eq(contests.status, current.status)));
        if (fromDraft) await logContestCreated(c, tx, userId, current.id, columns.name);
        // A planned contest's jobs follow its dates (api/scheduler/jobs.ts).
        if (planned) await scheduleContestById(tx, current.id, at);
      });
      if (planned) realtime.toTeam(team.id, { type: "load_contest", contest_id: row.id });
      return c.json({ contest_id: row.id });
    },
  )
  .delete(`/contests/${ID}`, requirePermission(`${P.deleteDrafts} ${P.deleteContests}`), async (c) => {
    const { db, clock, catalog } = c.get("deps");
    const { team } = teamOf(c);
    const row = await existingContest(db, team.id, c.req.param("id"));
    requireHeld(c, row.status === "draft" ? P.deleteDrafts : P.deleteContests);
    const now = clock();
    await transaction(db, async (tx) => {
      const current = await existingContest(tx, team.id, row.id);
      if (current.status !== "draft" && current.status !== "planned") {
        throw refuse("contestNotDeletable");
      }
      if (current.status === "planned" && (await startUnderWay(tx, current, now, startLeadMs(catalog)))) {
        throw refuse("contestNoLongerEditable");
      }
      const at = now.toISOString();
      await tx
        .update(contests)
        .set({ deletedAt: at, updatedAt: at })
        .where(and(eq(contests.id, current.id), eq(contests.status, current.status)));
      await cancelContestJobs(tx, current.id, at);
    });
    return c.json({ success: true });
  });

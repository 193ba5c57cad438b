/**
 * Contests, drafts and templates made by the builder (contest-builder.md §4, §7; app-shell.md §7).
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
import { and, eq, isNull } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { ContestForm } from "../../codegen/types";
import type { ValidationContext } from "../../engine/config/types";
import type { ValidationErrors } from "../../engine/messages/types";
import { ALL, NAME_ONLY, type ValidationTarget, validate } from "../../engine/validation/validate";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { contests, templates } from "../db/schema";
import { AppError, refuse } from "../errors";
import { newId } from "../ids";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { cancelContestJobs, findJob, scheduleContestById } from "../scheduler";
import { type TeamAccount, teamAccounts } from "../services/accounts";
import { logActivity } from "../services/activity";
import {
  CONTEST_STATUSES,
  type ContestRow,
  contestColumns,
  contestListItem,
  contestShape,
  countActiveContests,
  countDrafts,
  countPaymentDrafts,
  countTemplates,
  DEFAULT_PER_PAGE,
  filesOf,
  findContest,
  findTemplate,
  isPastEditLock,
  LISTABLE_STATUSES,
  listContests,
  listTemplates,
  MAX_PER_PAGE,
  neighboursOf,
  publishingAccount,
  resolveMediaFiles,
  type StoredForm,
  type StoredSource,
  startLeadMs,
  storedFormOf,
  structureErrors,
  type TemplateRow,
  templateListItem,
  templateShape,
  validationContextOf,
} from "../services/contests";
import { type IdempotentAnswer, rememberAnswer, replayOf, requestHash } from "../services/idempotency";
import { contestPublications } from "../services/publications";
import { jsonBody, validationError } from "../validation";
import { requireFeature, requireHeld } from "./lifecycle-common";
import { ID } from "./params";

const P = {
  viewContests: "team.contests.view_contests",
  createDrafts: "team.contests.create_drafts",
  updateDrafts: "team.contests.update_drafts",
  deleteDrafts: "team.contests.delete_drafts",
  createContests: "team.contests.create_contests",
  updateContests: "team.contests.update_contests",
  deleteContests: "team.contests.delete_contests",
  viewTemplates: "team.templates.view_templates",
  createTemplates: "team.templates.create_templates",
  updateTemplates: "team.templates.update_templates",
  deleteTemplates: "team.templates.delete_templates",
} as const;

type Kind = "contests" | "templates";
type Call = "create" | "update";

/**
 * A planned contest's start is under way (it can no longer be deleted): its start job is claimed (publishing), or
 * the start is within the edit lock. A start that is overdue and only waiting (its job waits with an error, a
 * missing account, or failed for good) with nothing published yet is not under way: the contest may go.
 */
function startUnderWay(tx: Pick<Db, "select">, row: ContestRow, now: Date, leadMs: number): boolean {
  const start = findJob(tx, row.id);
  if (start?.status === "claimed") return true;
  if (!isPastEditLock(row, now, leadMs)) return false;
  const waiting =
    start !== undefined &&
    (start.status === "failed" || (start.status === "pending" && start.lastError !== null));
  return !(waiting && contestPublications(tx, row.id).length === 0);
}

function add(errors: ValidationErrors, path: string, key: string, rule: string) {
  errors[path] = [...(errors[path] ?? []), { key, rule }];
}

/**
 * The body as a form: its structure (schemas/contest/form.schema.json), a status the call takes, and on create
 * calls an idempotency key. `is_duplicate` (a create of a contest from a copied form) is read apart.
 */
function readForm(
  c: Context<AppEnv>,
  body: Record<string, unknown>,
  kind: Kind,
  call: Call,
): { form: ContestForm; isDuplicate: boolean } {
  const { is_duplicate: duplicate, ...rest } = body;
  const takesDuplicate = kind === "contests" && call === "create";
  const errors = structureErrors(c.get("deps").catalog, takesDuplicate ? rest : body);
  if (takesDuplicate && duplicate !== undefined && typeof duplicate !== "boolean") {
    add(errors, "is_duplicate", "validation.structure.type", "schema:type");
  }
  if (Object.keys(errors).length === 0) {
    const { status, forPayment, idempotency_key: key } = rest;
    if (kind === "contests" && status === "template") add(errors, "status", "validation.in", "status");
    if (kind === "templates" && status !== "template") add(errors, "status", "validation.in", "status");
    // A draft kept for a one-shot payment is a draft.
    if (kind === "contests" && forPayment === true && status !== "draft") {
      add(errors, "forPayment", "validation.in", "forPayment");
    }
    if (call === "create" && (typeof key !== "string" || key === "")) {
      add(errors, "idempotency_key", "validation.required", "required");
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(c, errors);
  // The structure check above is the type check: the body is a ContestForm.
  const form = (takesDuplicate ? rest : body) as unknown as ContestForm;
  const mediaErrors = resolveMediaFiles(c.get("deps").db, teamOf(c).team.id, form);
  if (Object.keys(mediaErrors).length > 0) throw validationError(c, mediaErrors);
  return { form, isDuplicate: duplicate === true };
}

/** The engine's rules with the team's context; a submit (planned) validates everything, the rest the name only. */
function checkRules(c: Context<AppEnv>, form: ContestForm, ctx: ValidationContext, target: ValidationTarget) {
  const groups = { base: form.base, sources: form.sources, summary: form.summary };
  const errors = validate(groups, c.get("deps").catalog.builder, ctx, target);
  if (Object.keys(errors).length > 0) throw validationError(c, errors);
}

/** A submitted contest publishes with the team's own accounts (or accounts lent to it) of each network. */
function checkAccounts(c: Context<AppEnv>, form: ContestForm, accounts: readonly TeamAccount[]) {
  const errors: ValidationErrors = {};
  form.sources.forEach((source, i) => {
    if (!publishingAccount(accounts, source)) {
      add(errors, `sources.${i}.publication.account_id`, "validation.account.not_linked", "account");
    }
  });
  if (Object.keys(errors).length > 0) throw validationError(c, errors);
}

/** Creating or saving a contest that is not a paid one-shot needs the contestBuilder feature (§4 Submit). */
function checkPlan(ctx: ValidationContext, paid: boolean) {
  if (!paid && !ctx.teamFeatures.has("contestBuilder")) throw refuse("planNotSupported");
}

/** The `with` options of a read (?with=files,prev-next or repeated). */
function withOptions(c: Context<AppEnv>): Set<string> {
  return new Set((c.req.queries("with") ?? []).flatMap((w) => w.split(",")).map((w) => w.trim()));
}

function positiveInt(value: string | undefined, fallback: number, max: number): number | null {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** ?page= (from 1) and ?per_page= (1 to 100, default 20); 422 on anything else. */
export function pagination(c: Context<AppEnv>): { page: number; perPage: number } {
  const errors: ValidationErrors = {};
  const page = positiveInt(c.req.query("page"), 1, 1_000_000);
  const perPage = positiveInt(c.req.query("per_page"), DEFAULT_PER_PAGE, MAX_PER_PAGE);
  if (page === null) add(errors, "page", "validation.integer", "query");
  if (perPage === null) add(errors, "per_page", "validation.range", "query");
  if (page === null || perPage === null) throw validationError(c, errors);
  return { page, perPage };
}

/** ?status=draft, ?status=planned,started or repeated; every status but draft when absent. */
export function statusFilter(c: Context<AppEnv>): readonly string[] {
  const asked = (c.req.queries("status") ?? [])
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (asked.length === 0) return CONTEST_STATUSES;
  if (asked.some((s) => !(LISTABLE_STATUSES as readonly string[]).includes(s))) {
    throw validationError(c, { status: [{ key: "validation.in", rule: "query" }] });
  }
  return [...new Set(asked)];
}

function notFound(what: "contest" | "template"): AppError {
  return new AppError("notFound", { message: `error.notFound.${what}` });
}

/** The transaction of a write (db.transaction's callback argument). */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Parameters<typeof findContest>[0];
type IdempotentRequest = Parameters<typeof replayOf>[1];

/** The team's contest or draft with that id, or 404. */
function existingContest(db: Reader, teamId: string, id: string): ContestRow {
  const row = findContest(db, teamId, id);
  if (!row) throw notFound("contest");
  return row;
}

/** The team's template with that id, or 404. */
function existingTemplate(db: Reader, teamId: string, id: string): TemplateRow {
  const row = findTemplate(db, teamId, id);
  if (!row) throw notFound("template");
  return row;
}

/** Each quota (a key of the context's quotas): its error and what it counts. */
const QUOTAS = {
  contests: { key: "contestsQuotaExceeded", count: countActiveContests },
  drafts: { key: "draftsQuotaExceeded", count: countDrafts },
  templates: { key: "templatesQuotaExceeded", count: countTemplates },
} as const;
type QuotaName = keyof typeof QUOTAS;

/** A draft kept for payment counts in no plan quota, but a team keeps only so many of them at once. */
function assertPaymentDraftRoom(c: Context<AppEnv>, tx: Tx) {
  const { limiter } = c.get("deps");
  limiter.checkCount(
    "drafts.for_payment.per_team",
    countPaymentDrafts(tx, teamOf(c).team.id),
    "draftsQuotaExceeded",
    "error.draftsQuotaExceeded.payment",
  );
}

/** The quota of a create, counted in the writing transaction. */
function assertQuota(c: Context<AppEnv>, tx: Tx, ctx: ValidationContext, name: QuotaName) {
  const { key, count } = QUOTAS[name];
  const used = count(tx, teamOf(c).team.id);
  const quota = ctx.quotas[name] ?? 0;
  if (used >= quota) throw refuse(key, { values: { n: quota } });
}

/** A create's idempotency request: the body's key for this call (scope) in the team, and the body's hash. */
function idempotentRequest(
  c: Context<AppEnv>,
  body: Record<string, unknown>,
  form: ContestForm,
  scope: "contests.create" | "templates.create",
): IdempotentRequest {
  return { teamId: teamOf(c).team.id, key: String(form.idempotency_key), scope, hash: requestHash(body) };
}

/**
 * The form checked with the team's context at `now`: the rules (a submit everything, the rest the name only);
 * for a contest, the team's accounts and, on a submit, the plan and the publishing accounts. Then what is stored.
 */
function checkForm(
  c: Context<AppEnv>,
  form: ContestForm,
  now: Date,
  contest?: { planned: boolean; paid: boolean },
): { ctx: ValidationContext; accounts: readonly TeamAccount[]; stored: StoredForm } {
  const { db, catalog } = c.get("deps");
  const { team } = teamOf(c);
  const ctx = validationContextOf(catalog, team, now);
  checkRules(c, form, ctx, contest?.planned ? ALL : NAME_ONLY);
  const accounts = contest ? teamAccounts(db, team.id) : [];
  if (contest?.planned) {
    checkPlan(ctx, contest.paid);
    checkAccounts(c, form, accounts);
  }
  // A submit was validated in full above and passed: storing it needs no second pass over every rule.
  const known = contest?.planned ? {} : undefined;
  return { ctx, accounts, stored: storedFormOf(form, catalog.builder, ctx, known) };
}

/**
 * A create in one immediate transaction: the key's answer again if another call used it meanwhile; else the
 * quota (if any), `write` with a new id and `now`, and the 201 `{ [idField]: id }` remembered for the key.
 */
function createOnce(
  c: Context<AppEnv>,
  create: {
    request: IdempotentRequest;
    now: Date;
    ctx: ValidationContext;
    quota: QuotaName | "forPayment" | null;
    idField: "contest_id" | "template_id";
  },
  write: (tx: Tx, id: string, at: string) => void,
): { answer: IdempotentAnswer; created: string | null } {
  const { db, clock } = c.get("deps");
  return db.transaction(
    (tx): { answer: IdempotentAnswer; created: string | null } => {
      const again = replayOf(tx, create.request);
      if (again) return { answer: again, created: null };
      if (create.quota === "forPayment") assertPaymentDraftRoom(c, tx);
      else if (create.quota) assertQuota(c, tx, create.ctx, create.quota);
      const id = newId();
      write(tx, id, create.now.toISOString());
      const first: IdempotentAnswer = { status: 201, response: { [create.idField]: id } };
      rememberAnswer(tx, clock, create.request, first);
      return { answer: first, created: id };
    },
    { behavior: "immediate" },
  );
}

/** The createContest activity: a contest came into being (a create, or a draft submitted). */
function logContestCreated(c: Context<AppEnv>, tx: Tx, userId: string, id: string, name: string) {
  logActivity(tx, c.get("deps").clock, {
    teamId: teamOf(c).team.id,
    type: "createContest",
    userId,
    meta: { contest: { _id: id, name } },
  });
}

export const contestsRoutes = new Hono<AppEnv>()
  // ------------------------------------------------------------------------------------------ contests
  .get("/contests/list", requirePermission(P.viewContests), (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const statuses = statusFilter(c);
    const { page, perPage } = pagination(c);
    const { items, total } = listContests(db, team.id, statuses, page, perPage);
    return c.json({ data: items.map(contestListItem), meta: { page, per_page: perPage, total } });
  })
  .post("/contests/create", requirePermission(`${P.createDrafts} ${P.createContests}`), async (c) => {
    const { db, clock, realtime } = c.get("deps");
    const { team } = teamOf(c);
    const userId = authOf(c).user.id;
    const body = await jsonBody(c);
    const { form, isDuplicate } = readForm(c, body, "contests", "create");
    const planned = form.status === "planned";
    const forPayment = form.forPayment === true;
    requireHeld(c, planned ? P.createContests : P.createDrafts);

    const request = idempotentRequest(c, body, form, "contests.create");
    const replay = replayOf(db, request);
    if (replay) return c.json(replay.response, replay.status);

    const now = clock();
    const { ctx, accounts, stored } = checkForm(c, form, now, { planned, paid: false });
    const columns = contestColumns(stored, accounts);
    // A draft kept for a one-shot payment counts in no plan quota, only in the limit of such drafts.
    const quota = planned ? "contests" : forPayment ? "forPayment" : "drafts";
    const { answer, created } = createOnce(
      c,
      { request, now, ctx, quota, idField: "contest_id" },
      (tx, id, at) => {
        tx.insert(contests)
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
          .run();
        if (planned) {
          logContestCreated(c, tx, userId, id, columns.name);
          scheduleContestById(tx, id, at);
        }
      },
    );
    if (created && planned) realtime.toTeam(team.id, { type: "load_contest", contest_id: created });
    return c.json(answer.response, answer.status);
  })
  .get(`/contests/${ID}`, requirePermission(P.viewContests), (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const row = existingContest(db, team.id, c.req.param("id"));
    const options = withOptions(c);
    return c.json(
      contestShape(row, {
        ...(options.has("files") ? { files: filesOf(db, team.id, row.cbData) } : {}),
        ...(options.has("prev-next") ? { neighbours: neighboursOf(db, row) } : {}),
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
      const { form } = readForm(c, body, "contests", "update");
      const row = existingContest(db, team.id, c.req.param("id"));
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

      const { ctx, accounts, stored } = checkForm(c, form, now, { planned, paid: row.paidContest });
      const previous = (Array.isArray(row.sources) ? row.sources : []) as unknown as StoredSource[];
      const columns = contestColumns(stored, accounts, previous);

      db.transaction(
        (tx) => {
          // Read again where the write happens: the status may have moved since (a start, another save).
          const current = existingContest(tx, team.id, row.id);
          assertUpdatable(current);
          const fromDraft = current.status === "draft" && planned;
          if (fromDraft && !current.paidContest) assertQuota(c, tx, ctx, "contests");
          if (!planned && !current.forPayment && form.forPayment === true) assertPaymentDraftRoom(c, tx);
          const at = now.toISOString();
          tx.update(contests)
            .set({
              ...columns,
              status: form.status,
              cbData: stored,
              forPayment: planned ? false : current.forPayment || form.forPayment === true,
              updatedAt: at,
              ...(fromDraft ? { createdAt: at } : {}),
            })
            .where(and(eq(contests.id, current.id), eq(contests.status, current.status)))
            .run();
          if (fromDraft) logContestCreated(c, tx, userId, current.id, columns.name);
          // A planned contest's jobs follow its dates (api/scheduler/jobs.ts).
          if (planned) scheduleContestById(tx, current.id, at);
        },
        { behavior: "immediate" },
      );
      if (planned) realtime.toTeam(team.id, { type: "load_contest", contest_id: row.id });
      return c.json({ contest_id: row.id });
    },
  )
  .delete(`/contests/${ID}`, requirePermission(`${P.deleteDrafts} ${P.deleteContests}`), (c) => {
    const { db, clock, catalog } = c.get("deps");
    const { team } = teamOf(c);
    const row = existingContest(db, team.id, c.req.param("id"));
    requireHeld(c, row.status === "draft" ? P.deleteDrafts : P.deleteContests);
    const now = clock();
    db.transaction(
      (tx) => {
        const current = existingContest(tx, team.id, row.id);
        if (current.status !== "draft" && current.status !== "planned") {
          throw refuse("contestNotDeletable");
        }
        if (current.status === "planned" && startUnderWay(tx, current, now, startLeadMs(catalog))) {
          throw refuse("contestNoLongerEditable");
        }
        const at = now.toISOString();
        tx.update(contests)
          .set({ deletedAt: at, updatedAt: at })
          .where(and(eq(contests.id, current.id), eq(contests.status, current.status)))
          .run();
        cancelContestJobs(tx, current.id, at);
      },
      { behavior: "immediate" },
    );
    return c.json({ success: true });
  })
  // ----------------------------------------------------------------------------------------- templates
  .get("/templates/list", requirePermission(P.viewTemplates), (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const { page, perPage } = pagination(c);
    const { items, total } = listTemplates(db, team.id, page, perPage);
    return c.json({ data: items.map(templateListItem), meta: { page, per_page: perPage, total } });
  })
  .post("/templates/create", requirePermission(P.createTemplates), async (c) => {
    requireFeature(c, "templates", "planNotSupported", "error.planNotSupported.templates");
    const { db, clock } = c.get("deps");
    const { team } = teamOf(c);
    const userId = authOf(c).user.id;
    const body = await jsonBody(c);
    const { form } = readForm(c, body, "templates", "create");
    const request = idempotentRequest(c, body, form, "templates.create");
    const replay = replayOf(db, request);
    if (replay) return c.json(replay.response, replay.status);

    const now = clock();
    const { ctx, stored } = checkForm(c, form, now);
    const { answer } = createOnce(
      c,
      { request, now, ctx, quota: "templates", idField: "template_id" },
      (tx, id, at) => {
        tx.insert(templates)
          .values({
            id,
            teamId: team.id,
            name: stored.base.name,
            cbData: stored,
            createdBy: userId,
            createdAt: at,
            updatedAt: at,
          })
          .run();
      },
    );
    return c.json(answer.response, answer.status);
  })
  .get(`/templates/${ID}`, requirePermission(P.viewTemplates), (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const row = existingTemplate(db, team.id, c.req.param("id"));
    const files = withOptions(c).has("files") ? filesOf(db, team.id, row.cbData) : undefined;
    return c.json(templateShape(row, files ? { files } : {}));
  })
  .post(`/templates/${ID}`, requirePermission(P.updateTemplates), async (c) => {
    requireFeature(c, "templates", "planNotSupported", "error.planNotSupported.templates");
    const { db, clock } = c.get("deps");
    const { team } = teamOf(c);
    const body = await jsonBody(c);
    const { form } = readForm(c, body, "templates", "update");
    const row = existingTemplate(db, team.id, c.req.param("id"));
    const now = clock();
    const { stored } = checkForm(c, form, now);
    db.update(templates)
      .set({ name: stored.base.name, cbData: stored, updatedAt: now.toISOString() })
      .where(and(eq(templates.id, row.id), isNull(templates.deletedAt)))
      .run();
    return c.json({ template_id: row.id });
  })
  .delete(`/templates/${ID}`, requirePermission(P.deleteTemplates), (c) => {
    const { db, clock } = c.get("deps");
    const { team } = teamOf(c);
    const row = existingTemplate(db, team.id, c.req.param("id"));
    const at = clock().toISOString();
    db.update(templates)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(templates.id, row.id), isNull(templates.deletedAt)))
      .run();
    return c.json({ success: true });
  });

/**
 * Contests, drafts and templates made by the builder (contest-builder.md §3, §4, §7): the body's structure, what
 * is stored of a form, the stored columns derived from it, the quotas, the list order and the API shapes
 * (schemas/stored/contest, contest-list-item).
 *
 * Decisions (the spec leaves them open):
 * - Quotas, counted in the transaction that creates: `drafts` = the team's drafts that are not deleted, leaving
 *   out drafts saved for payment (they wait for a one-shot purchase, whatever the plan); `templates` = templates
 *   not deleted; `contests` = contests in play at once (planned, started, closed: not deleted, not paid one-shots),
 *   so an ended or canceled contest frees its place. Paid one-shot contests are bought one by one and are
 *   neither counted nor refused by the contests quota.
 * - The list order is newest first (created_at, then id); prev_id is the newer neighbour, next_id the older one.
 *   A draft's neighbours are drafts; a contest's are the contests of the default list (every status but draft).
 * - A template is answered in the contest shapes with status "template": no dates, no stored sources.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { ContestForm } from "../../codegen/types";
import type { CompiledConfig } from "../../engine/config/compile";
import type { ValidationContext } from "../../engine/config/types";
import { minimumLeadMs } from "../../engine/countdown";
import type { ValidationErrors } from "../../engine/messages/types";
import { payloadOf } from "../../engine/payload";
import { locatePath } from "../../engine/validation/scopes";
import { ALL, validate } from "../../engine/validation/validate";
import { getIn, isPlainObject, setPathIn, toTime } from "../../engine/values";
import type { Catalog } from "../catalog";
import type { TeamRow } from "../context";
import type { Db } from "../db/client";
import { contests, templates, uploads } from "../db/schema";
import { newId } from "../ids";
import type { TeamAccount } from "./accounts";
import { teamFeatures, teamQuotas } from "./teams";

type Reader = Pick<Db, "select">;

export type ContestRow = typeof contests.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;

/** What is stored of a form (cb_data): its three groups, after payloadOf. */
export type StoredForm = Pick<ContestForm, "base" | "sources" | "summary">;

/** The statuses of the default contests list (drafts only when asked for). */
export const CONTEST_STATUSES = ["planned", "started", "closed", "ended", "canceled"] as const;
export const LISTABLE_STATUSES = ["draft", ...CONTEST_STATUSES] as const;
/** Contests that hold a place in the contests quota. */
export const ACTIVE_STATUSES = ["planned", "started", "closed"] as const;

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

// ---------------------------------------------------------------------------------------------------------
// The body

/** The ajv check of the body against the catalogue's contest/form.schema.json (compiled once, there), errors by dotted path. */
export function structureErrors(catalog: Catalog, body: unknown): ValidationErrors {
  return catalog.structure(body);
}

/** Who validates: the server clock, the team's plan features and quotas (decisions.md "Time"). */
export function validationContextOf(catalog: Catalog, team: TeamRow, now: Date): ValidationContext {
  return {
    now,
    teamFeatures: new Set(teamFeatures(catalog, team)),
    quotas: teamQuotas(catalog, team),
  };
}

/** The schema defaults of the part a path belongs to, at that path; undefined when there is none. */
function defaultAt(form: unknown, config: CompiledConfig, path: string): unknown {
  const located = locatePath(form, config, path);
  if (!located) return undefined;
  const { instance, relative } = located;
  const defaults =
    instance.kind === "base"
      ? config.defaults.base
      : instance.kind === "summary"
        ? config.defaults.summary
        : config.defaults.sources[instance.provider ?? ""];
  return getIn(defaults, relative.split("."));
}

/**
 * What is stored of a form: payloadOf (fields the team may not use and fields switched off back to their
 * defaults), after the options the team's plan refuses (the team_feature rule: a draft is not validated for them)
 * are switched back to their defaults, so that what depends on them goes too.
 */
export function storedFormOf(
  form: ContestForm,
  config: CompiledConfig,
  ctx: ValidationContext,
  /** The form's full validation when the caller has it already (a submit that passed): not run again. */
  known?: ValidationErrors,
): StoredForm {
  const groups: StoredForm = structuredClone({
    base: form.base,
    sources: form.sources,
    summary: form.summary,
  });
  const refused = Object.entries(known ?? validate(groups, config, ctx, ALL))
    .filter(([, errors]) => errors.some((e) => e.rule === "team_feature"))
    .map(([path]) => path);
  for (const path of refused) {
    const fallback = defaultAt(groups, config, path);
    setPathIn(groups, path, fallback === undefined ? false : structuredClone(fallback));
  }
  return payloadOf(groups, config, ctx) as StoredForm;
}

/** The minimum lead of the start date (its range_duration_after:now rule): a planned contest's edit lock. */
export function startLeadMs(catalog: Catalog): number {
  const rule = catalog.builderConfig.base.fields.start_date?.rule ?? "";
  return minimumLeadMs(rule) ?? 0;
}

/** A planned contest whose stored start is within the lead window can no longer be edited (§4). */
export function isPastEditLock(row: Pick<ContestRow, "startAt">, now: Date, leadMs: number): boolean {
  const start = toTime(row.startAt);
  return start !== null && start <= now.getTime() + leadMs;
}

// ---------------------------------------------------------------------------------------------------------
// Stored columns

function isoOrNull(value: unknown): string | null {
  const time = toTime(value);
  return time === null ? null : new Date(time).toISOString();
}

type StoredReminder = {
  id: string;
  type: string | null;
  date: string | null;
  published_at: string | null;
  post_id: string | null;
};

export type StoredSource = {
  _id: string;
  provider: string;
  post_id: string | null;
  shortcode: string | null;
  poster_id: string | null;
  account: { _id?: string; screen_name: string };
  actions: Record<string, Record<string, unknown>>;
  entries_count: number;
  reminders: StoredReminder[];
};

const ACTION_NAME = /^[a-z][a-z_]*$/;

function storedActions(actions: unknown): StoredSource["actions"] {
  const out: StoredSource["actions"] = {};
  if (!isPlainObject(actions)) return out;
  for (const [name, action] of Object.entries(actions)) {
    if (ACTION_NAME.test(name) && isPlainObject(action) && typeof action.enabled === "boolean") {
      out[name] = structuredClone(action);
    }
  }
  return out;
}

function storedReminders(reminders: unknown): StoredReminder[] {
  if (!isPlainObject(reminders) || reminders.enabled !== true || !Array.isArray(reminders.list)) return [];
  return reminders.list.filter(isPlainObject).map((r, i) => ({
    id: typeof r.id === "string" && r.id !== "" ? r.id : `r${i + 1}`,
    type: typeof r.type === "string" ? r.type : null,
    date: isoOrNull(r.creation_date),
    published_at: null,
    post_id: null,
  }));
}

/** The team account a source publishes with: its network and its external id (publication.account_id). */
export function publishingAccount(
  accounts: readonly TeamAccount[],
  source: unknown,
): TeamAccount | undefined {
  if (!isPlainObject(source)) return undefined;
  const publication = source.publication;
  const accountId = isPlainObject(publication) ? publication.account_id : undefined;
  if (typeof accountId !== "number" && typeof accountId !== "string") return undefined;
  return accounts.find(
    (a) =>
      a.account.provider === source.type && a.account.externalId === String(accountId) && !a.account.disabled,
  );
}

/**
 * The columns a contest row takes from its stored form: name, dates, config, stored sources (keeping the _id and
 * entries count of the source at the same place and network), providers, sandbox.
 */
export function contestColumns(
  form: StoredForm,
  accounts: readonly TeamAccount[],
  previous: readonly StoredSource[] = [],
) {
  const base = form.base;
  const sources: StoredSource[] = (form.sources as unknown as Record<string, unknown>[]).map((source, i) => {
    const provider = String(source.type);
    const before = previous[i]?.provider === provider ? previous[i] : undefined;
    const account = publishingAccount(accounts, source);
    return {
      _id: before?._id ?? newId(),
      provider,
      post_id: null,
      shortcode: null,
      poster_id: null,
      account: account
        ? { _id: account.account.id, screen_name: account.account.screenName }
        : { screen_name: "" },
      actions: storedActions(source.actions),
      entries_count: before?.entries_count ?? 0,
      reminders: storedReminders(source.reminders),
    };
  });
  const autodraw = base.autodraw.enabled === true;
  return {
    name: base.name,
    type: "tunnel",
    startAt: isoOrNull(base.start_date),
    closeAt: isoOrNull(base.close_date),
    config: {
      is_setup: false,
      nb_winners: Math.max(1, base.nb_winners),
      autodraw: { enabled: autodraw, autodraw_at: autodraw ? isoOrNull(base.autodraw.date) : null },
    },
    sources: sources as unknown as Record<string, unknown>[],
    providers: [...new Set(sources.map((s) => s.provider))],
    sandbox: form.sources.some((s) => publishingAccount(accounts, s)?.account.sandbox === true),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Quotas

/** How many rows of the table match. */
function countOf(db: Reader, table: typeof contests | typeof templates, where: SQL | undefined): number {
  return db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
}

/** The team's templates that are not deleted. */
function ofTemplates(teamId: string): SQL | undefined {
  return and(eq(templates.teamId, teamId), isNull(templates.deletedAt));
}

export function countDrafts(db: Reader, teamId: string): number {
  return countOf(
    db,
    contests,
    and(
      eq(contests.teamId, teamId),
      eq(contests.status, "draft"),
      eq(contests.forPayment, false),
      isNull(contests.deletedAt),
    ),
  );
}

/** Drafts kept for a one-shot payment (no plan quota; the limiter's drafts.for_payment.per_team). */
export function countPaymentDrafts(db: Reader, teamId: string): number {
  return countOf(
    db,
    contests,
    and(
      eq(contests.teamId, teamId),
      eq(contests.status, "draft"),
      eq(contests.forPayment, true),
      isNull(contests.deletedAt),
    ),
  );
}

export function countActiveContests(db: Reader, teamId: string): number {
  return countOf(
    db,
    contests,
    and(
      eq(contests.teamId, teamId),
      // Builder contests only: quick imports (classic) have their own imports quota.
      eq(contests.type, "tunnel"),
      inArray(contests.status, [...ACTIVE_STATUSES]),
      eq(contests.paidContest, false),
      isNull(contests.deletedAt),
    ),
  );
}

export function countTemplates(db: Reader, teamId: string): number {
  return countOf(db, templates, ofTemplates(teamId));
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** The team's contest or draft with that id; undefined for another team's, a deleted or a missing one. */
export function findContest(db: Reader, teamId: string, id: string): ContestRow | undefined {
  return db
    .select()
    .from(contests)
    .where(and(eq(contests.id, id), eq(contests.teamId, teamId), isNull(contests.deletedAt)))
    .get();
}

export function findTemplate(db: Reader, teamId: string, id: string): TemplateRow | undefined {
  return db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.teamId, teamId), isNull(templates.deletedAt)))
    .get();
}

/** The statuses of the list a contest appears in: drafts among drafts, the others in the default list. */
export function listOf(status: string): readonly string[] {
  return status === "draft" ? ["draft"] : CONTEST_STATUSES;
}

function inList(teamId: string, statuses: readonly string[]): SQL | undefined {
  return and(
    eq(contests.teamId, teamId),
    inArray(contests.status, [...statuses]),
    isNull(contests.deletedAt),
  );
}

/** The newer (prev) and older (next) neighbours of a contest in its list. */
export function neighboursOf(
  db: Reader,
  row: Pick<ContestRow, "id" | "teamId" | "status" | "createdAt">,
): { prev_id: string | null; next_id: string | null } {
  const where = inList(row.teamId, listOf(row.status));
  const newer = or(
    gt(contests.createdAt, row.createdAt),
    and(eq(contests.createdAt, row.createdAt), gt(contests.id, row.id)),
  );
  const older = or(
    lt(contests.createdAt, row.createdAt),
    and(eq(contests.createdAt, row.createdAt), lt(contests.id, row.id)),
  );
  const prev = db
    .select({ id: contests.id })
    .from(contests)
    .where(and(where, newer))
    .orderBy(asc(contests.createdAt), asc(contests.id))
    .get();
  const next = db
    .select({ id: contests.id })
    .from(contests)
    .where(and(where, older))
    .orderBy(desc(contests.createdAt), desc(contests.id))
    .get();
  return { prev_id: prev?.id ?? null, next_id: next?.id ?? null };
}

/** One page of a list in its order, with the neighbours across the page's edges and the total. */
function pageOf<T extends { id: string }>(
  total: number,
  rows: (offset: number, limit: number) => T[],
  page: number,
  perPage: number,
): { items: (T & { prev_id: string | null; next_id: string | null })[]; total: number } {
  const start = (page - 1) * perPage;
  const from = Math.max(0, start - 1);
  const fetched = rows(from, perPage + (start > 0 ? 2 : 1));
  const before = start > 0 ? fetched[0] : undefined;
  const own = fetched.slice(start > 0 ? 1 : 0, (start > 0 ? 1 : 0) + perPage);
  const after = fetched[(start > 0 ? 1 : 0) + perPage];
  return {
    items: own.map((row, i) => ({
      ...row,
      prev_id: (i === 0 ? before : own[i - 1])?.id ?? null,
      next_id: (i === own.length - 1 ? after : own[i + 1])?.id ?? null,
    })),
    total,
  };
}

/** The columns a list item shows (contestListItem). */
export const LIST_COLUMNS = {
  id: contests.id,
  name: contests.name,
  status: contests.status,
  type: contests.type,
  providers: contests.providers,
  startAt: contests.startAt,
  closeAt: contests.closeAt,
  entriesCount: contests.entriesCount,
  sandbox: contests.sandbox,
  createdAt: contests.createdAt,
  paidContest: contests.paidContest,
  forPayment: contests.forPayment,
};

export type ContestListRow = Pick<
  ContestRow,
  | "id"
  | "name"
  | "status"
  | "type"
  | "providers"
  | "startAt"
  | "closeAt"
  | "entriesCount"
  | "sandbox"
  | "createdAt"
  | "paidContest"
  | "forPayment"
>;

/**
 * The list's two queries, prepared once per database and status filter: building drizzle's SQL cost more than
 * running it (both read the contests_team_list index alone).
 */
function prepareList(db: Reader, statuses: readonly string[]) {
  const where = and(
    eq(contests.teamId, sql.placeholder("teamId")),
    inArray(contests.status, [...statuses]),
    isNull(contests.deletedAt),
  );
  return {
    count: db.select({ n: count() }).from(contests).where(where).prepare(),
    page: db
      // Only what a list item shows: the stored form (tens of KB each) is not read for a list.
      .select(LIST_COLUMNS)
      .from(contests)
      .where(where)
      .orderBy(desc(contests.createdAt), desc(contests.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
  };
}
const preparedLists = new WeakMap<Reader, Map<string, ReturnType<typeof prepareList>>>();

export function listContests(
  db: Reader,
  teamId: string,
  statuses: readonly string[],
  page: number,
  perPage: number,
) {
  let byStatuses = preparedLists.get(db);
  if (!byStatuses) {
    byStatuses = new Map();
    preparedLists.set(db, byStatuses);
  }
  const key = statuses.join(",");
  let list = byStatuses.get(key);
  if (!list) {
    if (byStatuses.size >= 64) byStatuses.clear();
    list = prepareList(db, statuses);
    byStatuses.set(key, list);
  }
  const { count: total, page: rows } = list;
  return pageOf(
    total.get({ teamId })?.n ?? 0,
    (offset, limit) => rows.all({ teamId, offset, limit }),
    page,
    perPage,
  );
}

export function listTemplates(db: Reader, teamId: string, page: number, perPage: number) {
  const where = ofTemplates(teamId);
  return pageOf(
    countOf(db, templates, where),
    (offset, limit) =>
      db
        .select()
        .from(templates)
        .where(where)
        .orderBy(desc(templates.createdAt), desc(templates.id))
        .limit(limit)
        .offset(offset)
        .all(),
    page,
    perPage,
  );
}

/** The upload ids a stored form's media name (every `media.files[].uuid`), in order, without repeats. */
export function mediaUuids(form: unknown): string[] {
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (!isPlainObject(node)) return;
    const media = node.media;
    if (isPlainObject(media) && Array.isArray(media.files)) {
      for (const file of media.files) {
        if (isPlainObject(file) && typeof file.uuid === "string" && file.uuid !== "") out.add(file.uuid);
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(form);
  return [...out];
}

/** The team's uploads its media reference ({uuid, mime}); a uuid the team has no upload for is left out. */
export function filesOf(db: Reader, teamId: string, form: unknown): { uuid: string; mime: string }[] {
  const uuids = mediaUuids(form);
  if (uuids.length === 0) return [];
  const rows = db
    .select({ id: uploads.id, mime: uploads.mime })
    .from(uploads)
    .where(and(eq(uploads.teamId, teamId), inArray(uploads.id, uuids)))
    .all();
  const mimeOf = new Map(rows.map((r) => [r.id, r.mime]));
  return uuids.flatMap((uuid) => {
    const mime = mimeOf.get(uuid);
    return mime === undefined ? [] : [{ uuid, mime }];
  });
}

// ---------------------------------------------------------------------------------------------------------
// Shapes

function configShape(config: Record<string, unknown> | null, cbData: unknown) {
  const cfg = config ?? {};
  const autodraw = isPlainObject(cfg.autodraw) ? cfg.autodraw : {};
  const fromForm = getIn(cbData, ["base", "nb_winners"]);
  const nbWinners =
    typeof cfg.nb_winners === "number" && Number.isInteger(cfg.nb_winners) && cfg.nb_winners >= 1
      ? cfg.nb_winners
      : typeof fromForm === "number" && Number.isInteger(fromForm) && fromForm >= 1
        ? fromForm
        : 1;
  return {
    is_setup: cfg.is_setup === true,
    nb_winners: nbWinners,
    autodraw: { enabled: autodraw.enabled === true, autodraw_at: isoOrNull(autodraw.autodraw_at) },
  };
}

function storedSourcesOf(row: ContestRow): unknown[] {
  return Array.isArray(row.sources) ? row.sources : [];
}

const PAST_START = ["started", "closed", "ended"];
const PAST_CLOSE = ["closed", "ended"];

/**
 * When each step of the timeline (§4) happened: the dates the status moves wrote (api/services/contest-status.ts)
 * and the loads and draw. A contest that moved before those dates were kept (the demo seed, an import) falls back
 * to its start and close dates for the steps it has passed.
 */
export function timelineOf(row: ContestRow) {
  return {
    created: row.status === "draft" ? null : row.createdAt,
    started: row.startedAt ?? (PAST_START.includes(row.status) ? row.startAt : null),
    loaded: row.type === "classic" ? row.loadedAt : null,
    closed: row.closedAt ?? (PAST_CLOSE.includes(row.status) ? row.closeAt : null),
    entries_loaded: row.entriesLoadedAt,
    drawn: row.drawnAt,
    ended: row.endedAt ?? (row.status === "ended" ? row.drawnAt : null),
    canceled: row.canceledAt,
  };
}

/** A contest as schemas/stored/contest describes it; `files` and the neighbours only when asked for. */
export function contestShape(
  row: ContestRow,
  extra: {
    files?: { uuid: string; mime: string }[];
    neighbours?: { prev_id: string | null; next_id: string | null };
  } = {},
) {
  const cancelReason = row.meta?.cancel_reason;
  return {
    _id: row.id,
    name: row.name,
    type: row.type === "classic" ? ("classic" as const) : ("tunnel" as const),
    status: row.status,
    sources: storedSourcesOf(row),
    providers: row.providers ?? [],
    created_at: row.createdAt,
    start_at: row.startAt,
    close_at: row.closeAt,
    loaded_at: row.loadedAt,
    drawn_at: row.drawnAt,
    canceled_at: row.canceledAt,
    meta: { cancel_reason: typeof cancelReason === "string" ? cancelReason : null },
    config: configShape(row.config, row.cbData),
    paid_contest: row.paidContest,
    for_payment: row.forPayment,
    merged_into: row.mergedInto,
    is_duplicate: row.isDuplicate,
    sandbox: row.sandbox,
    entries_count: row.entriesCount,
    cb_data: row.cbData ?? null,
    timeline: timelineOf(row),
    ...(extra.neighbours ?? {}),
    ...(extra.files ? { files: extra.files } : {}),
  };
}

export function contestListItem(row: ContestListRow & { prev_id: string | null; next_id: string | null }) {
  return {
    _id: row.id,
    name: row.name,
    status: row.status,
    type: row.type === "classic" ? ("classic" as const) : ("tunnel" as const),
    providers: row.providers ?? [],
    start_at: row.startAt,
    close_at: row.closeAt,
    entries_count: row.entriesCount,
    sandbox: row.sandbox,
    created_at: row.createdAt,
    paid_contest: row.paidContest,
    for_payment: row.forPayment,
    prev_id: row.prev_id,
    next_id: row.next_id,
  };
}

function templateProviders(row: TemplateRow): string[] {
  const sources = row.cbData.sources;
  if (!Array.isArray(sources)) return [];
  return [
    ...new Set(sources.flatMap((s) => (isPlainObject(s) && typeof s.type === "string" ? [s.type] : []))),
  ];
}

/** A template in the contest shape (status "template"): its form in cb_data, no dates, no stored sources. */
export function templateShape(row: TemplateRow, extra: { files?: { uuid: string; mime: string }[] } = {}) {
  return {
    _id: row.id,
    name: row.name,
    type: "tunnel" as const,
    status: "template" as const,
    sources: [],
    providers: templateProviders(row),
    created_at: row.createdAt,
    start_at: null,
    close_at: null,
    loaded_at: null,
    drawn_at: null,
    canceled_at: null,
    meta: { cancel_reason: null },
    config: configShape(null, row.cbData),
    paid_contest: false,
    for_payment: false,
    merged_into: null,
    is_duplicate: false,
    sandbox: false,
    entries_count: 0,
    cb_data: row.cbData,
    ...(extra.files ? { files: extra.files } : {}),
  };
}

export function templateListItem(row: TemplateRow & { prev_id: string | null; next_id: string | null }) {
  return {
    _id: row.id,
    name: row.name,
    status: "template" as const,
    type: "tunnel" as const,
    providers: templateProviders(row),
    start_at: null,
    close_at: null,
    entries_count: 0,
    sandbox: false,
    created_at: row.createdAt,
    paid_contest: false,
    for_payment: false,
    prev_id: row.prev_id,
    next_id: row.next_id,
  };
}

/**
 * The media of a form name uploads by uuid; their type and size come from what the server sniffed and counted
 * when they were uploaded, never from the client. An uuid the team did not upload is refused at its path.
 */
export function resolveMediaFiles(db: Reader, teamId: string, form: ContestForm): ValidationErrors {
  const errors: ValidationErrors = {};
  const groups = { base: form.base, sources: form.sources, summary: form.summary };
  const slots: { path: string; media: Record<string, unknown> & { files: unknown[] } }[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, `${path}.${i}`);
      });
      return;
    }
    if (!isPlainObject(node)) return;
    if (Array.isArray(node.files) && "count" in node) {
      slots.push({ path, media: node as Record<string, unknown> & { files: unknown[] } });
      return;
    }
    for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
  };
  walk(groups, "");
  const uuids = [
    ...new Set(
      slots.flatMap(({ media }) =>
        media.files.flatMap((f) => (isPlainObject(f) && typeof f.uuid === "string" ? [f.uuid] : [])),
      ),
    ),
  ];
  // One query for every file of the form (a maximal contest names about 170).
  const known = new Map(
    uuids.length === 0
      ? []
      : db
          .select({ id: uploads.id, mime: uploads.mime, size: uploads.size })
          .from(uploads)
          .where(and(eq(uploads.teamId, teamId), inArray(uploads.id, uuids)))
          .all()
          .map((u) => [u.id, u]),
  );
  for (const { path, media } of slots) {
    media.files.forEach((file, i) => {
      const row = isPlainObject(file) && typeof file.uuid === "string" ? known.get(file.uuid) : undefined;
      if (!row) {
        errors[`${path}.files.${i}.uuid`] = [{ key: "validation.upload.unknown", rule: "upload" }];
        return;
      }
      Object.assign(file as object, { mime: row.mime, size: row.size });
    });
    media.count = media.files.length;
  }
  return errors;
}

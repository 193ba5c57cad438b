import { getIn, isPlainObject } from "../../../engine/values";
import { type ContestRow, isoOrNull, type TemplateRow } from "./form";
import type { ContestListRow } from "./queries";

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

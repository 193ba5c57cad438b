/**
 * What a contest's state means for the person (app-shell.md §4, contest-builder.md §4), as pure functions the
 * panel, the timeline and their tests share:
 * - the smart action of each status and type (and, for a classic contest, its setup; for a tunnel, its autodraw);
 * - whether a planned contest can still be edited: not once its start is within the lead window of the builder's
 *   start-date rule (range_duration_after:now,5m,…), the window the server refuses with contestNoLongerEditable;
 * - the timeline's steps with the contest's own timestamps.
 */

import { minimumLeadMs } from "../../../engine/countdown";
import baseRules from "../../../schemas/contest/base.rules.json";
import type { ContestData, ContestStatus } from "./types";

/** The builder's start-date lead window (5 minutes in schemas/contest/base.rules.json). */
export const START_LEAD_MS: number = minimumLeadMs(baseRules.fields.start_date.rule) ?? 0;

type SmartContest = Pick<ContestData, "status" | "type" | "start_at" | "loaded_at" | "config" | "meta">;

export type SmartAction =
  /** A draft: continue it in the builder, or delete it. */
  | { kind: "draft" }
  /** A template: use it in the builder. */
  | { kind: "template" }
  /** Planned: edit (in the builder) and delete; editing stops at `lockAt`. */
  | { kind: "planned"; editable: boolean; lockAt: string | null }
  /** Started classic: load its entries (the consent box on the first load only). */
  | { kind: "load_entries"; firstLoad: boolean }
  /** Started tunnel: its entries come in by themselves. */
  | { kind: "view_entries" }
  /** Closed tunnel with an automatic draw. */
  | { kind: "autodraw"; at: string | null }
  /** Closed tunnel without autodraw, or closed classic that is set up. */
  | { kind: "drawing" }
  /** Closed classic not set up: entry verification first. */
  | { kind: "settings" }
  | { kind: "results" }
  | { kind: "canceled"; reason: string | null };

export type SmartActionKind = SmartAction["kind"];

function time(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

/** When a planned contest stops being editable (its start minus the lead window); null without a start. */
export function editLockAt(startAt: string | null, leadMs = START_LEAD_MS): string | null {
  const start = time(startAt);
  return start === null ? null : new Date(start - leadMs).toISOString();
}

export function isEditable(startAt: string | null, now: number, leadMs = START_LEAD_MS): boolean {
  const start = time(startAt);
  return start === null || start > now + leadMs;
}

export function smartActionOf(contest: SmartContest, now: number, leadMs = START_LEAD_MS): SmartAction {
  const classic = contest.type === "classic";
  switch (contest.status) {
    case "draft":
      return { kind: "draft" };
    case "template":
      return { kind: "template" };
    case "planned":
      return {
        kind: "planned",
        editable: isEditable(contest.start_at, now, leadMs),
        lockAt: editLockAt(contest.start_at, leadMs),
      };
    case "started":
      return classic
        ? { kind: "load_entries", firstLoad: contest.loaded_at === null }
        : { kind: "view_entries" };
    case "closed":
      if (classic) return contest.config.is_setup ? { kind: "drawing" } : { kind: "settings" };
      return contest.config.autodraw.enabled
        ? { kind: "autodraw", at: contest.config.autodraw.autodraw_at }
        : { kind: "drawing" };
    case "ended":
      return { kind: "results" };
    case "canceled":
      return { kind: "canceled", reason: contest.meta.cancel_reason };
  }
}

// ------------------------------------------------------------------------------------------------ timeline

export type TimelineStepId =
  | "created"
  | "started"
  | "loaded"
  | "closed"
  | "entries_loaded"
  | "drawn"
  | "ended"
  | "canceled";

export type TimelineStep = {
  id: TimelineStepId;
  /** done: it happened (at when known); current: what comes next; upcoming: later. */
  state: "done" | "current" | "upcoming";
  /** When it happened, or when it is expected to (planned start and close, autodraw date). */
  at: string | null;
};

export type TimelineDates = Record<TimelineStepId, string | null>;

export type TimelineContest = Pick<
  ContestData,
  | "status"
  | "type"
  | "created_at"
  | "start_at"
  | "close_at"
  | "loaded_at"
  | "drawn_at"
  | "canceled_at"
  | "config"
  | "timeline"
>;

const RANK: Partial<Record<ContestStatus, number>> = { planned: 0, started: 1, closed: 2, ended: 3 };

/** Whether a canceled contest got past a date before it was canceled. */
function before(at: string | null | undefined, canceledAt: string | null): boolean {
  const t = time(at);
  const c = time(canceledAt);
  return t !== null && (c === null || t <= c);
}

/**
 * The timeline's dates when the answer has none (a template, an older server): the contest's own dates for the
 * steps its status has passed.
 */
export function derivedTimeline(contest: TimelineContest): TimelineDates {
  const rank = RANK[contest.status] ?? -1;
  const canceled = contest.status === "canceled";
  const passed = (step: number, at: string | null) =>
    canceled ? (before(at, contest.canceled_at) ? at : null) : rank >= step ? at : null;
  return {
    created: contest.status === "draft" || contest.status === "template" ? null : contest.created_at,
    started: passed(1, contest.start_at),
    loaded: contest.type === "classic" ? contest.loaded_at : null,
    closed: passed(2, contest.close_at),
    entries_loaded: contest.loaded_at,
    drawn: contest.drawn_at,
    ended: rank >= 3 ? contest.drawn_at : null,
    canceled: contest.canceled_at,
  };
}

/** The steps of each type (app-shell.md §4): created is a tunnel's, the load by hand a classic's. */
const STEPS: Record<ContestData["type"], Exclude<TimelineStepId, "canceled">[]> = {
  tunnel: ["created", "started", "closed", "entries_loaded", "drawn", "ended"],
  // A classic contest's hand load is its entries' load: one step, not two with the same date.
  classic: ["started", "loaded", "closed", "drawn", "ended"],
};

/** The step a status has reached at least (a step may lack its date: a contest that moved before dates were kept). */
const REACHED: Partial<Record<TimelineStepId, number>> = {
  created: 0,
  started: 1,
  loaded: 2,
  closed: 2,
  ended: 3,
};

/**
 * The steps of app-shell.md §4 with the dates the server gives in `timeline` (the status moves' own dates, the
 * loads, the draw), else derived from the contest's dates. Not yet reached steps carry the date they are planned
 * for (start, close, automatic draw). A canceled contest shows what happened before, then the cancel.
 */
export function timelineOf(contest: TimelineContest): TimelineStep[] {
  const dates = contest.timeline ?? derivedTimeline(contest);
  const rank = RANK[contest.status] ?? -1;
  const autodraw = contest.config.autodraw.enabled ? contest.config.autodraw.autodraw_at : null;
  const expected: Partial<Record<TimelineStepId, string | null>> = {
    started: contest.start_at,
    closed: contest.close_at,
    drawn: autodraw,
  };
  const ids = STEPS[contest.type];

  if (contest.status === "canceled") {
    return [
      ...ids.filter((id) => dates[id] !== null).map((id) => ({ id, state: "done" as const, at: dates[id] })),
      { id: "canceled", state: "done", at: dates.canceled },
    ];
  }
  let currentGiven = false;
  return ids.map((id): TimelineStep => {
    const reached = REACHED[id];
    if (dates[id] !== null || (reached !== undefined && rank >= reached) || rank >= 3) {
      return { id, state: "done", at: dates[id] };
    }
    const state = currentGiven || rank < 0 ? "upcoming" : "current";
    currentGiven = true;
    return { id, state, at: expected[id] ?? null };
  });
}

/**
 * A contest the builder can duplicate (contest-builder.md §4 "a duplicate clears the link to the original"): one
 * made with the builder (a draft or a tunnel contest, whatever its status). A quick import has no builder form.
 */
export function isDuplicable(contest: { status: string; type: string }): boolean {
  return contest.status === "draft" || (contest.status !== "template" && contest.type === "tunnel");
}

/**
 * The builder origin of a duplicate: the contest's form, opened as new (no link to the original: the builder
 * creates a new contest with its own idempotency key; engine/builder/origin.ts linkOf).
 */
export function duplicateOrigin(contest: { _id: string; status: string }) {
  return {
    kind: contest.status === "draft" ? "draft" : "planned",
    id: contest._id,
    is_duplicate: true,
  } as const;
}

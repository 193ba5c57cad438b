/**
 * Builder modes by origin (contest-builder.md §2 header, §4 "Builder modes by origin"): where the form came
 * from decides the header badge, the labels of the submit button and of the menu, and whether each call creates
 * a new object or updates the origin. A duplicate keeps the origin's content but not its link: it behaves as new.
 */
import { isPlainObject, toTime } from "../values";
import { type BuilderForm, type BuilderSource, emptyForm, FIRST_SOURCE_ID } from "./form";

export type OriginStatus = "draft" | "planned" | "template";

export type Origin =
  | { kind: "new" }
  | {
      kind: OriginStatus;
      /** The origin's _id: the draft, the planned contest or the template. */
      id: string;
      /** A paid one-shot contest: it may be created without the contestBuilder feature. */
      paid_contest?: boolean;
      /** The form was copied from the origin: the link to the original is cleared (§4). */
      is_duplicate?: boolean;
    };

/** The origin the builder is linked to: its status and id, or null when it creates something new. */
export type OriginLink = { status: OriginStatus; id: string; paid_contest: boolean };

export type BuilderAction = "submit" | "draft" | "template";
export type BuilderCall = { method: "create" } | { method: "update"; id: string };

export type Badge = "new" | "draft" | "contest" | "template";

export function linkOf(origin: Origin): OriginLink | null {
  if (origin.kind === "new" || origin.is_duplicate === true) return null;
  return { status: origin.kind, id: origin.id, paid_contest: origin.paid_contest === true };
}

/** The header badge: new, draft, contest (a planned contest) or template. */
export function badgeOf(origin: Origin): Badge {
  const link = linkOf(origin);
  if (link === null) return "new";
  return link.status === "planned" ? "contest" : link.status;
}

/** 'save contest' when the origin is a planned contest, otherwise 'create contest'. */
export function submitLabelKey(
  origin: Origin,
): "builder.submit.save_contest" | "builder.submit.create_contest" {
  return linkOf(origin)?.status === "planned"
    ? "builder.submit.save_contest"
    : "builder.submit.create_contest";
}

/** 'save template' updates the template the builder came from; 'export as template' makes a new one. */
export function templateMenuKey(
  origin: Origin,
): "builder.menu.save_template" | "builder.menu.export_template" {
  return linkOf(origin)?.status === "template"
    ? "builder.menu.save_template"
    : "builder.menu.export_template";
}

/** 'save draft' updates the draft the builder came from; 'save as draft' makes a new one. */
export function draftMenuKey(origin: Origin): "builder.menu.save_draft" | "builder.menu.save_as_draft" {
  return linkOf(origin)?.status === "draft" ? "builder.menu.save_draft" : "builder.menu.save_as_draft";
}

/** Which origin status each action updates; a submit also turns a draft into a contest. */
const UPDATES: Record<BuilderAction, readonly OriginStatus[]> = {
  submit: ["planned", "draft"],
  draft: ["draft"],
  template: ["template"],
};

/**
 * Create or update (§4 "Submit"): create when there is no origin; update the origin when its status matches the
 * action (a draft save a draft, a template export a template, a submit a planned contest or a draft, which it
 * turns into a contest); create otherwise.
 */
export function callFor(origin: Origin, action: BuilderAction): BuilderCall {
  const link = linkOf(origin);
  if (link === null || !UPDATES[action].includes(link.status)) return { method: "create" };
  return { method: "update", id: link.id };
}

/** The longest contest name (contest-builder.md §5): a copy's name is cut to it. */
const NAME_MAX = 50;
const HOUR = 3_600_000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Where a moved duplicate starts: the next whole hour at least an hour from now (past the 5-minute lead). */
function nextStartAfter(now: Date): number {
  return Math.ceil((now.getTime() + HOUR) / HOUR) * HOUR;
}

/** Every instant of a form (start, close, draw, reminders, moments) moved by `delta` ms, in the same format. */
function shiftDates(node: unknown, delta: number): unknown {
  if (Array.isArray(node)) return node.map((n) => shiftDates(n, delta));
  if (isPlainObject(node)) {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, shiftDates(v, delta)]));
  }
  if (typeof node === "string" && ISO_INSTANT.test(node)) {
    const t = Date.parse(node);
    return Number.isNaN(t) ? node : new Date(t + delta).toISOString();
  }
  return node;
}

/** The dates that only make sense together with the start date. */
const DATE_PATHS = ["start_date", "close_date"] as const;

function normalizeSources(value: unknown): BuilderSource[] {
  if (!Array.isArray(value)) return [];
  const sources = value.filter(
    (s): s is Record<string, unknown> => isPlainObject(s) && typeof s.type === "string",
  );
  const seen = new Set<number>();
  const kept = sources.map((s) => {
    const id = typeof s.id === "number" && Number.isInteger(s.id) && s.id >= FIRST_SOURCE_ID ? s.id : null;
    if (id !== null && !seen.has(id)) {
      seen.add(id);
      return { ...s, id } as BuilderSource;
    }
    return { ...s, id: -1 } as BuilderSource;
  });
  // Sources without a usable id get fresh ones after the largest id.
  let next = Math.max(FIRST_SOURCE_ID - 1, ...seen) + 1;
  return kept.map((s) => (s.id === -1 ? { ...s, id: next++ } : s));
}

/**
 * The form the builder starts from when it opens on an origin (§4): importing a draft or a template fills the
 * form; a planned contest keeps its dates. A draft, a template or a duplicate keeps its dates only while its
 * start is still ahead: a start in the past is cleared, and the close and autodraw dates with it (they are set
 * relative to the start; the close picker is disabled until a start is set). `original_start_date` is the
 * start the form opens with, the reference of the update-dates confirmation. A template or a duplicate comes
 * with its summary's parameters-verified box unticked: this person has not verified that content yet.
 */
export function formFromOrigin(
  originForm: unknown,
  origin: Origin,
  now: Date,
  options: { copyName?: (name: string) => string } = {},
): BuilderForm {
  const duplicate = origin.kind !== "new" && origin.is_duplicate === true;
  const start0 =
    isPlainObject(originForm) && isPlainObject(originForm.base) ? toTime(originForm.base.start_date) : null;
  // A duplicate of a contest whose start has passed moves forward whole, its dates keeping their spacing.
  const shifted = duplicate && start0 !== null && start0 < now.getTime();
  const root = shifted ? shiftDates(originForm, nextStartAfter(now) - (start0 as number)) : originForm;
  const form = isPlainObject(root) ? root : {};
  const empty = emptyForm();
  const base: Record<string, unknown> = {
    ...(isPlainObject(form.base) ? form.base : empty.base),
    type: "tunnel",
  };
  if (duplicate && options.copyName && typeof base.name === "string" && base.name !== "") {
    base.name = options.copyName(base.name).slice(0, NAME_MAX);
  }
  const keepsDates = origin.kind === "planned" && origin.is_duplicate !== true;
  const start = toTime(base.start_date);
  if (!keepsDates && (start === null || start < now.getTime())) {
    for (const path of DATE_PATHS) if (path in base) base[path] = null;
    if (isPlainObject(base.autodraw) && "date" in base.autodraw) {
      base.autodraw = { ...base.autodraw, date: null };
    }
  }
  base.original_start_date = base.start_date ?? null;
  const summary = isPlainObject(form.summary) ? { ...form.summary } : empty.summary;
  // Content copied from elsewhere has not been verified by this person yet.
  if (
    origin.kind !== "new" &&
    (origin.kind === "template" || origin.is_duplicate === true) &&
    "parameters_verified" in summary
  ) {
    summary.parameters_verified = false;
  }
  return { base, sources: normalizeSources(form.sources), summary };
}

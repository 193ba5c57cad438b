/**
 * The Contest Builder (contest-builder.md §2, §4) as a state machine: it opens (loading its origin when it has
 * to), the person edits the form pane by pane, and the builder ends in one of four ways: a contest created, a
 * draft saved, a template saved, or closed. The API calls are invoked actors with an error path and a retry;
 * they are placeholders until the app provides real ones with `builderMachine.provide({ actors })`.
 *
 * Validation follows the form (docs/decisions/030): every change validates the whole contest (well under a
 * millisecond), and the errors shown are those of what the person has reached: a field they changed or left, a
 * tab or a pane they left, everything after a submit. The side pane, the sidebar marks and the pane headers all
 * read these errors, so they agree at every moment, and an error goes the moment it is fixed. A text being typed
 * only clears errors; the ones it raises wait until the person leaves it.
 * Next is blocked while the pane has errors: the person stays where the errors are shown; the sidebar still
 * opens any pane (GO_TO_PANE), so nobody is stuck.
 */
import { and, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from "xstate";
import type { CompiledConfig } from "../config/compile";
import type { ValidationContext } from "../config/types";
import { shouldConfirmDatesUpdate } from "../dates";
import type { ValidationErrors } from "../messages/types";
import { lockedToDefaults } from "../payload";
import { setToggle } from "../ties";
import { matchPattern } from "../validation/expand";
import { locatePath } from "../validation/scopes";
import { ALL, NAME_ONLY, type ValidationTarget, validate } from "../validation/validate";
import {
  type BuilderForm,
  emptyForm,
  nextSourceId,
  reindexAfterRemoval,
  sameInstant,
  setIn,
  sourceIndexInPath,
  sourceIndexOf,
} from "./form";
import { type BuilderAction, type BuilderCall, callFor, formFromOrigin, linkOf, type Origin } from "./origin";
import {
  canAddAnySource,
  canAddSource,
  inPart,
  PANES,
  paneOrder,
  panesWithErrors,
  partOfPane,
} from "./selectors";

export type { BuilderForm, BuilderSource } from "./form";
export type { Origin } from "./origin";
export {
  canAddAnySource,
  canAddSource,
  PANES,
  paneOrder,
  paneStates,
  partSteps,
  type SidebarEntry,
} from "./selectors";

/** The modals of §2. */
export type ModalName =
  | "updateContestDates"
  | "deleteSource"
  | "addSource"
  | "closeBuilder"
  | "builderSettings"
  | "manageShortlinks"
  | "saveDraft"
  | "exportTemplate"
  | "createContest"
  | "createPaidContest";

/** The modal that is open, with what it shows. At most one is open. */
export type OpenModal =
  | { name: "deleteSource"; sourceId: number }
  | { name: Exclude<ModalName, "deleteSource"> };

/** The modals a menu item or a link opens by name. */
export type OpenableModal = "addSource" | "builderSettings" | "manageShortlinks";

/** What the last toggle did besides switching its own option. */
export type ToggleNotice =
  | { kind: "switchedOff"; path: string; switchedOff: string[] }
  | { kind: "blocked"; path: string; blockedBy: string[] };

export type BuilderOutput =
  | { kind: "created"; contestId: string }
  | { kind: "draftSaved"; id: string; forPayment: boolean }
  | { kind: "templateSaved"; id: string }
  | { kind: "closed" };

/** What a create/update call gets: the form, where it came from, the builder's idempotency key and the call. */
export type BuilderCallInput = {
  form: BuilderForm;
  origin: Origin;
  idempotencyKey: string;
  call: BuilderCall;
  /** A draft saved from the create-paid-contest dialog, to be paid for (the body's forPayment). */
  forPayment: boolean;
};

/** What loading an origin answers: its form, and whether it is a paid contest. */
export type LoadedOrigin = { form: unknown; paid_contest?: boolean };

export type BuilderInput = {
  config: CompiledConfig;
  origin: Origin;
  /** The form, when the caller has it already: defaults for a new builder, or an origin fetched beforehand. */
  form?: unknown;
  /** The server clock (decisions.md "Time"). */
  now: () => Date;
  teamFeatures: ReadonlySet<string>;
  quotas: Readonly<Record<string, number>>;
  /** A new source of a provider with its defaults; the builder sets its id and type. */
  newSource: (provider: string, id: number) => Record<string, unknown>;
  /** A fresh idempotency key; called once, when the builder opens. */
  newId: () => string;
  /** The name of a duplicate ("Copy of …" in the person's language); the name is kept without it. */
  copyName?: (name: string) => string;
};

export type BuilderContext = {
  readonly config: CompiledConfig;
  readonly env: Pick<BuilderInput, "now" | "teamFeatures" | "quotas" | "newSource" | "copyName">;
  origin: Origin;
  /** The origin being fetched (on opening, or an import from the welcome pane); null otherwise. */
  loading: Origin | null;
  /** A form is there to edit (false until the first origin has loaded). */
  ready: boolean;
  form: BuilderForm;
  /** 0 welcome, 1 basic information, 2 sources, 3 summary, 100 or more a source's id. */
  pane: number;
  idempotencyKey: string;
  errors: ValidationErrors;
  /** Parts ("base", "sources", "sources.0", "summary") and fields validated so far, for the step states. */
  validated: ReadonlySet<string>;
  /** The source the delete-source modal asks about (the open modal itself is the state: modalOf). */
  deletingSource: number | null;
  /** The start date waiting for the update-dates confirmation. */
  pendingStart: unknown;
  notice: ToggleNotice | null;
  loadError: unknown;
  /** Why the last call (submit, draft save or template export) failed; shown with a retry. */
  submitError: unknown;
  /** How many submits the validation refused: each one moves to the first pane with an error and is announced. */
  refusedSubmits: number;
  forPayment: boolean;
  result: BuilderOutput | null;
};

export type BuilderEvent =
  | { type: "GO_TO_PANE"; pane: number }
  | { type: "NEXT" }
  | { type: "PREVIOUS" }
  | { type: "CHANGE"; path: string; value: unknown }
  | { type: "BLUR"; path: string }
  /** The person left a tab of a source's pane: its steps' errors show from now on. */
  | { type: "LEAVE_TAB"; part: string; tab: string }
  | { type: "TOGGLE"; path: string; on: boolean }
  | { type: "DISMISS_NOTICE" }
  | { type: "OPEN"; modal: OpenableModal }
  | { type: "ADD_SOURCE"; provider: string }
  | { type: "DELETE_SOURCE"; id: number }
  | { type: "CONFIRM" }
  | { type: "CANCEL" }
  | { type: "IMPORT"; origin: Origin }
  | { type: "SUBMIT" }
  | { type: "HOLD_CONFIRMED" }
  | { type: "RETRY" }
  | { type: "SAVE_DRAFT" }
  | { type: "EXPORT_TEMPLATE" }
  | { type: "CLOSE" };

/** A placeholder actor: it fails, saying which actor the app has to provide. */
function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(
      `The builder's "${name}" actor is not provided: pass it with builderMachine.provide({ actors: { ${name} } }).`,
    );
  });
}

/** A form value as the date helpers take it: a string or a Date, anything else "not set". */
function asDate(value: unknown): string | Date | null {
  return typeof value === "string" || value instanceof Date ? value : null;
}

/** The one field a draft save and a template export validate (the validator's NAME_ONLY target). */
const NAME_PATH = NAME_ONLY.kind === "field" ? NAME_ONLY.path : "base.name";

function copyOptions(env: Pick<BuilderInput, "copyName">): { copyName?: (name: string) => string } {
  return env.copyName ? { copyName: env.copyName } : {};
}

function validationContext(context: BuilderContext): ValidationContext {
  return { now: context.env.now(), teamFeatures: context.env.teamFeatures, quotas: context.env.quotas };
}

function check(context: BuilderContext, target: ValidationTarget): ValidationErrors {
  // As the server does: a locked part (can_edit false) is validated at its default, never as a loaded form has it.
  const form = lockedToDefaults(context.form, context.config);
  return validate(form, context.config, validationContext(context), target);
}

function withValidated(validated: ReadonlySet<string>, ...paths: string[]): ReadonlySet<string> {
  if (paths.every((p) => validated.has(p))) return validated;
  return new Set([...validated, ...paths]);
}

const PARTS = /^(base|summary|sources|sources\.\d+)$/;

/**
 * An error the person has reached: its part was left (or submitted), or it sits on, under or just above a field
 * they changed or left (a step's "none enabled" error sits above the switches it counts).
 */
export function isReached(path: string, reached: ReadonlySet<string>): boolean {
  for (const at of reached) {
    if (PARTS.test(at)) {
      if (inPart(path, at)) return true;
    } else if (path === at || path.startsWith(`${at}.`) || (at.startsWith(`${path}.`) && !PARTS.test(path))) {
      return true;
    }
  }
  return false;
}

function sameErrors(a: ValidationErrors, b: ValidationErrors): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The whole contest validated again, with what the person has just reached (`reach`); the errors kept are those
 * they have reached. While a text is being typed (`typing`) errors may go or change, never appear: new ones wait
 * for the person to leave the field. The same errors keep their object, so nothing draws again for nothing.
 */
function settle(
  context: BuilderContext,
  { reach = [], typing = false }: { reach?: readonly string[]; typing?: boolean } = {},
): Pick<BuilderContext, "errors" | "validated"> {
  const validated = withValidated(context.validated, ...reach);
  const errors: ValidationErrors = {};
  for (const [path, list] of Object.entries(check(context, ALL))) {
    if (!isReached(path, validated)) continue;
    if (typing && context.errors[path] === undefined) continue;
    errors[path] = list;
  }
  return { errors: sameErrors(errors, context.errors) ? context.errors : errors, validated };
}

/** The fields of a source's tab: its steps' field prefixes, absolute. */
function tabFields(context: BuilderContext, part: string, tab: string): string[] {
  const index = sourceIndexInPath(part);
  const source = index === null ? undefined : context.form.sources[index];
  const scope = source ? context.config.sources.get(source.type) : undefined;
  return (scope?.steps ?? [])
    .filter((s) => s.tab === tab)
    .flatMap((s) => s.fields.map((f) => `${part}.${f}`));
}

/** The part a pane edits, as reached when the person leaves it; a source's pane is reached tab by tab. */
function reachedByLeaving(context: BuilderContext): string[] {
  const part = partOfPane(context.form, context.pane);
  return part === null || part.startsWith("sources.") ? [] : [part];
}

/**
 * A value typed letter by letter (a free text, not a date nor a choice from a list): its dependents wait for the
 * person to leave the field, so nothing is validated on each keystroke.
 */
function isTypedText(context: BuilderContext, path: string, value: unknown): boolean {
  if (typeof value !== "string") return false;
  const located = locatePath(context.form, context.config, path);
  const field = located?.instance.scope.fields.find(
    (f) => matchPattern(f.segments, located.relative) !== null,
  );
  return !field?.rules.some((r) => r.name === "date" || r.name === "in");
}

/**
 * The person may change this path: it is inside base, summary or an existing source, it is not internal (the
 * original start, a source's id or type) and its field is not marked can_edit: false in the config.
 */
function isEditable(context: BuilderContext, path: string): boolean {
  if (path === "base.original_start_date" || /^sources\.\d+\.(id|type)$/.test(path)) return false;
  const located = locatePath(context.form, context.config, path);
  if (!located) return false;
  return !located.instance.scope.fields.some(
    (field) => !field.canEdit && matchPattern(field.segments, located.relative) !== null,
  );
}

function callInput(context: BuilderContext, action: BuilderAction): BuilderCallInput {
  return {
    form: context.form,
    origin: context.origin,
    idempotencyKey: context.idempotencyKey,
    call: callFor(context.origin, action),
    forPayment: action === "draft" && context.forPayment,
  };
}

/** A call's answer holds a non-empty string id under this key. */
function idIn(output: unknown, key: "contest_id" | "template_id"): string | null {
  if (typeof output !== "object" || output === null) return null;
  const id = (output as Record<string, unknown>)[key];
  return typeof id === "string" && id !== "" ? id : null;
}

function missingId(key: string) {
  return new Error(`The server's answer holds no ${key}.`);
}

/**
 * The invoke of one of the three calls (submit, draft save, template export): the call with its input, then done
 * when the answer holds its id (`key`), else, like an error, to the sibling state `failed` with a retry.
 */
function callInvoke<const Src extends "submitContest" | "saveDraft" | "exportTemplate">(call: {
  src: Src;
  action: BuilderAction;
  key: "contest_id" | "template_id";
  target: "#builder.created" | "#builder.draftSaved" | "#builder.templateSaved";
  finish: "finishCreated" | "finishDraftSaved" | "finishTemplateSaved";
}) {
  const { key } = call;
  return {
    src: call.src,
    input: ({ context }: { context: BuilderContext }) => callInput(context, call.action),
    onDone: [
      {
        guard: {
          type: "returnedId" as const,
          params: ({ event }: { event: DoneActorEvent<unknown> }) => ({ output: event.output, key }),
        },
        target: call.target,
        actions: {
          type: call.finish,
          params: ({ event }: { event: DoneActorEvent<unknown> }) => ({ output: event.output }),
        },
      },
      { target: "failed", actions: { type: "failCall" as const, params: () => ({ error: missingId(key) }) } },
    ],
    onError: {
      target: "failed",
      actions: {
        type: "failCall" as const,
        params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }),
      },
    },
  };
}

export const builderMachine = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderInput,
    output: {} as BuilderOutput,
  },
  actors: {
    loadOrigin: notProvided<LoadedOrigin, { origin: Origin }>("loadOrigin"),
    submitContest: notProvided<{ contest_id: string }, BuilderCallInput>("submitContest"),
    saveDraft: notProvided<{ contest_id: string }, BuilderCallInput>("saveDraft"),
    exportTemplate: notProvided<{ template_id: string }, BuilderCallInput>("exportTemplate"),
  },
  guards: {
    mustLoadOrigin: ({ context }) => context.loading !== null,
    formIsReady: ({ context }) => context.ready,
    canImport: (_, params: { origin: Origin }) => params.origin.kind !== "new",
    paneExists: ({ context }, params: { pane: number }) => paneOrder(context.form).includes(params.pane),
    hasNextPane: ({ context }) => {
      const order = paneOrder(context.form);
      const at = order.indexOf(context.pane);
      return at !== -1 && at < order.length - 1;
    },
    hasPreviousPane: ({ context }) => paneOrder(context.form).indexOf(context.pane) > 0,
    /** Next may leave the pane: the part it edits has no errors (the welcome pane has nothing to check). */
    currentPaneIsValid: ({ context }) => {
      const part = partOfPane(context.form, context.pane);
      return part === null || Object.keys(check(context, { kind: "part", prefix: part })).length === 0;
    },
    isEditable: ({ context }, params: { path: string }) => isEditable(context, params.path),
    /**
     * §4 date interplay: a new start while a close date exists, a different instant from the original start,
     * asks first (engine/dates.ts). Picking the start it already has again is no change and asks nothing.
     */
    startChangeNeedsConfirmation: ({ context }, params: { path: string; value: unknown }) => {
      if (params.path !== "base.start_date" || !isEditable(context, params.path)) return false;
      const { start_date, close_date, original_start_date } = context.form.base;
      return (
        !sameInstant(params.value, start_date) &&
        shouldConfirmDatesUpdate({
          closeDate: asDate(close_date),
          originalStartDate: asDate(original_start_date),
          newStartDate: asDate(params.value),
        })
      );
    },
    canAddSource: ({ context }, params: { provider: string }) => canAddSource(context, params.provider),
    canAddAnySource: ({ context }) => canAddAnySource(context),
    sourceExists: ({ context }, params: { id: number }) => sourceIndexOf(context.form, params.id) !== -1,
    opensModal: ({ event }, params: { modal: OpenableModal }) =>
      event.type === "OPEN" && event.modal === params.modal,
    hasErrors: ({ context }) => Object.keys(context.errors).length > 0,
    nameIsInvalid: ({ context }) => context.errors[NAME_PATH] !== undefined,
    /** §4: without the contestBuilder feature only a paid contest may be created. */
    needsPaidContest: ({ context }) =>
      !context.env.teamFeatures.has("contestBuilder") && linkOf(context.origin)?.paid_contest !== true,
    returnedId: (_, params: { output: unknown; key: "contest_id" | "template_id" }) =>
      idIn(params.output, params.key) !== null,
  },
  actions: {
    startLoading: assign((_, params: { origin: Origin }) => ({ loading: params.origin, loadError: null })),
    importOrigin: assign(({ context }, params: { loaded: LoadedOrigin }) => {
      const target = context.loading ?? context.origin;
      const origin: Origin =
        target.kind === "new" || params.loaded.paid_contest === undefined
          ? target
          : { ...target, paid_contest: params.loaded.paid_contest };
      return {
        origin,
        loading: null,
        ready: true,
        form: formFromOrigin(params.loaded.form, origin, context.env.now(), copyOptions(context.env)),
        pane: PANES.base,
        errors: {},
        validated: new Set<string>(),
        pendingStart: null,
        notice: null,
      };
    }),
    failLoading: assign((_, params: { error: unknown }) => ({ loadError: params.error })),
    stopLoading: assign({ loading: null, loadError: null }),

    /** Another pane opens; the one left is reached (its untouched fields' errors show from now on). */
    setPane: assign(({ context }, params: { pane: number }) =>
      params.pane === context.pane
        ? {}
        : { pane: params.pane, ...settle(context, { reach: reachedByLeaving(context) }) },
    ),
    /** A refused submit: to the first pane with an error (the person cannot miss it), counted for the alert. */
    showFirstError: assign(({ context }) => ({
      pane: panesWithErrors(context.form, context.errors)[0]?.pane ?? context.pane,
      refusedSubmits: context.refusedSubmits + 1,
    })),
    goToNextPane: assign(({ context }) => {
      const order = paneOrder(context.form);
      return { pane: order[order.indexOf(context.pane) + 1] ?? context.pane };
    }),
    goToPreviousPane: assign(({ context }) => {
      const order = paneOrder(context.form);
      return {
        pane: order[order.indexOf(context.pane) - 1] ?? context.pane,
        ...settle(context, { reach: reachedByLeaving(context) }),
      };
    }),
    validateCurrentPane: assign(({ context }) => {
      const part = partOfPane(context.form, context.pane);
      return part === null ? {} : settle(context, { reach: [part] });
    }),
    validateField: assign(({ context }, params: { path: string }) =>
      settle(context, { reach: [params.path] }),
    ),
    leaveTab: assign(({ context }, params: { part: string; tab: string }) =>
      settle(context, { reach: tabFields(context, params.part, params.tab) }),
    ),
    validateAll: assign(({ context }) =>
      settle(context, {
        reach: ["base", "sources", ...context.form.sources.map((_, i) => `sources.${i}`), "summary"],
      }),
    ),
    validateName: assign(({ context }) => settle(context, { reach: [NAME_PATH] })),

    /** A choice, a date, a list or a file counts as reached at once; a typed text when the person leaves it. */
    changeField: assign(({ context }, params: { path: string; value: unknown }) => {
      const form = setIn(context.form, params.path, params.value);
      const typing = isTypedText(context, params.path, params.value);
      return { form, ...settle({ ...context, form }, typing ? { typing } : { reach: [params.path] }) };
    }),
    holdPendingStart: assign((_, params: { value: unknown }) => ({ pendingStart: params.value })),
    /** The confirmed start becomes the start and the new reference for later changes (§4). */
    applyPendingStart: assign(({ context }) => {
      const form = setIn(
        setIn(context.form, "base.start_date", context.pendingStart),
        "base.original_start_date",
        context.pendingStart,
      );
      return { form, pendingStart: null, ...settle({ ...context, form }, { reach: ["base.start_date"] }) };
    }),
    dropPendingStart: assign({ pendingStart: null }),

    /**
     * An option switched through its ties (engine/ties.ts). A refused switch leaves the form alone and says
     * what holds it on. What the switch touched is validated again where it was validated before.
     */
    toggle: assign(({ context }, params: { path: string; on: boolean }) => {
      const result = setToggle(context.config, context.form, params.path, params.on);
      if (!result.ok) {
        return { notice: { kind: "blocked", path: params.path, blockedBy: result.blockedBy } as const };
      }
      const form = result.form as BuilderForm;
      return {
        form,
        ...settle({ ...context, form }, { reach: [params.path, ...result.switchedOff] }),
        notice:
          result.switchedOff.length > 0
            ? ({ kind: "switchedOff", path: params.path, switchedOff: result.switchedOff } as const)
            : null,
      };
    }),
    dismissNotice: assign({ notice: null }),

    /** A new source after the others (id: the largest + 1, from 100); its pane opens. */
    addSource: assign(({ context }, params: { provider: string }) => {
      const id = nextSourceId(context.form.sources);
      const source = { ...context.env.newSource(params.provider, id), id, type: params.provider };
      const form = { ...context.form, sources: [...context.form.sources, source] };
      return { form, pane: id, ...settle({ ...context, form }, { reach: reachedByLeaving(context) }) };
    }),
    askToDeleteSource: assign((_, params: { id: number }) => ({
      deletingSource: params.id,
    })),
    /** The source goes, its errors with it (later sources' paths move down by one); back to the sources pane. */
    deleteSource: assign(({ context }) => {
      if (context.deletingSource === null) return {};
      const index = sourceIndexOf(context.form, context.deletingSource);
      if (index === -1) return {};
      const moved = (path: string) => reindexAfterRemoval(path, index);
      const errors: ValidationErrors = {};
      for (const [path, list] of Object.entries(context.errors)) {
        const to = moved(path);
        if (to !== null) errors[to] = list;
      }
      const form = { ...context.form, sources: context.form.sources.filter((_, i) => i !== index) };
      const validated = new Set([...context.validated].flatMap((p) => moved(p) ?? []));
      return { form, pane: PANES.sources, ...settle({ ...context, form, errors, validated }) };
    }),

    forgetDeletingSource: assign({ deletingSource: null }),

    markForPayment: assign({ forPayment: true }),
    clearForPayment: assign({ forPayment: false }),
    clearSubmitError: assign({ submitError: null }),
    failCall: assign((_, params: { error: unknown }) => ({ submitError: params.error })),

    finishCreated: assign((_, params: { output: unknown }) => ({
      result: { kind: "created", contestId: idIn(params.output, "contest_id") ?? "" } as const,
    })),
    finishDraftSaved: assign(({ context }, params: { output: unknown }) => ({
      result: {
        kind: "draftSaved",
        id: idIn(params.output, "contest_id") ?? "",
        forPayment: context.forPayment,
      } as const,
    })),
    finishTemplateSaved: assign((_, params: { output: unknown }) => ({
      result: { kind: "templateSaved", id: idIn(params.output, "template_id") ?? "" } as const,
    })),
    finishClosed: assign({ result: { kind: "closed" } as const }),
  },
}).createMachine({
  id: "builder",
  context: ({ input }) => {
    const mustLoad = input.origin.kind !== "new" && input.form === undefined;
    return {
      config: input.config,
      env: {
        now: input.now,
        teamFeatures: input.teamFeatures,
        quotas: input.quotas,
        newSource: input.newSource,
        ...copyOptions(input),
      },
      origin: input.origin,
      loading: mustLoad ? input.origin : null,
      ready: !mustLoad,
      form: mustLoad
        ? emptyForm()
        : formFromOrigin(input.form ?? emptyForm(), input.origin, input.now(), copyOptions(input)),
      pane: input.origin.kind === "new" ? PANES.welcome : PANES.base,
      // One key for the whole life of the builder: a retried call is the same call.
      idempotencyKey: input.newId(),
      errors: {},
      validated: new Set<string>(),
      deletingSource: null,
      pendingStart: null,
      notice: null,
      loadError: null,
      submitError: null,
      refusedSubmits: 0,
      forPayment: false,
      result: null,
    };
  },
  output: ({ context }) => context.result ?? { kind: "closed" },
  initial: "opening",
  states: {
    /** A new builder opens on its form; one opened on a draft, a contest or a template fetches it first. */
    opening: {
      always: [{ guard: "mustLoadOrigin", target: "loading" }, { target: "editing" }],
    },
    loading: {
      invoke: {
        src: "loadOrigin",
        input: ({ context }) => ({ origin: context.loading ?? context.origin }),
        onDone: {
          target: "editing",
          actions: { type: "importOrigin", params: ({ event }) => ({ loaded: event.output }) },
        },
        onError: {
          target: "loadFailed",
          actions: { type: "failLoading", params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { CLOSE: { target: "closed", actions: "finishClosed" } },
    },
    loadFailed: {
      on: {
        RETRY: "loading",
        // Back to the form the person had, when the failed load was an import from the welcome pane.
        CANCEL: { guard: "formIsReady", target: "editing", actions: "stopLoading" },
        CLOSE: { target: "closed", actions: "finishClosed" },
      },
    },

    editing: {
      entry: "clearForPayment",
      initial: "idle",
      on: {
        GO_TO_PANE: {
          guard: { type: "paneExists", params: ({ event }) => ({ pane: event.pane }) },
          actions: { type: "setPane", params: ({ event }) => ({ pane: event.pane }) },
        },
        NEXT: [
          {
            guard: and(["hasNextPane", "currentPaneIsValid"]),
            actions: ["validateCurrentPane", "goToNextPane"],
          },
          { actions: "validateCurrentPane" },
        ],
        PREVIOUS: { guard: "hasPreviousPane", actions: "goToPreviousPane" },
        CHANGE: [
          {
            guard: { type: "startChangeNeedsConfirmation", params: ({ event }) => event },
            target: ".updateContestDates",
            actions: { type: "holdPendingStart", params: ({ event }) => ({ value: event.value }) },
          },
          {
            guard: { type: "isEditable", params: ({ event }) => ({ path: event.path }) },
            actions: { type: "changeField", params: ({ event }) => event },
          },
        ],
        BLUR: { actions: { type: "validateField", params: ({ event }) => ({ path: event.path }) } },
        LEAVE_TAB: { actions: { type: "leaveTab", params: ({ event }) => event } },
        TOGGLE: {
          guard: { type: "isEditable", params: ({ event }) => ({ path: event.path }) },
          actions: { type: "toggle", params: ({ event }) => event },
        },
        DISMISS_NOTICE: { actions: "dismissNotice" },
        OPEN: [
          {
            guard: and([{ type: "opensModal", params: { modal: "addSource" as const } }, "canAddAnySource"]),
            target: ".addSource",
          },
          { guard: { type: "opensModal", params: { modal: "builderSettings" } }, target: ".builderSettings" },
          {
            guard: { type: "opensModal", params: { modal: "manageShortlinks" } },
            target: ".manageShortlinks",
          },
        ],
        ADD_SOURCE: {
          guard: { type: "canAddSource", params: ({ event }) => ({ provider: event.provider }) },
          target: ".idle",
          actions: { type: "addSource", params: ({ event }) => ({ provider: event.provider }) },
        },
        DELETE_SOURCE: {
          guard: { type: "sourceExists", params: ({ event }) => ({ id: event.id }) },
          target: ".deleteSource",
          actions: { type: "askToDeleteSource", params: ({ event }) => ({ id: event.id }) },
        },
        IMPORT: {
          guard: { type: "canImport", params: ({ event }) => ({ origin: event.origin }) },
          target: "loading",
          actions: { type: "startLoading", params: ({ event }) => ({ origin: event.origin }) },
        },
        SUBMIT: "submit",
        SAVE_DRAFT: "saveDraft",
        EXPORT_TEMPLATE: "exportTemplate",
        CLOSE: ".closeBuilder",
      },
      states: {
        idle: { entry: "forgetDeletingSource" },
        updateContestDates: {
          meta: { modal: "updateContestDates" },
          on: {
            CONFIRM: { target: "idle", actions: "applyPendingStart" },
            CANCEL: { target: "idle", actions: "dropPendingStart" },
          },
        },
        // DELETE_SOURCE names the source it asks about.
        deleteSource: {
          meta: { modal: "deleteSource" },
          on: { CONFIRM: { target: "idle", actions: "deleteSource" }, CANCEL: "idle" },
        },
        // ADD_SOURCE (handled by editing) adds the source, opens its pane and closes this modal.
        addSource: {
          meta: { modal: "addSource" },
          on: { CANCEL: "idle" },
        },
        // The shortlink-on-paste setting belongs to the team; the app saves it, then confirms.
        builderSettings: {
          meta: { modal: "builderSettings" },
          on: { CONFIRM: "idle", CANCEL: "idle" },
        },
        manageShortlinks: {
          meta: { modal: "manageShortlinks" },
          on: { CONFIRM: "idle", CANCEL: "idle" },
        },
        closeBuilder: {
          meta: { modal: "closeBuilder" },
          on: { CONFIRM: { target: "#builder.closed", actions: "finishClosed" }, CANCEL: "idle" },
        },
      },
    },

    /** §4 Submit: validate everything → check the plan → confirm → create or update → done. */
    submit: {
      initial: "validating",
      states: {
        validating: {
          entry: "validateAll",
          always: [
            { guard: "hasErrors", target: "#builder.editing", actions: "showFirstError" },
            { target: "planCheck" },
          ],
        },
        planCheck: {
          always: [
            { guard: "needsPaidContest", target: "createPaidContestDialog" },
            { target: "createContestDialog" },
          ],
        },
        /** Creation stops here; the dialog offers to save the contest as a draft to pay for. */
        createPaidContestDialog: {
          meta: { modal: "createPaidContest" },
          on: {
            CONFIRM: { target: "#builder.saveDraft.saving", actions: "markForPayment" },
            CANCEL: "#builder.editing",
          },
        },
        createContestDialog: {
          meta: { modal: "createContest" },
          on: { HOLD_CONFIRMED: "submitting", CANCEL: "#builder.editing" },
        },
        submitting: {
          meta: { modal: "createContest" },
          entry: "clearSubmitError",
          invoke: callInvoke({
            src: "submitContest",
            action: "submit",
            key: "contest_id",
            target: "#builder.created",
            finish: "finishCreated",
          }),
        },
        failed: { meta: { modal: "createContest" }, on: { RETRY: "submitting", CANCEL: "#builder.editing" } },
      },
    },

    /** §4: saving a draft validates only the name; on success the builder closes. */
    saveDraft: {
      initial: "validating",
      states: {
        validating: {
          entry: "validateName",
          always: [{ guard: "nameIsInvalid", target: "#builder.editing" }, { target: "saving" }],
        },
        saving: {
          meta: { modal: "saveDraft" },
          entry: "clearSubmitError",
          invoke: callInvoke({
            src: "saveDraft",
            action: "draft",
            key: "contest_id",
            target: "#builder.draftSaved",
            finish: "finishDraftSaved",
          }),
        },
        failed: { meta: { modal: "saveDraft" }, on: { RETRY: "saving", CANCEL: "#builder.editing" } },
      },
    },

    /** §4: exporting a template validates only the name, asks in a dialog, then saves. */
    exportTemplate: {
      initial: "validating",
      states: {
        validating: {
          entry: "validateName",
          always: [
            { guard: "nameIsInvalid", target: "#builder.editing" },
            { target: "exportTemplateDialog" },
          ],
        },
        exportTemplateDialog: {
          meta: { modal: "exportTemplate" },
          on: { CONFIRM: "exporting", CANCEL: "#builder.editing" },
        },
        exporting: {
          meta: { modal: "exportTemplate" },
          entry: "clearSubmitError",
          invoke: callInvoke({
            src: "exportTemplate",
            action: "template",
            key: "template_id",
            target: "#builder.templateSaved",
            finish: "finishTemplateSaved",
          }),
        },
        failed: { meta: { modal: "exportTemplate" }, on: { RETRY: "exporting", CANCEL: "#builder.editing" } },
      },
    },

    created: { type: "final" },
    draftSaved: { type: "final" },
    templateSaved: { type: "final" },
    closed: { type: "final" },
  },
});

/** The builder's snapshot, as modalOf reads it. */
type BuilderSnapshot = { context: BuilderContext; getMeta(): Record<string, unknown> };

/**
 * The modal that is open: the one its state names (each modal state's meta), with the source the delete-source
 * modal asks about. The state is the only record of it.
 */
export function modalOf(snapshot: BuilderSnapshot): OpenModal | null {
  for (const meta of Object.values(snapshot.getMeta())) {
    const name = (meta as { modal?: ModalName } | undefined)?.modal;
    if (name === "deleteSource") {
      const sourceId = snapshot.context.deletingSource;
      return sourceId === null ? null : { name, sourceId };
    }
    if (name) return { name };
  }
  return null;
}

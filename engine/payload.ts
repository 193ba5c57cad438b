/**
 * What is sent and stored of a form: fields the team may not use, fields switched off by their `when`
 * conditions and fields nobody may edit (can_edit false) go back to their defaults (or out), so hidden data never
 * leaks into a payload and a client cannot change what the builder shows disabled. Fields inside lists
 * (patterns with *) are kept as they are: their list goes when its own switch is off.
 */
import equal from "fast-deep-equal";
import { produce } from "immer";
import type { CompiledConfig, CompiledField } from "./config/compile";
import type { ValidationContext } from "./config/types";
import { type ScopeInstance, scopeInstances } from "./validation/scopes";
import { isActive } from "./validation/validate";
import { getIn, isPlainObject, setPathIn } from "./values";

function removePath(root: unknown, segments: readonly string[]) {
  const parent = getIn(root, segments.slice(0, -1));
  if (isPlainObject(parent)) delete parent[segments[segments.length - 1] as string];
}

function defaultsOf(inst: ScopeInstance, config: CompiledConfig): unknown {
  return inst.kind === "base"
    ? config.defaults.base
    : inst.kind === "summary"
      ? config.defaults.summary
      : config.defaults.sources[inst.provider ?? ""];
}

/** Whether a field goes back to its default: `resets` says which (payloadOf's and lockedToDefaults' tests). */
type Resets = (field: CompiledField, form: unknown, inst: ScopeInstance) => boolean;

/** What payloadOf takes back: a field nobody may edit (can_edit false), one the team lacks or one switched off. */
const hiddenOrLocked =
  (ctx: ValidationContext): Resets =>
  (field, form, inst) =>
    !field.canEdit || !isActive(field, form, inst, [], ctx);

/** What lockedToDefaults takes back: a field nobody may edit. */
const locked: Resets = (field) => !field.canEdit;

/**
 * Whether resetting would change anything of `form`, read without a draft: most forms a person submits have
 * nothing hidden or locked away from its default, and then nothing is copied. A field whose value already equals
 * its default counts as unchanged. (Until the reset's first change its draft reads as the form, so this pass and
 * the reset decide every field alike.)
 */
function changes(form: unknown, config: CompiledConfig, resets: Resets, removes: boolean): boolean {
  for (const inst of scopeInstances(form, config)) {
    if (!isPlainObject(inst.value)) continue;
    const defaults = defaultsOf(inst, config);
    for (const field of inst.scope.fields) {
      if (field.segments.includes("*")) continue;
      if (!resets(field, form, inst)) continue;
      const fallback = getIn(defaults, field.segments);
      const current = getIn(inst.value, field.segments);
      if (fallback === undefined ? removes && current !== undefined : !equal(current, fallback)) return true;
    }
  }
  return false;
}

/** `removes`: a field without a default goes out (payloadOf) or stays as given (lockedToDefaults: a source's type). */
function reset(form: unknown, config: CompiledConfig, resets: Resets, removes: boolean): unknown {
  if (!changes(form, config, resets, removes)) return form;
  return produce(form, (draft) => {
    for (const inst of scopeInstances(draft, config)) {
      if (!isPlainObject(inst.value)) continue;
      const defaults = defaultsOf(inst, config);
      // Parents first: once a group is reset, what lies under it is its default already.
      const fields = [...inst.scope.fields].sort((a, b) => a.segments.length - b.segments.length);
      for (const field of fields) {
        if (field.segments.includes("*")) continue;
        if (!resets(field, draft, inst)) continue;
        const fallback = getIn(defaults, field.segments);
        if (fallback === undefined) {
          if (removes) removePath(inst.value, field.segments);
        } else setPathIn(inst.value, field.pattern, structuredClone(fallback));
      }
    }
  });
}

/** Whether payloadOf would change anything of `form` (without copying it). */
export function payloadChanges(form: unknown, config: CompiledConfig, ctx: ValidationContext): boolean {
  return changes(form, config, hiddenOrLocked(ctx), true);
}

export function payloadOf(form: unknown, config: CompiledConfig, ctx: ValidationContext): unknown {
  // A field the builder shows disabled (can_edit false) keeps its default whatever the client sent.
  return reset(form, config, hiddenOrLocked(ctx), true);
}

/**
 * The form with every locked field (can_edit false) that has a default at that default, before it is validated: a
 * part nobody may have (TikTok's reminders) is never the subject of an error, whatever a client sent for it. A
 * locked field without a default (a source's type) is validated as given. The form itself is returned when nothing
 * is locked away from its default.
 */
export function lockedToDefaults<T>(form: T, config: CompiledConfig): T {
  return reset(form, config, locked, false) as T;
}

/**
 * What is sent and stored of a form: fields the team may not use, fields switched off by their `when`
 * conditions and fields nobody may edit (can_edit false) go back to their defaults (or out), so hidden data never
 * leaks into a payload and a client cannot change what the builder shows disabled. Fields inside lists
 * (patterns with *) are kept as they are: their list goes when its own switch is off.
 */
import equal from "fast-deep-equal";
import { produce } from "immer";
import type { CompiledConfig } from "./config/compile";
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

/**
 * Whether payloadOf would change anything of `form`, read without a draft: most forms a person submits have
 * nothing hidden or locked away from its default, and then nothing is copied. A field whose value already equals
 * its default counts as unchanged. (Until payloadOf's first change its draft reads as the form, so this pass and
 * payloadOf decide every field alike.)
 */
export function payloadChanges(form: unknown, config: CompiledConfig, ctx: ValidationContext): boolean {
  for (const inst of scopeInstances(form, config)) {
    if (!isPlainObject(inst.value)) continue;
    const defaults = defaultsOf(inst, config);
    for (const field of inst.scope.fields) {
      if (field.segments.includes("*")) continue;
      if (field.canEdit && isActive(field, form, inst, [], ctx)) continue;
      const fallback = getIn(defaults, field.segments);
      const current = getIn(inst.value, field.segments);
      if (fallback === undefined ? current !== undefined : !equal(current, fallback)) return true;
    }
  }
  return false;
}

export function payloadOf(form: unknown, config: CompiledConfig, ctx: ValidationContext): unknown {
  if (!payloadChanges(form, config, ctx)) return form;
  return produce(form, (draft) => {
    for (const inst of scopeInstances(draft, config)) {
      if (!isPlainObject(inst.value)) continue;
      const defaults = defaultsOf(inst, config);
      // Parents first: once a group is reset, what lies under it is its default already.
      const fields = [...inst.scope.fields].sort((a, b) => a.segments.length - b.segments.length);
      for (const field of fields) {
        if (field.segments.includes("*")) continue;
        // A field the builder shows disabled (can_edit false) keeps its default whatever the client sent.
        if (field.canEdit && isActive(field, draft, inst, [], ctx)) continue;
        const fallback = getIn(defaults, field.segments);
        if (fallback === undefined) removePath(inst.value, field.segments);
        else setPathIn(inst.value, field.pattern, structuredClone(fallback));
      }
    }
  });
}

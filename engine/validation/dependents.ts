/**
 * Which fields a change can make right or wrong, read from the rule strings (as engine/ties.ts reads the ties):
 * a field depends on the fields its rules name (needs_any, required_when_in, before_field, range_duration_after,
 * array_length_equals_field, accounts_mentioned_in, incompatible_with…), on those its `when` conditions read, and
 * on those a `needed_by` says depend on it the other way round. Built once per compiled config; asked per change,
 * so the builder re-validates what a rule ties to the changed field (contest-builder.md §5: an error never
 * outlives the change that fixed it), still without validating on every keystroke.
 */
import type { CompiledConfig, CompiledScope } from "../config/compile";
import { getIn, isPlainObject } from "../values";
import { formSources, sourceType } from "./scopes";

/** One tie: when a field matching `trigger` changes, the fields matching `dependent` are checked again. */
type Edge = {
  /** Absolute template: $SOURCE, $INDEX (a list position of the dependent) and * (any position). */
  readonly trigger: readonly string[];
  readonly dependent: readonly string[];
};

/** The ties of one part of the form: base, summary, or every source of one provider. */
type ScopeEdges = { readonly provider: string | undefined; readonly edges: readonly Edge[] };

export type DependencyMap = readonly ScopeEdges[];

function scopeEdges(scope: CompiledScope, prefix: string): Edge[] {
  const absolute = (path: string) =>
    /^(base|summary|sources)\./.test(path) ? path.split(".") : [...prefix.split("."), ...path.split(".")];
  const edges: Edge[] = [];
  for (const field of scope.fields) {
    const self = absolute(field.pattern);
    for (const rule of field.rules) {
      const named = [...rule.fieldRefs, ...(rule.definition.implicitReads ?? [])].map((p) => p.split("."));
      for (const other of named) {
        edges.push(
          rule.definition.fieldsAre === "dependents"
            ? { trigger: self, dependent: other }
            : { trigger: other, dependent: self },
        );
      }
    }
    for (const cond of field.when) edges.push({ trigger: absolute(cond.path), dependent: self });
  }
  for (const step of scope.steps) {
    const anyOf = step.at_least_one_of;
    if (!anyOf || anyOf.length === 0) continue;
    // The step's "none enabled" error sits on its first field (validate.ts); its switches decide it.
    const at = absolute(step.fields[0] ?? step.id);
    for (const path of [...anyOf, ...(step.toggle ? [step.toggle] : [])]) {
      edges.push({ trigger: absolute(path), dependent: at });
    }
  }
  return edges;
}

const maps = new WeakMap<CompiledConfig, DependencyMap>();

/** Every tie of the config, derived from its parsed rule strings once and kept as long as the config is. */
export function dependencyMap(config: CompiledConfig): DependencyMap {
  let map = maps.get(config);
  if (!map) {
    map = [
      { provider: undefined, edges: scopeEdges(config.base, "base") },
      { provider: undefined, edges: scopeEdges(config.summary, "summary") },
      ...[...config.sources].map(([provider, scope]) => ({
        provider,
        edges: scopeEdges(scope, "sources.$SOURCE"),
      })),
    ];
    maps.set(config, map);
  }
  return map;
}

type Match = { stars: (string | undefined)[]; index: string | undefined };

/**
 * Whether a concrete path and a trigger name the same value or one holds the other (a list replaced whole holds
 * its items' fields; an item's field changed changes the list); what the trigger's placeholders took.
 */
function matchTrigger(trigger: readonly string[], source: string | undefined, parts: readonly string[]) {
  const match: Match = { stars: [], index: undefined };
  const n = Math.min(trigger.length, parts.length);
  for (let i = 0; i < n; i++) {
    const seg = trigger[i] as string;
    const part = parts[i] as string;
    if (seg === "$SOURCE") {
      if (part !== source) return null;
    } else if (seg === "$INDEX" || seg === "*") {
      if (!/^\d+$/.test(part)) return null;
      if (seg === "$INDEX") match.index = part;
      else match.stars.push(part);
    } else if (seg !== part) return null;
  }
  // Placeholders past the changed path are any position.
  for (let i = n; i < trigger.length; i++) if (trigger[i] === "*") match.stars.push(undefined);
  return match;
}

/** The dependent's concrete paths: placeholders filled from the match, the positions left open listed. */
function expand(form: unknown, dependent: readonly string[], source: string | undefined, match: Match) {
  const starCount = dependent.filter((s) => s === "*").length;
  const filled: string[] = [];
  let k = 0;
  for (const seg of dependent) {
    if (seg === "$SOURCE") {
      if (source === undefined) return [];
      filled.push(source);
    } else if (seg === "*") {
      const last = k === starCount - 1;
      filled.push(match.stars[k] ?? (last && match.index !== undefined ? match.index : "*"));
      k++;
    } else if (seg === "$INDEX") {
      filled.push(match.index ?? "*");
    } else filled.push(seg);
  }
  const out: string[] = [];
  const walk = (value: unknown, i: number, path: string[]) => {
    if (i === filled.length) {
      out.push(path.join("."));
      return;
    }
    const seg = filled[i] as string;
    if (seg === "*") {
      if (!Array.isArray(value)) return;
      for (let j = 0; j < value.length; j++) walk(value[j], i + 1, [...path, String(j)]);
      return;
    }
    walk(isPlainObject(value) || Array.isArray(value) ? getIn(value, [seg]) : undefined, i + 1, [
      ...path,
      seg,
    ]);
  };
  walk(form, 0, []);
  return out;
}

/**
 * The concrete fields ("sources.0.actions.follow.enabled", "sources.1.reminders.list.2.creation_date") whose rules
 * read the changed path, in form order, without the changed path itself.
 */
export function dependentsOf(form: unknown, config: CompiledConfig, changed: string): string[] {
  const parts = changed.split(".");
  const sources = formSources(form);
  const found = new Set<string>();
  for (const { provider, edges } of dependencyMap(config)) {
    const indexes =
      provider === undefined
        ? [undefined]
        : sources.flatMap((s, i) => (sourceType(s) === provider ? [String(i)] : []));
    for (const source of indexes) {
      for (const edge of edges) {
        const match = matchTrigger(edge.trigger, source, parts);
        if (!match) continue;
        for (const path of expand(form, edge.dependent, source, match)) {
          if (path !== changed) found.add(path);
        }
      }
    }
  }
  return [...found];
}

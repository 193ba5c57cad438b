/**
 * Feature ties (contest-builder.md §4), read from the rule strings rather than written twice:
 * `incompatible_with` — switching one on switches the other off; `needs_any` — an option can't stay on alone, so
 * the options it needs can't be switched off under it (`needed_by` records the same tie from the other side).
 */
import { produce } from "immer";
import type { CompiledConfig } from "./config/compile";
import { fillPath } from "./rulestring/compile";
import { formSources } from "./validation/scopes";
import { getPath, isPlainObject, isTruthy } from "./values";

type TieTemplates = { excludes: string[]; needsAny: string[] };

const cache = new WeakMap<CompiledConfig, Map<string, TieTemplates>>();

/** Absolute path templates ("sources.$SOURCE.actions.follow.enabled") → their ties. */
function tieTemplates(config: CompiledConfig): Map<string, TieTemplates> {
  const cached = cache.get(config);
  if (cached) return cached;
  const ties = new Map<string, TieTemplates>();
  cache.set(config, ties);
  const entry = (path: string) => {
    let t = ties.get(path);
    if (!t) ties.set(path, (t = { excludes: [], needsAny: [] }));
    return t;
  };
  const scopes: [string, CompiledConfig["base"]][] = [
    ["base", config.base],
    ["summary", config.summary],
    ...[...config.sources.values()].map((s): [string, CompiledConfig["base"]] => ["sources.$SOURCE", s]),
  ];
  for (const [prefix, scope] of scopes) {
    for (const field of scope.fields) {
      const self = `${prefix}.${field.pattern}`;
      for (const rule of field.rules) {
        if (rule.name === "incompatible_with") {
          for (const other of rule.fieldRefs) {
            entry(self).excludes.push(other);
            entry(other).excludes.push(self);
          }
        } else if (rule.name === "needs_any") {
          entry(self).needsAny.push(...rule.fieldRefs);
        }
      }
    }
  }
  return ties;
}

/** The template of a concrete path: "sources.2.actions.like.enabled" → "sources.$SOURCE.actions.like.enabled". */
function templateOf(path: string): { template: string; sourceIndex: number | undefined } {
  const m = /^sources\.(\d+)\.(.+)$/.exec(path);
  if (!m) return { template: path, sourceIndex: undefined };
  return { template: `sources.$SOURCE.${m[2]}`, sourceIndex: Number(m[1]) };
}

function setPath(draft: unknown, path: string, value: unknown) {
  const keys = path.split(".");
  let node = draft;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(node) && !Array.isArray(node)) return;
    node = (node as Record<string, unknown>)[key];
  }
  if (isPlainObject(node)) node[keys.at(-1) as string] = value;
}

export type ToggleResult =
  | { ok: true; form: unknown; switchedOff: string[] }
  | { ok: false; blockedBy: string[]; form: unknown };

/** The concrete paths a template stands for in this form (a source template for each source of a provider). */
function concrete(template: string, sourceIndex: number | undefined): string | null {
  return fillPath(template, { sourceIndex, index: undefined });
}

/**
 * Switches an option on or off keeping the ties: on → the options incompatible with it go off; off → refused
 * while an option that is on needs it and nothing else it could rely on is on.
 */
export function setToggle(config: CompiledConfig, form: unknown, path: string, on: boolean): ToggleResult {
  const ties = tieTemplates(config);
  const { template, sourceIndex } = templateOf(path);
  if (on) {
    const switchedOff = [...new Set(ties.get(template)?.excludes ?? [])]
      .map((t) => concrete(t, sourceIndex))
      .filter((p): p is string => p !== null && isTruthy(getPath(form, p)));
    const next = produce(form, (draft) => {
      setPath(draft, path, true);
      for (const p of switchedOff) setPath(draft, p, false);
    });
    return { ok: true, form: next, switchedOff };
  }
  // Who needs this one? Every option that is on and lists it among the options it can rely on.
  const blockedBy: string[] = [];
  for (const [dependent, tie] of ties) {
    if (!tie.needsAny.includes(template)) continue;
    const indexes = dependent.includes("$SOURCE")
      ? sourceIndex !== undefined
        ? [sourceIndex]
        : formSources(form).map((_, i) => i)
      : [undefined];
    for (const i of indexes) {
      const dep = concrete(dependent, i);
      if (dep === null || !isTruthy(getPath(form, dep))) continue;
      const alternatives = tie.needsAny
        .filter((t) => t !== template)
        .map((t) => concrete(t, i))
        .filter((p): p is string => p !== null && isTruthy(getPath(form, p)));
      if (alternatives.length === 0) blockedBy.push(dep);
    }
  }
  if (blockedBy.length > 0) return { ok: false, blockedBy, form };
  return { ok: true, form: produce(form, (draft) => setPath(draft, path, false)), switchedOff: [] };
}

/**
 * Which fields show: a field shows while its `when` conditions hold (the same conditions that decide whether the
 * engine validates and sends it); a group shows while one of its fields does. Plan gates do not hide: a field the
 * team may not use shows disabled with a star.
 */
import type { BuilderForm } from "../../../engine/builder/form";
import type { CompiledConfig, CompiledField } from "../../../engine/config/compile";
import { matchPattern } from "../../../engine/validation/expand";
import { type ScopeInstance, scopeInstances } from "../../../engine/validation/scopes";
import { isActive } from "../../../engine/validation/validate";

/** Conditions only: a context without the builder feature is never gated (validate.ts isGatedOut). */
const UNGATED = { now: new Date(0), teamFeatures: new Set<string>(), quotas: {} };

const instancesOf = new WeakMap<object, ScopeInstance[]>();

function instances(form: BuilderForm, config: CompiledConfig): ScopeInstance[] {
  const known = instancesOf.get(form);
  if (known) return known;
  const list = scopeInstances(form, config);
  instancesOf.set(form, list);
  return list;
}

function locate(form: BuilderForm, config: CompiledConfig, path: string) {
  const m = /^(base|summary|sources\.(\d+))(?:\.(.+))?$/.exec(path);
  if (!m) return null;
  const [, head = "", index, relative = ""] = m;
  const instance = instances(form, config).find((s) =>
    index === undefined ? s.prefix === head : s.sourceIndex === Number(index),
  );
  return instance ? { instance, relative } : null;
}

function holds(field: CompiledField, form: BuilderForm, inst: ScopeInstance, indexes: number[]): boolean {
  return isActive(field, form, inst, indexes, UNGATED);
}

/** Whether the field (or group) at a form path shows now. Unknown paths show (they are the schema's, not the rules'). */
export function isShown(form: BuilderForm, config: CompiledConfig, path: string): boolean {
  const located = locate(form, config, path);
  if (!located || located.relative === "") return true;
  const { instance, relative } = located;
  const segments = relative.split(".");
  let group = false;
  for (const field of instance.scope.fields) {
    const own = matchPattern(field.segments, relative);
    if (own !== null) return holds(field, form, instance, own);
    // A field under this group, whose list positions up to here are the path's own.
    if (field.segments.length > segments.length && field.config.ui?.widget !== "hidden") {
      const head = matchPattern(field.segments.slice(0, segments.length), relative);
      if (head === null) continue;
      group = true;
      if (field.segments.slice(segments.length).includes("*")) {
        if (field.when.every((c) => c.stars.length <= head.length)) {
          if (holds(field, form, instance, head)) return true;
        } else return true;
      } else if (holds(field, form, instance, head)) return true;
    }
  }
  return !group;
}

/** The compiled field of a form path, with the part it is in; null when the rules do not name it. */
export function fieldAt(
  form: BuilderForm,
  config: CompiledConfig,
  path: string,
): { field: CompiledField; instance: ScopeInstance; relative: string } | null {
  const located = locate(form, config, path);
  if (!located) return null;
  const field = located.instance.scope.fields.find(
    (f) => matchPattern(f.segments, located.relative) !== null,
  );
  return field ? { field, ...located } : null;
}

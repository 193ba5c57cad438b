/**
 * Feature ties (contest-builder.md §4), read from the rule strings rather than written twice:
 * `incompatible_with` — switching one on switches the other off; `needs_any` — an option can't stay on alone, so
 * an option it needs can't be switched off under it while nothing else it could rely on is on (`needed_by`
 * records the same tie from the other side, for the reader).
 *
 * Ties are worked out on the concrete form: each source with its own provider's rules, $SOURCE filled in, so
 * one provider's ties never leak onto another's sources and a source option may be tied to a base option.
 */
import { produce } from "immer";
import type { CompiledConfig } from "./config/compile";
import { fillPath } from "./rulestring/compile";
import { scopeInstances } from "./validation/scopes";
import { getPath, isTruthy, setPathIn } from "./values";

type Tie = { excludes: Set<string>; needs: string[][] };

function concreteTies(config: CompiledConfig, form: unknown): Map<string, Tie> {
  const ties = new Map<string, Tie>();
  const entry = (path: string) => {
    const existing = ties.get(path);
    if (existing) return existing;
    const created: Tie = { excludes: new Set(), needs: [] };
    ties.set(path, created);
    return created;
  };
  for (const inst of scopeInstances(form, config)) {
    for (const field of inst.scope.fields) {
      if (field.segments.includes("*")) continue;
      const self = `${inst.prefix}.${field.pattern}`;
      for (const rule of field.rules) {
        if (rule.name !== "incompatible_with" && rule.name !== "needs_any") continue;
        const refs = rule.fieldRefs
          .map((t) => fillPath(t, { sourceIndex: inst.sourceIndex, index: undefined }))
          .filter((p): p is string => p !== null);
        if (rule.name === "incompatible_with") {
          for (const other of refs) {
            entry(self).excludes.add(other);
            entry(other).excludes.add(self);
          }
        } else entry(self).needs.push(refs);
      }
    }
  }
  return ties;
}

export type ToggleResult =
  | { ok: true; form: unknown; switchedOff: string[] }
  | { ok: false; blockedBy: string[]; form: unknown };

/**
 * Switches an option on or off keeping the ties: on → the options incompatible with it go off; off → refused
 * while an option that is on needs it and nothing else it could rely on is on.
 */
export function setToggle(config: CompiledConfig, form: unknown, path: string, on: boolean): ToggleResult {
  const ties = concreteTies(config, form);
  if (on) {
    const switchedOff = [...(ties.get(path)?.excludes ?? [])].filter((p) => isTruthy(getPath(form, p)));
    const next = produce(form, (draft) => {
      setPathIn(draft, path, true);
      for (const p of switchedOff) setPathIn(draft, p, false);
    });
    return { ok: true, form: next, switchedOff };
  }
  const blockedBy: string[] = [];
  for (const [dependent, tie] of ties) {
    if (!isTruthy(getPath(form, dependent))) continue;
    const stranded = tie.needs.some(
      (anyOf) => anyOf.includes(path) && !anyOf.some((p) => p !== path && isTruthy(getPath(form, p))),
    );
    if (stranded) blockedBy.push(dependent);
  }
  if (blockedBy.length > 0) return { ok: false, blockedBy, form };
  return { ok: true, form: produce(form, (draft) => setPathIn(draft, path, false)), switchedOff: [] };
}

/**
 * Step and pane states (contest-builder.md §4): each item of a pane is OPTION (optional and off), REQUIRED
 * (not validated yet), VALID or INVALID; a pane header is INVALID if any item is, VALID if every item that is
 * not an off option is valid, INCOMPLETE otherwise.
 */
import type { StepConfig } from "../../codegen/types";
import type { ValidationErrors } from "../messages/types";
import { getPath, isTruthy } from "../values";
import type { ScopeInstance } from "./scopes";

export type StepState = "OPTION" | "REQUIRED" | "VALID" | "INVALID";
export type PaneState = "INVALID" | "VALID" | "INCOMPLETE";

/** The steps of a part: its sidecar's, or one per top-level field when it declares none. */
export function stepsOf(inst: ScopeInstance): readonly StepConfig[] {
  if (inst.scope.steps.length > 0) return inst.scope.steps;
  const tops = [...new Set(inst.scope.fields.map((f) => f.segments[0] ?? f.pattern))];
  return tops.map((id) => ({ id, fields: [id] }));
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`);
}

/**
 * @param validated absolute paths already validated: a part prefix ("sources.1") after its Next or a submit,
 *   or single field paths after the person left them.
 */
export function stepState(
  inst: ScopeInstance,
  step: StepConfig,
  errors: ValidationErrors,
  validated: ReadonlySet<string>,
): StepState {
  const prefixes = step.fields.map((f) => `${inst.prefix}.${f}`);
  if (step.optional && step.toggle && !isTruthy(getPath(inst.value, step.toggle))) return "OPTION";
  const hasError = Object.keys(errors).some((p) => prefixes.some((prefix) => under(p, prefix)));
  if (hasError) return "INVALID";
  const touched =
    validated.has(inst.prefix) || [...validated].some((v) => prefixes.some((prefix) => under(v, prefix)));
  return touched ? "VALID" : "REQUIRED";
}

export function stepStates(
  inst: ScopeInstance,
  errors: ValidationErrors,
  validated: ReadonlySet<string>,
): { id: string; state: StepState }[] {
  return stepsOf(inst).map((step) => ({ id: step.id, state: stepState(inst, step, errors, validated) }));
}

export function paneState(states: readonly StepState[]): PaneState {
  if (states.includes("INVALID")) return "INVALID";
  return states.every((s) => s === "VALID" || s === "OPTION") ? "VALID" : "INCOMPLETE";
}

/**
 * The validator: a pure function of (form, compiled config, context) → errors keyed by dotted path, the first
 * failing rule of each field (contest-builder.md §5; decisions.md paths). It never throws on any JSON.
 *
 * Targets: everything (submit), one part (a pane's Next), the name alone (draft save, template export), or one
 * field (when a person leaves it). Fields the team may not use (plan gate, with contestBuilder) and fields
 * switched off by their `when` conditions are not validated.
 */
import type { CompiledConfig, CompiledField, CompiledScope, Condition } from "../config/compile";
import type { ValidationContext } from "../config/types";
import type { FieldError, ValidationErrors } from "../messages/types";
import type { RuleContext } from "../rules/define";
import { asText, getIn, getPath, isEmpty, isTruthy } from "../values";
import { expandPattern, type FieldInstance, matchPattern } from "./expand";
import { formSources, locatePath, type ScopeInstance, scopeInstances, sourceType } from "./scopes";

export type ValidationTarget =
  | { kind: "all" }
  | { kind: "part"; prefix: string } // "base", "summary", "sources.1"
  | { kind: "field"; path: string }; // "base.name", "sources.0.reminders.list.2.date"

export const ALL: ValidationTarget = { kind: "all" };
export const NAME_ONLY: ValidationTarget = { kind: "field", path: "base.name" };

function conditionValue(
  cond: Condition,
  form: unknown,
  inst: ScopeInstance,
  indexes: readonly number[],
): unknown {
  const root = cond.absolute ? form : inst.value;
  if (cond.stars.length === 0 && cond.sources.length === 0) return getIn(root, cond.segments);
  const segments = [...cond.segments];
  cond.stars.forEach((pos, k) => {
    segments[pos] = String(indexes[k] ?? "*");
  });
  for (const pos of cond.sources) segments[pos] = String(inst.sourceIndex);
  return getIn(root, segments);
}

function conditionsHold(
  field: CompiledField,
  form: unknown,
  inst: ScopeInstance,
  indexes: readonly number[],
) {
  for (const cond of field.when) {
    const value = conditionValue(cond, form, inst, indexes);
    const holds =
      cond.op === "truthy"
        ? isTruthy(value)
        : cond.op === "falsy"
          ? !isTruthy(value)
          : ((asText(value) ?? "") === cond.value) === (cond.op === "==");
    if (!holds) return false;
  }
  return true;
}

/** The team may not use this field: the plan gate applies (only to teams with the contest builder). */
export function isGatedOut(field: CompiledField, ctx: ValidationContext): boolean {
  return (
    field.feature !== undefined &&
    ctx.teamFeatures.has("contestBuilder") &&
    !ctx.teamFeatures.has(field.feature) &&
    !field.reportsGate
  );
}

/** Whether a field instance is in play: not gated out and every `when` condition holds. */
export function isActive(
  field: CompiledField,
  form: unknown,
  inst: ScopeInstance,
  indexes: readonly number[],
  ctx: ValidationContext,
): boolean {
  return !isGatedOut(field, ctx) && conditionsHold(field, form, inst, indexes);
}

/** One rule context per validation, its position fields moved along as the fields are checked. */
type MutableRuleContext = { -readonly [K in keyof RuleContext]: RuleContext[K] };

function ruleContext(form: unknown, ctx: ValidationContext, config: CompiledConfig): MutableRuleContext {
  return {
    form,
    path: "",
    sourceIndex: undefined,
    index: undefined,
    now: ctx.now,
    teamFeatures: ctx.teamFeatures,
    quotas: ctx.quotas,
    limits: config.limits,
    providers: config.providers,
    get: (p) => getPath(form, p),
  };
}

function checkInstance(
  field: CompiledField,
  inst: ScopeInstance,
  fi: FieldInstance,
  ruleCtx: MutableRuleContext,
): FieldError | null {
  ruleCtx.path = inst.prefix === "" ? fi.relative : `${inst.prefix}.${fi.relative}`;
  ruleCtx.sourceIndex = inst.sourceIndex;
  ruleCtx.index = fi.indexes.length > 0 ? fi.indexes[fi.indexes.length - 1] : undefined;
  const empty = isEmpty(fi.value);
  for (const rule of field.rules) {
    if (empty && !rule.definition.implicit) continue;
    const outcome = rule.definition.check(fi.value, rule.resolveArgs(ruleCtx), ruleCtx);
    if (outcome === true) continue;
    const override = field.messages[rule.name];
    if (outcome === false) return { key: override ?? rule.message, rule: rule.name };
    return {
      key: override ?? outcome.key,
      rule: rule.name,
      ...(outcome.values ? { values: outcome.values } : {}),
    };
  }
  return null;
}

function add(errors: ValidationErrors, path: string, error: FieldError) {
  const list = errors[path];
  if (list) list.push(error);
  else errors[path] = [error];
}

function validateInstance(
  inst: ScopeInstance,
  form: unknown,
  ctx: ValidationContext,
  ruleCtx: MutableRuleContext,
  errors: ValidationErrors,
) {
  for (const field of inst.scope.fields) {
    if (isGatedOut(field, ctx)) continue;
    for (const fi of expandPattern(inst.value, field.segments)) {
      if (!conditionsHold(field, form, inst, fi.indexes)) continue;
      const error = checkInstance(field, inst, fi, ruleCtx);
      if (error) add(errors, ruleCtx.path, error);
    }
  }
  for (const step of inst.scope.steps) {
    const anyOf = step.at_least_one_of;
    if (!anyOf || anyOf.length === 0) continue;
    if (step.toggle && !isTruthy(getPath(inst.value, step.toggle))) continue;
    if (!anyOf.some((p) => isTruthy(getPath(inst.value, p)))) {
      add(errors, [inst.prefix, step.fields[0] ?? step.id].filter(Boolean).join("."), {
        key: "validation.step.none_enabled",
        rule: "at_least_one_of",
      });
    }
  }
}

/** The sources list itself: at least one, known providers, at most maxSourcesLimitCB per provider. */
function validateSources(form: unknown, config: CompiledConfig, errors: ValidationErrors) {
  const sources = formSources(form);
  if (sources.length === 0) {
    add(errors, "sources", { key: "validation.array_min", values: { n: 1 }, rule: "sources" });
    return;
  }
  const counts = new Map<string, number>();
  sources.forEach((source, i) => {
    const provider = sourceType(source);
    if (provider === undefined || !config.sources.has(provider)) {
      add(errors, `sources.${i}.type`, { key: "validation.in", rule: "sources" });
      return;
    }
    const n = (counts.get(provider) ?? 0) + 1;
    counts.set(provider, n);
    const max = config.providers[provider]?.maxSourcesLimitCB ?? 1;
    if (n > max) {
      add(errors, `sources.${i}.type`, {
        key: "validation.sources.max_per_provider",
        values: { n: max },
        rule: "sources",
      });
    }
  });
}

function validateOneField(
  path: string,
  form: unknown,
  ctx: ValidationContext,
  config: CompiledConfig,
): ValidationErrors {
  const errors: ValidationErrors = {};
  const located = locatePath(form, config, path);
  if (!located) return errors;
  const { instance, relative } = located;
  for (const field of instance.scope.fields) {
    const indexes = matchPattern(field.segments, relative);
    if (indexes === null || !isActive(field, form, instance, indexes, ctx)) continue;
    const value = getPath(instance.value, relative);
    const error = checkInstance(
      field,
      instance,
      { relative, value, indexes },
      ruleContext(form, ctx, config),
    );
    if (error) add(errors, path, error);
  }
  return errors;
}

export function validate(
  form: unknown,
  config: CompiledConfig,
  ctx: ValidationContext,
  target: ValidationTarget = ALL,
): ValidationErrors {
  if (target.kind === "field") return validateOneField(target.path, form, ctx, config);
  const errors: ValidationErrors = {};
  if (target.kind === "all" || target.prefix === "sources") validateSources(form, config, errors);
  const ruleCtx = ruleContext(form, ctx, config);
  for (const inst of scopeInstances(form, config)) {
    if (target.kind === "part" && inst.prefix !== target.prefix) continue;
    validateInstance(inst, form, ctx, ruleCtx, errors);
  }
  return errors;
}

/**
 * A standalone form of the app (shortlink, contact, invite, quick import, codes: schemas/forms/), validated with
 * the same rules and messages as the contest form; paths are relative to the form's body.
 */
export function validateFormData(
  data: unknown,
  scope: CompiledScope,
  ctx: ValidationContext,
  limits: Readonly<Record<string, number>> = {},
): ValidationErrors {
  const errors: ValidationErrors = {};
  const inst: ScopeInstance = {
    kind: "form",
    prefix: "",
    value: data,
    sourceIndex: undefined,
    provider: undefined,
    scope,
  };
  const ruleCtx: MutableRuleContext = {
    form: data,
    path: "",
    sourceIndex: undefined,
    index: undefined,
    now: ctx.now,
    teamFeatures: ctx.teamFeatures,
    quotas: ctx.quotas,
    limits,
    providers: {},
    get: (p) => getPath(data, p),
  };
  validateInstance(inst, data, ctx, ruleCtx, errors);
  return errors;
}

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
import type { RuleContext, RuleOutcome } from "../rules/define";
import { asText, getIn, getPath, isPlainObject, isTruthy } from "../values";
import {
  conditionsHoldAt,
  type FieldProgram,
  forEachInstance,
  type Position,
  relativePath,
  type ScopeProgram,
  scopeProgram,
  type Visitor,
  type WalkPass,
  walkOf,
} from "./program";
import { formSources, type ScopeInstance, scopeInstances, sourceType } from "./scopes";

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

/**
 * One rule context per validation, moved along as the fields are checked. Its path is spelled out only if a rule
 * asks for it (none of the registry's does on the way to success).
 */
class MovingRuleContext implements RuleContext {
  sourceIndex: number | undefined = undefined;
  index: number | undefined = undefined;
  prefix = "";
  program: FieldProgram | undefined = undefined;
  indexes: readonly number[] = [];
  readonly now: Date;
  readonly teamFeatures: ReadonlySet<string>;
  readonly quotas: Readonly<Record<string, number>>;
  constructor(
    readonly form: unknown,
    ctx: ValidationContext,
    readonly limits: Readonly<Record<string, number>>,
    readonly providers: RuleContext["providers"],
  ) {
    this.now = ctx.now;
    this.teamFeatures = ctx.teamFeatures;
    this.quotas = ctx.quotas;
  }
  get path(): string {
    const relative = this.program ? relativePath(this.program.segments, this.indexes) : "";
    return this.prefix === "" ? relative : `${this.prefix}.${relative}`;
  }
  get(p: string): unknown {
    return getPath(this.form, p);
  }
}

function add(errors: ValidationErrors, path: string, error: FieldError) {
  const list = errors[path];
  if (list) list.push(error);
  else errors[path] = [error];
}

/**
 * One pass over the form: where it is, the rule context, the errors found so far; it checks each instance the
 * interpreter finds (visit), or is what a scope's generated walk reports to (WalkPass).
 */
class Pass implements Visitor, WalkPass {
  readonly pos: Position;
  readonly ruleCtx: MovingRuleContext;
  readonly errors: ValidationErrors = {};
  /** The scope being walked (for the generated walk's open and fail). */
  program: ScopeProgram | undefined = undefined;
  constructor(
    readonly form: unknown,
    readonly ctx: ValidationContext,
    limits: Readonly<Record<string, number>>,
    readonly providers: RuleContext["providers"],
  ) {
    this.pos = { form, scopeValue: undefined, sourceIndex: undefined, indexes: [], depth: 0 };
    this.ruleCtx = new MovingRuleContext(form, ctx, limits, providers);
  }
  get sourceIndex(): number | undefined {
    return this.pos.sourceIndex;
  }
  get indexes(): number[] {
    return this.pos.indexes;
  }
  /** Field k (one with a plan gate) is in play for this team: not gated out. */
  open(k: number): boolean {
    const field = this.program?.fields[k]?.field;
    return field !== undefined && !isGatedOut(field, this.ctx);
  }
  fail(k: number, j: number, outcome: Exclude<RuleOutcome, true>): void {
    const program = this.program?.fields[k];
    if (!program) return;
    const { ruleCtx } = this;
    ruleCtx.program = program;
    ruleCtx.indexes = this.pos.indexes;
    add(this.errors, ruleCtx.path, program.errorOf(j, outcome));
  }
  visit(program: FieldProgram, value: unknown): void {
    const { pos, ruleCtx } = this;
    if (program.conditions.length > 0 && !conditionsHoldAt(program, pos)) return;
    ruleCtx.program = program;
    ruleCtx.indexes = pos.indexes;
    ruleCtx.index = pos.depth > 0 ? pos.indexes[pos.depth - 1] : undefined;
    const error = program.check(value, ruleCtx);
    if (error) add(this.errors, ruleCtx.path, error);
  }
}

/**
 * The steps that need one of their switches on (the actions step) and have none: their error, on the step's first
 * field. `only` keeps the steps whose error would sit on that relative path (validating one field).
 */
function checkSteps(
  inst: ScopeInstance,
  errors: ValidationErrors,
  providers: RuleContext["providers"],
  only?: string,
) {
  // The actions a network cannot check (capabilities): switched on alone, they are no requirement at all.
  const unchecked = new Set(
    (inst.provider ? providers[inst.provider]?.unchecked_actions : undefined)?.map(
      (k) => `actions.${k}.enabled`,
    ),
  );
  for (const step of inst.scope.steps) {
    const anyOf = step.at_least_one_of;
    if (!anyOf || anyOf.length === 0) continue;
    const at = step.fields[0] ?? step.id;
    if (only !== undefined && at !== only) continue;
    if (step.toggle && !isTruthy(getPath(inst.value, step.toggle))) continue;
    const on = anyOf.filter((p) => isTruthy(getPath(inst.value, p)));
    const where = [inst.prefix, at].filter(Boolean).join(".");
    if (on.length === 0) {
      add(errors, where, { key: "validation.step.none_enabled", rule: "at_least_one_of" });
    } else if (unchecked.size > 0 && on.every((p) => unchecked.has(p))) {
      add(errors, where, { key: "validation.step.none_checked", rule: "at_least_one_of" });
    }
  }
}

function validateInstance(inst: ScopeInstance, ctx: ValidationContext, pass: Pass) {
  const { pos, ruleCtx } = pass;
  pos.scopeValue = inst.value;
  pos.sourceIndex = inst.sourceIndex;
  ruleCtx.prefix = inst.prefix;
  ruleCtx.sourceIndex = inst.sourceIndex;
  const program = scopeProgram(inst.scope);
  const walk = walkOf(program);
  if (walk) {
    pass.program = program;
    ruleCtx.indexes = pos.indexes;
    walk(inst.value, pass);
    checkSteps(inst, pass.errors, pass.providers);
    return;
  }
  const { fields } = program;
  for (let i = 0; i < fields.length; i++) {
    const program = fields[i] as FieldProgram;
    if (program.field.feature !== undefined && isGatedOut(program.field, ctx)) continue;
    forEachInstance(program, pos, pass);
  }
  checkSteps(inst, pass.errors, pass.providers);
}

function newPass(
  form: unknown,
  ctx: ValidationContext,
  limits: Readonly<Record<string, number>>,
  providers: RuleContext["providers"],
): Pass {
  return new Pass(form, ctx, limits, providers);
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

/** The part an absolute path belongs to, found without listing every part; null when there is none. */
function locate(
  form: unknown,
  config: CompiledConfig,
  path: string,
): { instance: ScopeInstance; parts: string[] } | null {
  const parts = path.split(".");
  const root = isPlainObject(form) ? form : {};
  const head = parts[0];
  if (head === "base" || head === "summary") {
    if (parts.length < 2) return null;
    const instance: ScopeInstance = {
      kind: head,
      prefix: head,
      value: root[head],
      sourceIndex: undefined,
      provider: undefined,
      scope: head === "base" ? config.base : config.summary,
    };
    return { instance, parts: parts.slice(1) };
  }
  if (head !== "sources" || parts.length < 3 || !/^\d+$/.test(parts[1] ?? "")) return null;
  const sourceIndex = Number(parts[1]);
  const source = formSources(form)[sourceIndex];
  const provider = sourceType(source);
  const scope = provider === undefined ? undefined : config.sources.get(provider);
  if (!scope) return null;
  const instance: ScopeInstance = {
    kind: "source",
    prefix: `sources.${sourceIndex}`,
    value: source,
    sourceIndex,
    provider,
    scope,
  };
  return { instance, parts: parts.slice(2) };
}

/** Whether concrete parts ("reminders", "list", "3", "date") are an instance of a pattern; its indexes if so. */
function matchParts(segments: readonly string[], parts: readonly string[]): number[] | null {
  if (parts.length !== segments.length) return null;
  let indexes: number[] | null = null;
  for (let i = 0; i < parts.length; i++) {
    const seg = segments[i];
    const part = parts[i] as string;
    if (seg === "*") {
      if (!/^\d+$/.test(part)) return null;
      indexes ??= [];
      indexes.push(Number(part));
    } else if (seg !== part) return null;
  }
  return indexes ?? [];
}

function validateOneField(
  path: string,
  form: unknown,
  ctx: ValidationContext,
  config: CompiledConfig,
): ValidationErrors {
  const located = locate(form, config, path);
  if (!located) return {};
  const { instance, parts } = located;
  const pass = newPass(form, ctx, config.limits, config.providers);
  const { pos, ruleCtx } = pass;
  pos.scopeValue = instance.value;
  pos.sourceIndex = instance.sourceIndex;
  ruleCtx.prefix = instance.prefix;
  ruleCtx.sourceIndex = instance.sourceIndex;
  for (const program of scopeProgram(instance.scope).fields) {
    const indexes = matchParts(program.segments, parts);
    if (indexes === null || isGatedOut(program.field, ctx)) continue;
    pos.indexes = indexes;
    pos.depth = indexes.length;
    pass.visit(program, getIn(instance.value, parts));
  }
  // A step's "none enabled" error is this path's too: validating the field answers it as validating its part does.
  checkSteps(instance, pass.errors, config.providers, parts.join("."));
  // Keyed by the path as asked ("sources.01.x" is sources.1's field, answered under the caller's spelling).
  const found = Object.values(pass.errors).flat();
  return found.length > 0 ? { [path]: found } : {};
}

export function validate(
  form: unknown,
  config: CompiledConfig,
  ctx: ValidationContext,
  target: ValidationTarget = ALL,
): ValidationErrors {
  if (target.kind === "field") return validateOneField(target.path, form, ctx, config);
  const pass = newPass(form, ctx, config.limits, config.providers);
  if (target.kind === "all" || target.prefix === "sources") validateSources(form, config, pass.errors);
  for (const inst of scopeInstances(form, config)) {
    if (target.kind === "part" && inst.prefix !== target.prefix) continue;
    validateInstance(inst, ctx, pass);
  }
  return pass.errors;
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
  const inst: ScopeInstance = {
    kind: "form",
    prefix: "",
    value: data,
    sourceIndex: undefined,
    provider: undefined,
    scope,
  };
  const pass = newPass(data, ctx, limits, {});
  validateInstance(inst, ctx, pass);
  return pass.errors;
}

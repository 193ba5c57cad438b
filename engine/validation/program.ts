/**
 * The validator's compiled form of a scope, built once per compiled config (as ajv compiles a schema): each
 * field's reader, its `when` conditions and its rule chain become closures with everything that does not depend
 * on the form resolved, so validating reads values and runs checks without splitting, joining or allocating
 * paths. A path is spelled out only for an error.
 */
import { programs as generatedWalks } from "../../codegen/validation/programs.js";
import type { CompiledField, CompiledScope, Condition } from "../config/compile";
import type { FieldError } from "../messages/types";
import type { RuleContext, RuleOutcome } from "../rules/define";
import { asText, getIn, isEmpty, isTruthy } from "../values";
import { chainRules, scopeSignature, signatureKey } from "./signature";

/** Where a field instance is: the scope's value, the form, the source's index and the indexes its *s took. */
export type Position = {
  form: unknown;
  scopeValue: unknown;
  sourceIndex: number | undefined;
  /** The indexes of the *s walked so far, [0, depth). */
  indexes: number[];
  depth: number;
};

type ConditionTest = (pos: Position) => boolean;

export type FieldProgram = {
  readonly field: CompiledField;
  readonly segments: readonly string[];
  /** Positions of the * segments; empty for a plain field. */
  readonly stars: readonly number[];
  readonly conditions: readonly ConditionTest[];
  /** The rule chain: the first failing rule's error, or null. */
  readonly check: (value: unknown, ctx: RuleContext) => FieldError | null;
  /** The error of the chain's j-th rule (in chainRules order) when its check answered `outcome`. */
  readonly errorOf: (j: number, outcome: Exclude<RuleOutcome, true>) => FieldError;
};

/**
 * What a generated walk sees of a validation pass: where the scope is, the moving rule context, and the pass's
 * answers to "is field k in play for this team" and "field k's j-th rule failed here".
 */
export type WalkPass = {
  readonly form: unknown;
  readonly sourceIndex: number | undefined;
  /** The indexes of the *s the walk is in; the walk writes them, an error's path reads them. */
  readonly indexes: number[];
  readonly ruleCtx: RuleContext & { program: FieldProgram | undefined; index: number | undefined };
  open(k: number): boolean;
  fail(k: number, j: number, outcome: Exclude<RuleOutcome, true>): void;
};

/** What a generated walk is given, once per compiled scope: everything it must not have baked in. */
export type WalkRuntime = {
  readonly fields: readonly FieldProgram[];
  /** Each rule's check, by name. */
  readonly rules: Readonly<Record<string, (value: unknown, args: unknown, ctx: RuleContext) => RuleOutcome>>;
  /** [field][rule in chain]: the constant arguments, or null where `args` makes them per check. */
  readonly fixed: readonly (readonly (readonly unknown[] | null)[])[];
  readonly args: readonly (readonly ((ctx: RuleContext) => unknown[])[])[];
  readonly isEmpty: (value: unknown) => boolean;
  readonly isTruthy: (value: unknown) => boolean;
  readonly asText: (value: unknown) => string | null;
};

/** Checks every field instance of a scope's value, as forEachInstance and Pass.visit would, field by field. */
export type CompiledWalk = (scopeValue: unknown, pass: WalkPass) => void;
export type WalkFactory = (runtime: WalkRuntime) => CompiledWalk;

export type ScopeProgram = {
  readonly fields: readonly FieldProgram[];
  /** The scope's walk generated at build time (codegen/validation/programs.js), when there is one for it. */
  readonly walk: CompiledWalk | undefined;
};

function compileCondition(cond: Condition): ConditionTest {
  const { segments, stars, sources, absolute } = cond;
  const plain = stars.length === 0 && sources.length === 0;
  // Per segment, where its key comes from: -2 its own text, -1 the source's index, k >= 0 the field's k-th index.
  const fill = segments.map((_, i) => (sources.includes(i) ? -1 : stars.includes(i) ? stars.indexOf(i) : -2));
  const read = plain
    ? (pos: Position) => getIn(absolute ? pos.form : pos.scopeValue, segments)
    : (pos: Position) => {
        let current: unknown = absolute ? pos.form : pos.scopeValue;
        for (let i = 0; i < segments.length; i++) {
          if (current === null || typeof current !== "object") return undefined;
          const k = fill[i] as number;
          // An index past the field's own (a * the field does not have) reads the key "*", as the engine always did.
          const key =
            k === -1
              ? pos.sourceIndex
              : k >= 0
                ? k < pos.depth
                  ? pos.indexes[k]
                  : "*"
                : (segments[i] as string);
          current = (current as Record<string, unknown>)[String(key)];
        }
        return current;
      };
  switch (cond.op) {
    case "truthy":
      return (pos) => isTruthy(read(pos));
    case "falsy":
      return (pos) => !isTruthy(read(pos));
    case "==": {
      const want = cond.value ?? "";
      return (pos) => (asText(read(pos)) ?? "") === want;
    }
    case "!=": {
      const want = cond.value ?? "";
      return (pos) => (asText(read(pos)) ?? "") !== want;
    }
  }
}

function chainOf(field: CompiledField) {
  return chainRules(field).map((rule) => ({
    name: rule.name,
    implicit: rule.definition.implicit === true,
    test: rule.test,
    message: field.messages[rule.name] ?? rule.message,
    override: field.messages[rule.name],
  }));
}

type ChainRule = ReturnType<typeof chainOf>[number];

function errorOf(rule: ChainRule, outcome: Exclude<RuleOutcome, true>): FieldError {
  if (outcome === false) return { key: rule.message, rule: rule.name };
  return {
    key: rule.override ?? outcome.key,
    rule: rule.name,
    ...(outcome.values ? { values: outcome.values } : {}),
  };
}

function compileChain(rules: readonly ChainRule[]): FieldProgram["check"] {
  const implicit = rules.filter((r) => r.implicit);
  return (value, ctx) => {
    // Every rule but the implicit ones (required) passes an empty value.
    const chain = isEmpty(value) ? implicit : rules;
    for (let i = 0; i < chain.length; i++) {
      const rule = chain[i] as ChainRule;
      const outcome = rule.test(value, ctx);
      if (outcome !== true) return errorOf(rule, outcome);
    }
    return null;
  };
}

function compileField(field: CompiledField): FieldProgram {
  const chain = chainOf(field);
  return {
    field,
    segments: field.segments,
    stars: field.segments.flatMap((s, i) => (s === "*" ? [i] : [])),
    conditions: field.when.map(compileCondition),
    check: compileChain(chain),
    errorOf: (j, outcome) => errorOf(chain[j] as ChainRule, outcome),
  };
}

/** The scope's generated walk, bound to this compiled scope's rules and arguments; undefined if none was generated. */
function generatedWalk(scope: CompiledScope, fields: readonly FieldProgram[]): CompiledWalk | undefined {
  const factory = generatedWalks[signatureKey(scopeSignature(scope))];
  if (!factory) return undefined;
  const chains = scope.fields.map(chainRules);
  const rules: Record<string, WalkRuntime["rules"][string]> = {};
  for (const chain of chains) {
    for (const rule of chain) rules[rule.name] = rule.definition.check as WalkRuntime["rules"][string];
  }
  return factory({
    fields,
    rules,
    fixed: chains.map((chain) => chain.map((rule) => rule.fixed)),
    args: chains.map((chain) => chain.map((rule) => rule.args)),
    isEmpty,
    isTruthy,
    asText,
  });
}

const programs = new WeakMap<CompiledScope, ScopeProgram>();

/** The scope's program, compiled on first use and kept as long as the compiled scope is. */
export function scopeProgram(scope: CompiledScope): ScopeProgram {
  let program = programs.get(scope);
  if (!program) {
    const fields = scope.fields.map(compileField);
    program = { fields, walk: generatedWalk(scope, fields) };
    programs.set(scope, program);
  }
  return program;
}

let interpreting = false;

/** Runs fn with the interpreter only (no generated walk): the tests' oracle and the bench's peer. */
export function withInterpretedWalks<T>(fn: () => T): T {
  const before = interpreting;
  interpreting = true;
  try {
    return fn();
  } finally {
    interpreting = before;
  }
}

/** The generated walk to use for a scope now, if any. */
export function walkOf(program: ScopeProgram): CompiledWalk | undefined {
  return interpreting ? undefined : program.walk;
}

export function conditionsHoldAt(program: FieldProgram, pos: Position): boolean {
  const { conditions } = program;
  for (let i = 0; i < conditions.length; i++) if (!(conditions[i] as ConditionTest)(pos)) return false;
  return true;
}

/** The field instance's path relative to its scope, its *s filled with the indexes of the position. */
export function relativePath(segments: readonly string[], indexes: readonly number[]): string {
  let k = 0;
  let out = "";
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] === "*" ? String(indexes[k++]) : (segments[i] as string);
    out = i === 0 ? seg : `${out}.${seg}`;
  }
  return out;
}

/** What the validator does with each field instance it finds. */
export type Visitor = { visit(program: FieldProgram, value: unknown): void };

function walk(
  program: FieldProgram,
  pos: Position,
  visitor: Visitor,
  start: unknown,
  from: number,
  depth: number,
): void {
  const { segments } = program;
  let value = start;
  for (let i = from; i < segments.length; i++) {
    const seg = segments[i] as string;
    if (seg === "*") {
      if (!Array.isArray(value)) return;
      for (let k = 0; k < value.length; k++) {
        pos.indexes[depth] = k;
        walk(program, pos, visitor, value[k], i + 1, depth + 1);
      }
      return;
    }
    value =
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? (value as Record<string, unknown>)[seg]
        : undefined;
  }
  pos.depth = depth;
  visitor.visit(program, value);
}

/**
 * Visits every concrete instance of the field in the scope's value, as expandPattern lists them: a plain field
 * once (its value possibly undefined); under a *, each element of the list there, none if it is not a list.
 */
export function forEachInstance(program: FieldProgram, pos: Position, visitor: Visitor): void {
  if (program.stars.length === 0) {
    pos.depth = 0;
    visitor.visit(program, getIn(pos.scopeValue, program.segments));
    return;
  }
  walk(program, pos, visitor, pos.scopeValue, 0, 0);
}

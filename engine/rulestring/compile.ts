/**
 * Binds a parsed rule string to the registry: every rule known, every argument of the right kind and count,
 * converted once. A problem is a RuleLoadError naming the file and the field.
 */
import type { MessageKey } from "../messages/types";
import type { RuleContext, RuleDefinition, RuleOutcome } from "../rules/define";
import { isRuleName, type RuleName, rules } from "../rules/index";
import {
  type ArgsOf,
  COMPARATORS,
  CONTEXT_NUMBER,
  type Comparator,
  FIELD_PATH,
  type FieldArg,
  type ParamSpec,
  parseDuration,
} from "../rules/params";
import { getIn } from "../values";
import { type ParsedRule, parseRuleString, type RawArg, RuleSyntaxError } from "./tokenize";

export class RuleLoadError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${file}: field "${field}": ${detail}`);
  }
}

/** Where a rule is checked: the context plus the indexes that fill $SOURCE and $INDEX. */
export type ResolveEnv = Pick<RuleContext, "now" | "quotas" | "limits" | "get" | "sourceIndex" | "index"> & {
  form?: unknown;
};

type Resolver = (env: ResolveEnv) => unknown;

export type CompiledRule = {
  readonly name: RuleName;
  readonly definition: RuleDefinition;
  /** The message key used when this rule fails with its default message (a field may override it). */
  readonly message: MessageKey;
  readonly resolveArgs: (env: ResolveEnv) => ArgsOf<readonly ParamSpec[]>;
  /**
   * The rule's check with its arguments bound: constant arguments resolved once, at load; a field argument read
   * straight from ctx.form with $SOURCE/$INDEX filled in place (its path text built only if a message needs it).
   * What the validator calls; resolveArgs is the same arguments in plain data, for the linter and the tests.
   */
  readonly test: (value: unknown, ctx: RuleContext) => RuleOutcome;
  /**
   * test's arguments, for a validator that calls the rule's check itself (engine/validation/emit.ts): the resolved
   * list when no argument depends on where the rule is checked, else null and `args` makes them per check.
   */
  readonly fixed: readonly unknown[] | null;
  readonly args: (ctx: RuleContext) => unknown[];
  /** The field paths (templates with $SOURCE/$INDEX) the rule reads, for the schema linter and the ties. */
  readonly fieldRefs: readonly string[];
};

/** Fills $SOURCE and $INDEX; null when a placeholder has nothing to stand for. */
export function fillPath(template: string, env: Pick<ResolveEnv, "sourceIndex" | "index">): string | null {
  if (template.includes("$SOURCE") && env.sourceIndex === undefined) return null;
  if (template.includes("$INDEX") && env.index === undefined) return null;
  return template.replaceAll("$SOURCE", String(env.sourceIndex)).replaceAll("$INDEX", String(env.index));
}

/** Reads a field template ("sources.$SOURCE.reminders.list.$INDEX.type") split once, placeholders filled per call. */
function fieldResolver(template: string): Resolver {
  const segments = template.split(".");
  const sourceAt = segments.indexOf("$SOURCE");
  const indexAt = segments.indexOf("$INDEX");
  const read = (env: ResolveEnv, segs: readonly string[], path: string): FieldArg => ({
    path,
    value: env.form !== undefined ? getIn(env.form, segs) : env.get(path),
  });
  if (sourceAt < 0 && indexAt < 0) return (env) => read(env, segments, template);
  return (env) => {
    if ((sourceAt >= 0 && env.sourceIndex === undefined) || (indexAt >= 0 && env.index === undefined)) {
      return { path: template, value: undefined };
    }
    const segs = [...segments];
    if (sourceAt >= 0) segs[sourceAt] = String(env.sourceIndex);
    if (indexAt >= 0) segs[indexAt] = String(env.index);
    return read(env, segs, segs.join("."));
  };
}

/**
 * A field argument whose path text is made only when read (a failing rule's message names the field). The
 * validator's resolver keeps one and moves it to each check: a rule reads its arguments during its check only.
 */
class BoundFieldArg implements FieldArg {
  sourceIndex: number | undefined = undefined;
  index: number | undefined = undefined;
  value: unknown = undefined;
  constructor(private readonly segments: readonly string[]) {}
  get path(): string {
    return this.segments
      .map((s) => (s === "$SOURCE" ? String(this.sourceIndex) : s === "$INDEX" ? String(this.index) : s))
      .join(".");
  }
}

/** Walks a field template from the form, filling $SOURCE and $INDEX as it goes (no copy of the segments). */
function readFilled(form: unknown, segments: readonly string[], sourceIndex: number, index: number): unknown {
  let current: unknown = form;
  for (const seg of segments) {
    if (current === null || typeof current !== "object") return undefined;
    const key = seg === "$SOURCE" ? sourceIndex : seg === "$INDEX" ? index : seg;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** fieldResolver's bound form, for the validator: reads ctx.form, which a rule context always has. */
function boundFieldResolver(template: string): (ctx: RuleContext) => FieldArg {
  const segments = template.split(".");
  const hasSource = segments.includes("$SOURCE");
  const hasIndex = segments.includes("$INDEX");
  // One argument object per resolver, refilled by each check (see BoundFieldArg).
  const plain = { path: template, value: undefined as unknown };
  if (!hasSource && !hasIndex) {
    return (ctx) => {
      plain.value = getIn(ctx.form, segments);
      return plain;
    };
  }
  const arg = new BoundFieldArg(segments);
  return (ctx) => {
    if ((hasSource && ctx.sourceIndex === undefined) || (hasIndex && ctx.index === undefined)) {
      plain.value = undefined;
      return plain;
    }
    arg.sourceIndex = ctx.sourceIndex;
    arg.index = ctx.index;
    arg.value = readFilled(ctx.form, segments, ctx.sourceIndex ?? 0, ctx.index ?? 0);
    return arg;
  };
}

/**
 * "now" as a field argument: its ISO text made once per date, not once per check, in one argument object refilled
 * by each check (see BoundFieldArg).
 */
function boundNowResolver(): (ctx: RuleContext) => FieldArg {
  let date: Date | undefined;
  let time = Number.NaN;
  const arg: FieldArg = { path: "now", value: "" };
  return (env) => {
    if (env.now !== date || env.now.getTime() !== time) {
      date = env.now;
      time = env.now.getTime();
      arg.value = env.now.toISOString();
    }
    return arg;
  };
}

function text(arg: RawArg): string | null {
  return arg.type === "bare" || arg.type === "quoted" ? arg.value : null;
}

/** Converts one raw argument for a parameter; returns an error text instead of throwing. */
type Converted = {
  resolver: Resolver;
  fieldRef?: string;
  /** The value does not depend on where or when the rule is checked: resolved once, at load. */
  constant?: boolean;
  /** The validator's form of the resolver, when it differs (field arguments). */
  bound?: (ctx: RuleContext) => unknown;
};

function convert(param: ParamSpec, arg: RawArg): Converted | string {
  const value = text(arg);
  switch (param.kind) {
    case "number":
    case "integer": {
      if (value === null) return `${param.name} must be a number`;
      const ref = CONTEXT_NUMBER.exec(value);
      if (ref) {
        const [, source, name = ""] = ref;
        return {
          resolver: (env) => (source === "quota" ? env.quotas[name] : env.limits[name]) ?? Number.NaN,
        };
      }
      const n = Number(value);
      if (value.trim() === "" || !Number.isFinite(n))
        return `${param.name} must be a number (got "${value}")`;
      if (param.kind === "integer" && !Number.isInteger(n)) return `${param.name} must be a whole number`;
      return { resolver: () => n, constant: true };
    }
    case "duration": {
      const ms = value === null ? null : parseDuration(value);
      if (ms === null) return `${param.name} must be a duration like 5m, 60d or 6d23h (got "${value ?? ""}")`;
      return { resolver: () => ms, constant: true };
    }
    case "string":
    case "feature":
      if (value === null) return `${param.name} must be a text`;
      return { resolver: () => value, constant: true };
    case "regex": {
      const source = arg.type === "regex" ? arg.source : value;
      const flags = arg.type === "regex" ? arg.flags : "";
      if (source === null) return `${param.name} must be a /regex/`;
      try {
        const re = new RegExp(source, flags);
        return { resolver: () => re, constant: true };
      } catch (err) {
        return `${param.name} is not a valid regex: ${(err as Error).message}`;
      }
    }
    case "comparator":
      if (!COMPARATORS.includes(value as Comparator)) {
        return `unknown comparator "${value ?? ""}" (expected one of ${COMPARATORS.join(" ")})`;
      }
      return { resolver: () => value, constant: true };
    case "field_or_now":
    case "field": {
      if (param.kind === "field_or_now" && value === "now") {
        return {
          resolver: (env): FieldArg => ({ path: "now", value: env.now.toISOString() }),
          bound: boundNowResolver(),
        };
      }
      if (value === null || !FIELD_PATH.test(value)) {
        return `${param.name} must be a field path like base.start_date or sources.$SOURCE.publication.content (got "${value ?? ""}")`;
      }
      return { fieldRef: value, resolver: fieldResolver(value), bound: boundFieldResolver(value) };
    }
  }
}

function bind(parsed: ParsedRule, where: { file: string; field: string }): CompiledRule {
  const fail = (detail: string): never => {
    throw new RuleLoadError(where.file, where.field, `rule "${parsed.name}": ${detail}`);
  };
  if (!isRuleName(parsed.name)) {
    throw new RuleLoadError(where.file, where.field, `unknown rule "${parsed.name}"`);
  }
  const definition = rules[parsed.name] as RuleDefinition;
  const params = definition.params;
  const required = params.filter((p) => !p.optional && !p.rest).length;
  const rest = params.at(-1)?.rest === true;
  // A [list] argument spreads into a rest parameter.
  const args =
    rest && parsed.args.length === params.length && parsed.args.at(-1)?.type === "list"
      ? [...parsed.args.slice(0, -1), ...(parsed.args.at(-1) as { items: RawArg[] }).items]
      : parsed.args;
  if (args.length < required + (rest ? 1 : 0)) {
    fail(`takes ${rest ? "at least " : ""}${required + (rest ? 1 : 0)} argument(s), got ${args.length}`);
  }
  if (!rest && args.length > params.length)
    fail(`takes at most ${params.length} argument(s), got ${args.length}`);

  const resolvers: Resolver[] = [];
  const bound: ((ctx: RuleContext) => unknown)[] = [];
  const fieldRefs: string[] = [];
  let constant = true;
  params.forEach((param, i) => {
    const mine = param.rest ? args.slice(i) : args.slice(i, i + 1);
    const converted = mine.map((a) => {
      const c = convert(param, a);
      if (typeof c === "string") return fail(c);
      if (c.fieldRef) fieldRefs.push(c.fieldRef);
      if (!c.constant) constant = false;
      return c;
    });
    const plain = converted.map((c) => c.resolver);
    const fast = converted.map((c) => c.bound ?? c.resolver);
    if (param.rest) {
      resolvers.push((env) => plain.map((r) => r(env)));
      // One list per rule, refilled by each check, as its arguments are (a check reads them during its run only).
      const list = new Array<unknown>(fast.length);
      bound.push((ctx) => {
        for (let i = 0; i < fast.length; i++) list[i] = (fast[i] as (ctx: RuleContext) => unknown)(ctx);
        return list;
      });
    } else {
      resolvers.push(plain[0] ?? (() => undefined));
      bound.push(fast[0] ?? (() => undefined));
    }
  });
  // The binder converted each argument for its parameter kind above, so the tuple has the check's types.
  const check = definition.check as (value: unknown, args: unknown[], ctx: RuleContext) => RuleOutcome;
  const n = bound.length;
  const resolved = new Array<unknown>(n);
  const argsAt = (ctx: RuleContext) => {
    for (let i = 0; i < n; i++) resolved[i] = (bound[i] as (ctx: RuleContext) => unknown)(ctx);
    return resolved;
  };
  const fixed = constant ? resolvers.map((r) => r({} as ResolveEnv)) : null;
  const test: CompiledRule["test"] = fixed
    ? (value, ctx) => check(value, fixed, ctx)
    : (value, ctx) => check(value, argsAt(ctx), ctx);
  return {
    name: parsed.name,
    definition,
    message: definition.message,
    resolveArgs: (env) => resolvers.map((r) => r(env)) as ArgsOf<readonly ParamSpec[]>,
    test,
    fixed,
    args: argsAt,
    fieldRefs,
  };
}

/** Parses and binds a rule string once, at load. */
export function compileRuleString(rule: string, where: { file: string; field: string }): CompiledRule[] {
  let parsed: ParsedRule[];
  try {
    parsed = parseRuleString(rule);
  } catch (err) {
    if (err instanceof RuleSyntaxError) throw new RuleLoadError(where.file, where.field, err.message);
    throw err;
  }
  return parsed.map((p) => bind(p, where));
}

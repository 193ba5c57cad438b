/**
 * Writes a scope's walk as JavaScript source, at build time (`npm run codegen`, codegen/validation-programs.ts), as
 * ajv's standalone code is written for the builder's forms (decision 023): the browser's CSP forbids evaluating code
 * at run time. The walk does what the interpreter (program.ts forEachInstance + Pass.visit) does, field by field
 * and instance by instance in the same order, with every property read written out (`s.publication.content`), so
 * each read site sees one shape, and every rule called by name with its constant arguments bound once: no path,
 * array or closure per check. Nothing of a rule's logic, arguments or messages is in the text (the factory takes
 * them from the compiled config): only the form's structure, keyed by scopeSignature.
 */
import type { CompiledScope, Condition } from "../config/compile";
import { chainRules, readsIndex } from "./signature";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(["__proto__"]);

function member(key: string): string {
  return IDENTIFIER.test(key) && !RESERVED.has(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/**
 * The two ways the interpreter steps into a value: a plain field and a condition read any object, a list too
 * (getIn); a field under a * steps only into a non-list object (walk).
 */
type Mode = "any" | "object";

function guard(value: string, mode: Mode): string {
  return mode === "any"
    ? `${value} !== null && typeof ${value} === "object"`
    : `${value} !== null && typeof ${value} === "object" && !Array.isArray(${value})`;
}

/** A value as an object to read from: itself, or an empty object with no prototype where the step gives undefined. */
function view(value: string, mode: Mode): string {
  return `${guard(value, mode)} ? ${value} : E`;
}

class Emitter {
  /** Reads from the scope's value or the form, each made once at the top of the walk. */
  private readonly reads = new Map<string, string>();
  private readonly prelude: string[] = [];
  private readonly constants: string[] = [];
  private readonly ruleNames = new Set<string>();
  private readonly body: string[] = [];
  private names = 0;

  private fresh(prefix: string): string {
    return `${prefix}${this.names++}`;
  }

  /** A hoisted read of `segments` from a root ("s" or "form"). */
  private read(root: string, segments: readonly string[], mode: Mode): string {
    if (segments.length === 0) return root;
    const key = `${mode}\u0000${root}\u0000${segments.join("\u0000")}`;
    const known = this.reads.get(key);
    if (known) return known;
    const parent = this.viewOf(root, segments.slice(0, -1), mode);
    const name = this.fresh("r");
    this.prelude.push(`const ${name} = ${parent}${member(segments.at(-1) as string)};`);
    this.reads.set(key, name);
    return name;
  }

  /** The object view (see view) of the value at `segments` from a root, made once. */
  private viewOf(root: string, segments: readonly string[], mode: Mode): string {
    const key = `view\u0000${mode}\u0000${root}\u0000${segments.join("\u0000")}`;
    const known = this.reads.get(key);
    if (known) return known;
    const value = this.read(root, segments, mode);
    const name = this.fresh("o");
    this.prelude.push(`const ${name} = ${view(value, mode)};`);
    this.reads.set(key, name);
    return name;
  }

  /** A read of `segments` from a local value (a list element), written into the body where it is needed. */
  private local(from: string, segments: readonly string[], out: string[]): string {
    let current = from;
    for (const seg of segments) {
      const name = this.fresh("v");
      out.push(`const ${name} = (${view(current, "object")})${member(seg)};`);
      current = name;
    }
    return current;
  }

  /** A condition as an expression, at a field instance `depth` *s deep (its indexes i0…). */
  private condition(cond: Condition, depth: number): string {
    const root = cond.absolute ? "form" : "s";
    let value: string;
    if (cond.stars.length === 0 && cond.sources.length === 0) {
      value = this.read(root, cond.segments, "any");
    } else {
      const steps = cond.segments.map((seg, i) => {
        // As compileCondition: $SOURCE the source's index; a * the field's index, or the key "*" past its own.
        const star = cond.stars.indexOf(i);
        const key = cond.sources.includes(i)
          ? "[src]"
          : star >= 0
            ? star < depth
              ? `[i${star}]`
              : `["*"]`
            : member(seg);
        return `t = ${guard("t", "any")} ? t${key} : undefined`;
      });
      value = `(t = ${root}, ${steps.join(", ")}, t)`;
    }
    switch (cond.op) {
      case "truthy":
        return `isTruthy(${value})`;
      case "falsy":
        return `!isTruthy(${value})`;
      case "==":
        return `(asText(${value}) ?? "") === ${JSON.stringify(cond.value ?? "")}`;
      case "!=":
        return `(asText(${value}) ?? "") !== ${JSON.stringify(cond.value ?? "")}`;
    }
  }

  /** Checks one instance of field k, its value in `value`, `depth` *s deep. */
  private visit(scope: CompiledScope, k: number, value: string, depth: number, out: string[]): void {
    const field = scope.fields[k];
    if (!field) return;
    const chain = chainRules(field);
    const calls = chain.map((rule, j) => {
      this.ruleNames.add(rule.name);
      let args: string;
      if (rule.fixed !== null) {
        args = `K${k}_${j}`;
        this.constants.push(`const ${args} = rt.fixed[${k}][${j}];`);
      } else {
        const maker = `A${k}_${j}`;
        this.constants.push(`const ${maker} = rt.args[${k}][${j}];`);
        if (readsIndex(rule)) args = `${maker}(c)`;
        else {
          // The same for every instance in the scope (the form, now, the source's index): made once per walk.
          args = `X${k}_${j}`;
          this.prelude.push(`const ${args} = ${maker}(c);`);
        }
      }
      // Every rule but the implicit ones (required) passes an empty value: they are skipped when it is (e).
      const call = `(o = R_${rule.name}(${value}, ${args}, c)) !== true`;
      const test = rule.definition.implicit === true ? call : `!e && ${call}`;
      return `${j === 0 ? "if" : "else if"} (${test}) p.fail(${k}, ${j}, o);`;
    });
    const conditions = field.when.map((cond) => this.condition(cond, depth));
    if (conditions.length > 0) out.push(`if (${conditions.join(" && ")}) {`);
    out.push(
      `c.program = F${k};`,
      `c.index = ${depth > 0 ? `i${depth - 1}` : "undefined"};`,
      `e = isEmpty(${value});`,
      ...calls,
    );
    if (conditions.length > 0) out.push("}");
  }

  field(scope: CompiledScope, k: number): void {
    const field = scope.fields[k];
    if (!field || chainRules(field).length === 0) return;
    this.constants.push(`const F${k} = rt.fields[${k}];`);
    const out: string[] = [];
    const firstStar = field.segments.indexOf("*");
    if (firstStar < 0) {
      this.visit(scope, k, this.read("s", field.segments, "any"), 0, out);
    } else {
      const list = this.read("s", field.segments.slice(0, firstStar), "object");
      this.loop(scope, k, list, firstStar, 0, out);
    }
    if (field.feature !== undefined) this.body.push(`if (p.open(${k})) {`, ...out, "}");
    else this.body.push(...out);
  }

  /** The * at segments[at], over `list`, `depth` *s already walked. */
  private loop(scope: CompiledScope, k: number, list: string, at: number, depth: number, out: string[]) {
    const segments = (scope.fields[k] as CompiledScope["fields"][number]).segments;
    const i = `i${depth}`;
    const element = this.fresh("e");
    out.push(
      `if (Array.isArray(${list})) for (let ${i} = 0; ${i} < ${list}.length; ${i}++) {`,
      `ix[${depth}] = ${i};`,
      `const ${element} = ${list}[${i}];`,
    );
    const next = segments.indexOf("*", at + 1);
    const upTo = next < 0 ? segments.length : next;
    const value = this.local(element, segments.slice(at + 1, upTo), out);
    if (next < 0) this.visit(scope, k, value, depth + 1, out);
    else this.loop(scope, k, value, next, depth + 1, out);
    out.push("}");
  }

  source(): string {
    const rules = [...this.ruleNames].map((name) => `const R_${name} = rt.rules[${JSON.stringify(name)}];`);
    return [
      "(rt) => {",
      "const { isEmpty, isTruthy, asText } = rt;",
      "const E = Object.freeze(Object.create(null));",
      ...rules,
      ...this.constants,
      "return (s, p) => {",
      "const form = p.form, src = p.sourceIndex, ix = p.indexes, c = p.ruleCtx;",
      "let o, t, e;",
      ...this.prelude,
      ...this.body,
      "};",
      "}",
    ].join("\n");
  }
}

/** The source of a scope's walk factory (a WalkFactory): `(rt) => (scopeValue, pass) => void`. */
export function emitWalk(scope: CompiledScope): string {
  const emitter = new Emitter();
  for (let k = 0; k < scope.fields.length; k++) emitter.field(scope, k);
  return emitter.source();
}

/**
 * What a scope's generated walk (engine/validation/emit.ts) is made from, as one text, and its key: the fields in
 * order with their segments, whether a plan gate can switch them off, their `when` conditions and the shape of
 * their rule chains (names, which run on an empty value, which take constant arguments, which read $INDEX). Messages, arguments and
 * the rules' own code are not in it: the generated code takes them from the compiled config at run time. A scope
 * whose key has no generated walk (a sidecar edited without `npm run codegen`, a provider registered in a test) is
 * validated by the interpreter, with the same result.
 */
import type { CompiledField, CompiledScope } from "../config/compile";
import type { CompiledRule } from "../rulestring/compile";

/** The rules a field's chain runs, in order: everything but the `inert` ones (needed_by never fails). */
export function chainRules(field: CompiledField) {
  return field.rules.filter((rule) => !rule.definition.inert);
}

/** Whether a rule's arguments depend on the instance ($INDEX): if not, they are the same for a whole scope. */
export function readsIndex(rule: CompiledRule): boolean {
  return rule.fieldRefs.some((ref) => ref.split(".").includes("$INDEX"));
}

export function scopeSignature(scope: CompiledScope): string {
  return JSON.stringify(
    scope.fields.map((f) => [
      f.segments,
      f.feature !== undefined,
      f.when.map((c) => [c.op, c.value ?? null, c.absolute, c.segments, c.stars, c.sources]),
      chainRules(f).map((r) => [r.name, r.definition.implicit === true, r.fixed !== null, readsIndex(r)]),
    ]),
  );
}

/** A 53-bit hash of the signature (cyrb53), as base 36: the generated walks are keyed by it. */
export function signatureKey(signature: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < signature.length; i++) {
    const ch = signature.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

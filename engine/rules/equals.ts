import { defineRule } from "./define";

/** The value, as text, equals the argument (`equals:true` for a box that must be checked). */
export const equals = defineRule({
  name: "equals",
  params: [{ name: "expected", kind: "string" }],
  message: "validation.equals",
  check: (value, [expected]) =>
    String(value) === expected || { key: "validation.equals", values: { x: expected } },
});

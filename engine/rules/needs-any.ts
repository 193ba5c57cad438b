import { isTruthy } from "../values";
import { defineRule } from "./define";

/** This option can be on only together with at least one of the listed fields. */
export const needsAny = defineRule({
  name: "needs_any",
  params: [{ name: "fields", kind: "field", rest: true }],
  message: "validation.needs_any",
  check: (value, [fields]) => !isTruthy(value) || fields.some((f) => isTruthy(f.value)),
});

import { isTruthy } from "../values";
import { defineRule } from "./define";
import { fieldLabel } from "./field-label";

/** When this field is on, none of the listed fields may be on. */
export const incompatibleWith = defineRule({
  name: "incompatible_with",
  params: [{ name: "fields", kind: "field", rest: true }],
  message: "validation.incompatible_with",
  check: (value, [fields]) => {
    if (!isTruthy(value)) return true;
    const clash = fields.find((f) => isTruthy(f.value));
    return clash ? { key: "validation.incompatible_with", values: { x: fieldLabel(clash.path) } } : true;
  },
});

import { isTruthy } from "../values";
import { defineRule } from "./define";
import { fieldLabel } from "./field-label";

/**
 * While the other field is on, this value may not compare to the limit that way:
 * `incompatible_with_field_value:base.manual_check.enabled,>,50` on nb_winners refuses more than 50 winners with
 * manual check. The comparator is <, > or ==; any other is refused when the rule string is loaded.
 */
export const incompatibleWithFieldValue = defineRule({
  name: "incompatible_with_field_value",
  params: [
    { name: "field", kind: "field" },
    { name: "comparator", kind: "comparator" },
    { name: "limit", kind: "number" },
  ],
  message: "validation.incompatible_with",
  check: (value, [field, comparator, limit]) => {
    if (!isTruthy(field.value)) return true;
    const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof n !== "number" || Number.isNaN(n)) return true;
    const clashes = comparator === "<" ? n < limit : comparator === ">" ? n > limit : n === limit;
    return clashes ? { key: "validation.incompatible_with", values: { x: fieldLabel(field.path) } } : true;
  },
});

import { isEmpty } from "../values";
import { defineRule } from "./define";

/**
 * Required while another field's value is one of the listed values; booleans count as 0 and 1
 * (`required_when_in:sources.$SOURCE.closing_publication.enabled,1`).
 */
export const requiredWhenIn = defineRule({
  name: "required_when_in",
  params: [
    { name: "field", kind: "field" },
    { name: "values", kind: "string", rest: true },
  ],
  message: "validation.required",
  implicit: true,
  check: (value, [field, values]) => {
    const other = typeof field.value === "boolean" ? (field.value ? "1" : "0") : String(field.value);
    return !values.includes(other) || !isEmpty(value);
  },
});

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
    // Only a boolean, number or text can be one of the listed values; String() threw on a JSON object such as
    // {"toString": 1} and turned a list ["comment"] into "comment".
    const other =
      typeof field.value === "boolean"
        ? field.value
          ? "1"
          : "0"
        : typeof field.value === "string" || typeof field.value === "number"
          ? String(field.value)
          : null;
    return other === null || !values.includes(other) || !isEmpty(value);
  },
});

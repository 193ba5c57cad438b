import { defineRule } from "./define";

/** The value (or every element of a list) is one of the listed choices, compared as text. */
export const inList = defineRule({
  name: "in",
  params: [{ name: "choices", kind: "string", rest: true }],
  message: "validation.in",
  check: (value, [choices]) => {
    const values = Array.isArray(value) ? value : [value];
    return values.every(
      (v) => (typeof v === "string" || typeof v === "number") && choices.includes(String(v)),
    );
  },
});

import { defineRule } from "./define";

/** At least n elements. Implicit: an empty list is exactly what it catches. */
export const arrayMin = defineRule({
  name: "array_min",
  params: [{ name: "min", kind: "integer" }],
  message: "validation.array_min",
  implicit: true,
  check: (value, [min]) => {
    const length = Array.isArray(value) ? value.length : 0;
    return length >= min || { key: "validation.array_min", values: { n: min } };
  },
});

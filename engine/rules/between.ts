import { defineRule, type RuleOutcome } from "./define";

/**
 * A string's length (in characters, not UTF-16 units), a number's value or a list's length lies in
 * [min, max]. Anything else passes: the type rules say what a field must be.
 */
export const between = defineRule({
  name: "between",
  params: [
    { name: "min", kind: "number" },
    { name: "max", kind: "number" },
  ],
  message: "validation.between",
  otherMessages: [
    "validation.between.string.min",
    "validation.between.string.max",
    "validation.between.array",
  ],
  check: (value, [min, max]): RuleOutcome => {
    if (typeof value === "string") {
      const length = [...value].length;
      if (length < min) return { key: "validation.between.string.min", values: { n: min } };
      if (length > max) return { key: "validation.between.string.max", values: { n: max } };
      return true;
    }
    if (typeof value === "number") return value >= min && value <= max;
    if (Array.isArray(value)) {
      return (
        (value.length >= min && value.length <= max) || {
          key: "validation.between.array",
          values: { min, max },
        }
      );
    }
    return true;
  },
});

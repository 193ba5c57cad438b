import { defineRule, type RuleOutcome } from "./define";

function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

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
      // A text has between length/2 and length characters: count them only when that range straddles a bound.
      if (value.length <= max && Math.ceil(value.length / 2) >= min) return true;
      const length = codePoints(value);
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

import { defineRule } from "./define";

function isChoice(v: unknown, choices: readonly string[]): boolean {
  return (typeof v === "string" || typeof v === "number") && choices.includes(String(v));
}

/** The value (or every element of a list) is one of the listed choices, compared as text. */
export const inList = defineRule({
  name: "in",
  params: [{ name: "choices", kind: "string", rest: true }],
  message: "validation.in",
  check: (value, [choices]) => {
    if (!Array.isArray(value)) return isChoice(value, choices);
    for (const v of value) if (!isChoice(v, choices)) return false;
    return true;
  },
});

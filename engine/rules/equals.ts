import { defineRule } from "./define";

/** The value, as text, equals the argument (`equals:true` for a box that must be checked). */
export const equals = defineRule({
  name: "equals",
  params: [{ name: "expected", kind: "string" }],
  message: "validation.equals",
  check: (value, [expected]) => {
    // Only a text, number or boolean can equal a text. String() on any value accepted ["true"] as "true" and
    // threw on a JSON object such as {"toString": 1} (a request body the API must answer with a 422, not a 500).
    const text =
      typeof value === "string" || typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : null;
    return text === expected || { key: "validation.equals", values: { x: expected } };
  },
});

import { defineRule } from "./define";

/** The list holds exactly as many elements as another field's number (winning moments = nb_winners). */
export const arrayLengthEqualsField = defineRule({
  name: "array_length_equals_field",
  params: [{ name: "field", kind: "field" }],
  message: "validation.array_length_equals_field",
  implicit: true,
  check: (value, [field]) => {
    // A number, or a number written as text. Number() alone read a cleared field (null, "", " ") as 0 winners,
    // asking for exactly 0 moments, and threw on a JSON object such as {"toString": 1}.
    const other = field.value;
    const expected =
      typeof other === "number"
        ? other
        : typeof other === "string" && other.trim() !== ""
          ? Number(other)
          : Number.NaN;
    if (!Number.isInteger(expected)) return true;
    const length = Array.isArray(value) ? value.length : 0;
    return length === expected || { key: "validation.array_length_equals_field", values: { n: expected } };
  },
});

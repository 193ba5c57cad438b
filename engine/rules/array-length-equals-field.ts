import { defineRule } from "./define";

/** The list holds exactly as many elements as another field's number (winning moments = nb_winners). */
export const arrayLengthEqualsField = defineRule({
  name: "array_length_equals_field",
  params: [{ name: "field", kind: "field" }],
  message: "validation.array_length_equals_field",
  implicit: true,
  check: (value, [field]) => {
    const expected = Number(field.value);
    if (!Number.isInteger(expected)) return true;
    const length = Array.isArray(value) ? value.length : 0;
    return length === expected || { key: "validation.array_length_equals_field", values: { n: expected } };
  },
});

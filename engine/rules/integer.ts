import { defineRule } from "./define";

export const integer = defineRule({
  name: "integer",
  params: [],
  message: "validation.integer",
  check: (value) => Number.isInteger(value),
});

import { defineRule } from "./define";

export const array = defineRule({
  name: "array",
  params: [],
  message: "validation.array",
  check: (value) => Array.isArray(value),
});

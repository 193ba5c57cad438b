import { defineRule } from "./define";

export const boolean = defineRule({
  name: "boolean",
  params: [],
  message: "validation.boolean",
  check: (value) => typeof value === "boolean",
});

import { defineRule } from "./define";

export const string = defineRule({
  name: "string",
  params: [],
  message: "validation.string",
  check: (value) => typeof value === "string",
});

import { defineRule } from "./define";

export const number = defineRule({
  name: "number",
  params: [],
  message: "validation.number",
  check: (value) => typeof value === "number" && Number.isFinite(value),
});

import { defineRule } from "./define";

/** The text matches the pattern (`regex:/^[A-Za-z0-9-]+$/`). Not text: invalid. */
export const regex = defineRule({
  name: "regex",
  params: [{ name: "pattern", kind: "regex" }],
  message: "validation.regex",
  check: (value, [pattern]) => typeof value === "string" && pattern.test(value),
});

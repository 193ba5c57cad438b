import { toTime } from "../values";
import { defineRule } from "./define";

/** A valid date; empty is allowed (like every non-implicit rule). */
export const date = defineRule({
  name: "date",
  params: [],
  message: "validation.date",
  check: (value) => toTime(value) !== null,
});

import { toTime } from "../values";
import { defineRule, type RuleOutcome } from "./define";
import { fieldLabel } from "./field-label";

/** The date is no later than another date minus a margin: `before_field:base.close_date,1m` for reminders. */
export const beforeField = defineRule({
  name: "before_field",
  params: [
    { name: "field", kind: "field" },
    { name: "margin", kind: "duration", optional: true },
  ],
  message: "validation.before_field",
  otherMessages: ["validation.date"],
  check: (value, [field, margin = 0]): RuleOutcome => {
    const t = toTime(value);
    const limit = toTime(field.value);
    if (t === null) return { key: "validation.date" };
    if (limit === null) return true;
    return t <= limit - margin || { key: "validation.before_field", values: { x: fieldLabel(field.path) } };
  },
});

import { toTime } from "../values";
import { defineRule, type RuleOutcome } from "./define";

/**
 * The date lies between a reference (another field, or now) plus a minimum and plus a maximum duration:
 * `range_duration_after:now,5m,60d` on the start date. A missing or invalid reference passes (nothing to compare).
 */
export const rangeDurationAfter = defineRule({
  name: "range_duration_after",
  params: [
    { name: "reference", kind: "field_or_now" },
    { name: "min", kind: "duration" },
    { name: "max", kind: "duration" },
  ],
  message: "validation.range_duration_after",
  otherMessages: ["validation.date"],
  check: (value, [reference, min, max]): RuleOutcome => {
    const t = toTime(value);
    const ref = toTime(reference.value);
    if (t === null) return { key: "validation.date" };
    if (ref === null) return true;
    return t >= ref + min && t <= ref + max;
  },
});

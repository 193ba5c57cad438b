import { isTruthy, toTime } from "../values";
import { defineRule } from "./define";

/**
 * The contest (base.start_date → base.close_date, or the two fields given) lasts at most this long. On a
 * date it checks that date's contest; on an option (private message to winners) it applies while the option is on.
 */
export const maxContestDuration = defineRule({
  name: "max_contest_duration",
  params: [
    { name: "max", kind: "duration" },
    { name: "start", kind: "field", optional: true },
    { name: "close", kind: "field", optional: true },
  ],
  message: "validation.max_contest_duration",
  check: (value, [max, start, close], ctx) => {
    if (!isTruthy(value)) return true;
    const from = toTime(start ? start.value : ctx.get("base.start_date"));
    const to = toTime(close ? close.value : ctx.get("base.close_date"));
    if (from === null || to === null) return true;
    return (
      to - from <= max || {
        key: "validation.max_contest_duration",
        values: { n: Math.floor(max / 86_400_000) },
      }
    );
  },
});

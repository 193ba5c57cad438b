/**
 * Countdowns (contest-builder.md §2): the contest countdown widget (days, hours, minutes, seconds; its colour) and the
 * builder's countdown to the last moment the chosen start date is still far enough ahead to be accepted.
 */
import { parseDuration } from "./rules/params";
import { type ParsedRule, parseRuleString, type RawArg } from "./rulestring/tokenize";
import { toTime } from "./values";

export type CountdownColour = "green" | "yellow" | "red";

/** The builder shows its countdown only over the last 15 minutes before the target. */
export const BUILDER_COUNTDOWN_WINDOW_SECONDS = 900;

/** Green above 600 s left, yellow above 300 s, red from 300 s down. */
export function countdownColour(secondsLeft: number): CountdownColour {
  if (secondsLeft > 600) return "green";
  if (secondsLeft > 300) return "yellow";
  return "red";
}

/** Whole days, hours, minutes and seconds of a duration; a fraction of a second is dropped, a negative one is 0. */
export function countdownParts(secondsLeft: number): {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
} {
  const total = Number.isFinite(secondsLeft) ? Math.max(0, Math.floor(secondsLeft)) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export type BuilderCountdown =
  | { visible: false }
  | { visible: true; minutes: number; seconds: number; colour: CountdownColour };

/**
 * The builder countdown targets start − minimum lead: past that instant the start date fails its rule. It is shown
 * from 900 s before the target down to 0 s (whole seconds left, rounded down), and hidden before that window, after
 * the target (the validator then reports the start date) and without a start date. No days or hours: 900 s is 15 min.
 */
export function builderCountdown(options: {
  startDate: string | Date | null | undefined;
  minLeadMs: number;
  now: number;
}): BuilderCountdown {
  const start = toTime(options.startDate);
  if (start === null) return { visible: false };
  const secondsLeft = Math.floor((start - options.minLeadMs - options.now) / 1000);
  if (!(secondsLeft >= 0 && secondsLeft <= BUILDER_COUNTDOWN_WINDOW_SECONDS)) return { visible: false };
  return {
    visible: true,
    minutes: Math.floor(secondsLeft / 60),
    seconds: secondsLeft % 60,
    colour: countdownColour(secondsLeft),
  };
}

/**
 * The minimum lead, in ms, of a start-date rule string: the minimum of its `range_duration_after:now,<min>,<max>`
 * ("required|date|range_duration_after:now,5m,60d" → 5 minutes). A range counted from a field, not from now, is no
 * lead. Null when there is no such rule or the string does not parse (the schema check reports bad rule strings).
 */
export function minimumLeadMs(rule: string): number | null {
  let rules: ParsedRule[];
  try {
    rules = parseRuleString(rule);
  } catch {
    return null;
  }
  for (const { name, args } of rules) {
    const [reference, min] = args;
    if (name !== "range_duration_after" || argText(reference) !== "now") continue;
    const minText = argText(min);
    return minText === null ? null : parseDuration(minText);
  }
  return null;
}

/** A bare or "quoted" argument's text, as the rule compiler reads it. */
function argText(arg: RawArg | undefined): string | null {
  return arg?.type === "bare" || arg?.type === "quoted" ? arg.value : null;
}

/**
 * The window a date picker offers, read from the field's own rule string (contest-builder.md §4 "Date interplay"):
 * `range_duration_after:ref,min,max` gives [ref + min, ref + max] (ref a field or now) and `before_field:field,m`
 * caps it at field − m. While a reference field is empty the picker waits for it: that is how the close date waits
 * for the start, the automatic draw for the close and reminders for both (engine/dates.ts says the same in words).
 */
import { parseDuration } from "../../../../engine/rules/params";
import { toTime } from "../../../../engine/values";
import type { BuilderFormContext } from "../form-context";
import { ruleArgs } from "./field-rules";
import { nowOf, useOtherField } from "./use-field";

export type DateBounds = {
  /** Earliest instant (ms), or null for none. */
  min: number | null;
  /** Latest instant (ms), or null for none. */
  max: number | null;
  /** The path of a reference field that has no date yet: the picker is disabled until it has one. */
  waitingFor: string | null;
};

/** `$SOURCE` and `$INDEX` of a field argument, for the field at `path`. */
function resolveReference(reference: string, path: string): string {
  const source = /^sources\.(\d+)/.exec(path)?.[1];
  const indexes = path.match(/\.(\d+)(?=\.|$)/g) ?? [];
  const lastIndex = indexes.at(-1)?.slice(1);
  return reference.replace(/\$SOURCE/g, source ?? "$SOURCE").replace(/\$INDEX/g, lastIndex ?? "$INDEX");
}

/** The form paths a date rule counts from ("now" aside), resolved for the field at `path`. */
export function dateReferences(rule: string | undefined, path: string): string[] {
  const refs = [ruleArgs(rule, "range_duration_after")?.[0], ruleArgs(rule, "before_field")?.[0]];
  return refs
    .filter((r): r is string => r !== undefined && r !== "now")
    .map((r) => resolveReference(r, path));
}

export function dateBoundsOf(
  rule: string | undefined,
  options: { get(path: string): unknown; path: string; now: number },
): DateBounds {
  const bounds: DateBounds = { min: null, max: null, waitingFor: null };
  const reference = (text: string | undefined): number | null => {
    if (text === undefined) return null;
    if (text === "now") return options.now;
    const refPath = resolveReference(text, options.path);
    const time = toTime(options.get(refPath));
    if (time === null && bounds.waitingFor === null) bounds.waitingFor = refPath;
    return time;
  };

  const range = ruleArgs(rule, "range_duration_after");
  if (range) {
    const ref = reference(range[0]);
    const min = parseDuration(range[1] ?? "");
    const max = parseDuration(range[2] ?? "");
    if (ref !== null && min !== null) bounds.min = ref + min;
    if (ref !== null && max !== null) bounds.max = ref + max;
  }
  const before = ruleArgs(rule, "before_field");
  if (before) {
    const ref = reference(before[0]);
    const margin = before[1] ? (parseDuration(before[1]) ?? 0) : 0;
    if (ref !== null) bounds.max = bounds.max === null ? ref - margin : Math.min(bounds.max, ref - margin);
  }
  return bounds;
}

/** A date field's window, re-read whenever one of the dates it counts from changes. */
export function useDateBounds(ctx: BuilderFormContext | undefined, rule: string | undefined, path: string) {
  const [first = "", second = ""] = dateReferences(rule, path);
  const a = useOtherField<unknown>(ctx, first);
  const b = useOtherField<unknown>(ctx, second);
  const values: Record<string, unknown> = { [first]: a, [second]: b };
  return dateBoundsOf(rule, { get: (p) => values[p], path, now: nowOf(ctx) });
}

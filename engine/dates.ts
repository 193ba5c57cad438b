/**
 * Date interplay in the builder (contest-builder.md §4 "Date interplay", §9 "Reminder window"): picker steps, which
 * pickers are usable, when the update-dates confirmation opens, the reminder window and the first day of the week.
 * Dates come in as ISO strings (or Date) and go out as UTC ISO strings; null means "not set" either way.
 */
import { toTime } from "./values";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const PICKER_STEP_MINUTES = 5;
export const REMINDER_OFFSET_MS = MINUTE;
export const REMINDER_MAX_AFTER_START_MS = 60 * DAY;

type DateInput = string | Date | null | undefined;

function toIso(time: number): string {
  return new Date(time).toISOString();
}

/**
 * A picker value on its step: seconds and milliseconds zeroed and the minutes a multiple of the step.
 * Rounds UP to the next step (a value already on a step is kept): a start picked as "now + 5 minutes" must never be
 * pulled back under the minimum lead of the start-date rule. Steps are counted from the epoch, which lines up with
 * local clocks because every time-zone offset in use is a whole number of 5 minutes.
 */
export function snapToStep(date: DateInput, minutes: number = PICKER_STEP_MINUTES): string | null {
  const time = toTime(date);
  if (time === null) return null;
  if (!(minutes > 0)) return toIso(time);
  const step = minutes * MINUTE;
  return toIso(Math.ceil(time / step) * step);
}

/**
 * Changing the start opens the update-dates confirmation only when a close date exists and the new start is a
 * different instant from the original one. Clearing the start asks nothing: there is no new start to move to.
 * (After the dialog the caller resets the original start to the new one.)
 */
export function shouldConfirmDatesUpdate(dates: {
  closeDate: DateInput;
  originalStartDate: DateInput;
  newStartDate: DateInput;
}): boolean {
  const newStart = toTime(dates.newStartDate);
  if (toTime(dates.closeDate) === null || newStart === null) return false;
  return newStart !== toTime(dates.originalStartDate);
}

/** The close date can't be picked before the start: its bounds are counted from it. */
export function closePickerDisabled(startDate: DateInput): boolean {
  return toTime(startDate) === null;
}

/** The automatic draw date is counted from the close date. */
export function autodrawPickerDisabled(closeDate: DateInput): boolean {
  return toTime(closeDate) === null;
}

/** Reminders need both bounds of their window. */
export function canAddReminders(startDate: DateInput, closeDate: DateInput): boolean {
  return toTime(startDate) !== null && toTime(closeDate) !== null;
}

/**
 * Where a reminder may be dated: from start + 1 minute to the earlier of close − 1 minute and start + 60 days
 * (both ends allowed). Null when a bound is missing or the contest is too short to leave any room.
 */
export function reminderWindow(
  startDate: DateInput,
  closeDate: DateInput,
): { min: string; max: string } | null {
  const start = toTime(startDate);
  const close = toTime(closeDate);
  if (start === null || close === null) return null;
  const min = start + REMINDER_OFFSET_MS;
  const max = Math.min(close - REMINDER_OFFSET_MS, start + REMINDER_MAX_AFTER_START_MS);
  return min <= max ? { min: toIso(min), max: toIso(max) } : null;
}

/** The pickers' first day of the week: Monday (1) for French ("fr", "fr-CA", "fr_BE"…), otherwise Sunday (0). */
export function weekStart(locale: string): 0 | 1 {
  return /^fr(?:[-_]|$)/i.test(locale.trim()) ? 1 : 0;
}

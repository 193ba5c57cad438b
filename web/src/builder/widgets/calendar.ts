/**
 * Calendar arithmetic for the date-time picker, in the person's own time zone (the browser's): the month grid with
 * the locale's first day of the week (engine/dates weekStart: Monday for French, otherwise Sunday), and the
 * conversion between a wall-clock day + time and the ISO UTC instant the form stores, on the 5-minute step.
 */
import { PICKER_STEP_MINUTES, snapToStep } from "../../../../engine/dates";
import { toTime } from "../../../../engine/values";

/** A calendar day (month 0–11, as Date counts them). */
export type Day = { year: number; month: number; day: number };
export type WallTime = Day & { hour: number; minute: number };

export const MINUTE_STEPS: readonly number[] = Array.from(
  { length: 60 / PICKER_STEP_MINUTES },
  (_, i) => i * PICKER_STEP_MINUTES,
);

/** The local wall time of an ISO instant; null for an empty or invalid value. */
export function wallTimeOf(iso: unknown): WallTime | null {
  const time = toTime(iso);
  if (time === null) return null;
  const d = new Date(time);
  return {
    year: d.getFullYear(),
    month: d.getMonth(),
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
  };
}

/** The ISO UTC instant of a local wall time, snapped up to the picker's step with seconds zeroed. */
export function isoOfWallTime(wall: WallTime): string {
  const local = new Date(wall.year, wall.month, wall.day, wall.hour, wall.minute, 0, 0);
  return snapToStep(local) ?? local.toISOString();
}

/** Noon of a day: safe from daylight-saving jumps when days are added. */
function noon(day: Day): Date {
  return new Date(day.year, day.month, day.day, 12);
}

function dayOf(date: Date): Day {
  return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
}

export function addDays(day: Day, n: number): Day {
  const d = noon(day);
  d.setDate(d.getDate() + n);
  return dayOf(d);
}

/** The same day of another month, clamped to that month's last day (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(day: Day, n: number): Day {
  const first = new Date(day.year, day.month + n, 1, 12);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0, 12).getDate();
  return { year: first.getFullYear(), month: first.getMonth(), day: Math.min(day.day, last) };
}

export function sameDay(a: Day | null, b: Day | null): boolean {
  return !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: Day): number {
  return noon(day).getDay();
}

/** The first day of the week that holds `day`. */
export function startOfWeek(day: Day, weekStart: 0 | 1): Day {
  return addDays(day, -((weekdayOf(day) - weekStart + 7) % 7));
}

/** The weeks shown for a month: whole weeks from the one holding the 1st to the one holding the last day. */
export function monthGrid(year: number, month: number, weekStart: 0 | 1): Day[][] {
  const first: Day = { year, month, day: 1 };
  const lastDay = new Date(year, month + 1, 0, 12).getDate();
  const weeks: Day[][] = [];
  let cursor = startOfWeek(first, weekStart);
  while (
    weeks.length === 0 ||
    cursor.year < year ||
    (cursor.year === year && cursor.month < month) ||
    (cursor.year === year && cursor.month === month && cursor.day <= lastDay)
  ) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(cursor, i));
    weeks.push(week);
    cursor = addDays(cursor, 7);
  }
  return weeks;
}

/** Whether any instant of a local day lies in [min, max]. */
export function dayInBounds(day: Day, min: number | null, max: number | null): boolean {
  const start = new Date(day.year, day.month, day.day, 0, 0, 0, 0).getTime();
  const end = new Date(day.year, day.month, day.day + 1, 0, 0, 0, 0).getTime() - 1;
  return (min === null || end >= min) && (max === null || start <= max);
}

/** The day as an ISO-like key (for React keys and data attributes): "2026-07-01". */
export function dayKey(day: Day): string {
  return `${day.year}-${String(day.month + 1).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
}

/** Short week-day names in the locale, in the order of the grid's columns. */
export function weekdayNames(locale: string, weekStart: 0 | 1, style: "short" | "long"): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: style });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(2023, 0, 1 + ((i + weekStart) % 7), 12)));
}

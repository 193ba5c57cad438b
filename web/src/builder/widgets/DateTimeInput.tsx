/**
 * The builder's date-time picker (contest-builder.md §4 "Date interplay"): a day chosen in a month calendar whose
 * weeks start on the locale's first day (Monday for French, otherwise Sunday), then an hour and minutes in
 * 5-minute steps; seconds are always zero. Times are the person's own (the browser's time zone); the form holds
 * the ISO UTC instant. Days outside the field's window are shown but cannot be picked.
 *
 * Keyboard: the day button opens the calendar with the chosen (or first allowed) day focused; arrows move a day or
 * a week, Home/End go to the start/end of the week, Page Up/Down change month (with Shift, year), Enter or Space
 * picks, Escape closes. Hour and minutes are native selects.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { weekStart as weekStartOf } from "../../../../engine/dates";
import {
  addDays,
  addMonths,
  type Day,
  dayInBounds,
  dayKey,
  isoOfWallTime,
  MINUTE_STEPS,
  monthGrid,
  sameDay,
  startOfWeek,
  type WallTime,
  wallTimeOf,
  weekdayNames,
} from "./calendar";

export type DateTimeInputProps = {
  id: string;
  /** ISO instant or null. */
  value: string | null;
  onChange(next: string | null): void;
  /** Called when focus leaves the whole picker. */
  onBlur?(): void;
  onFocus?(): void;
  /** The field's name, for the controls' accessible names. */
  label: string;
  locale: string;
  min?: number | null;
  max?: number | null;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Why the picker is disabled (e.g. "Choose the start date first."), shown under it. */
  disabledReason?: string | null;
};

const pad = (n: number) => String(n).padStart(2, "0");
const HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h);

function todayOf(): Day {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth(), day: now.getDate() };
}

export function DateTimeInput(props: DateTimeInputProps) {
  const { t } = useLingui();
  const { min = null, max = null, locale } = props;
  const wall = wallTimeOf(props.value);
  const chosen: Day | null = wall && { year: wall.year, month: wall.month, day: wall.day };
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState<Day>(() => chosen ?? todayOf());
  const weekStart = weekStartOf(locale);
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const hintId = useId();

  const dayLabel = (day: Day) =>
    new Intl.DateTimeFormat(locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }).format(new Date(day.year, day.month, day.day, 12));
  const shownDate = chosen
    ? new Intl.DateTimeFormat(locale, {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
      }).format(new Date(chosen.year, chosen.month, chosen.day, 12))
    : null;

  // The focused day takes the focus when the calendar opens and when the keyboard moves it (not when the month
  // buttons are clicked: the focus stays on them, so they can be pressed again).
  const focusDay = useRef(false);
  useEffect(() => {
    if (!open || !focusDay.current) return;
    focusDay.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${dayKey(focused)}"]`)?.focus();
  }, [open, focused]);

  const emit = (next: WallTime) => props.onChange(isoOfWallTime(next));

  /** The time a newly picked day gets: the time already chosen, else the window's first step that day, else noon. */
  const timeFor = (day: Day): Pick<WallTime, "hour" | "minute"> => {
    if (wall) return { hour: wall.hour, minute: wall.minute };
    const first = wallTimeOf(min === null ? null : new Date(min).toISOString());
    if (first && sameDay(first, day)) {
      const snapped = wallTimeOf(isoOfWallTime(first));
      if (snapped && sameDay(snapped, day)) return { hour: snapped.hour, minute: snapped.minute };
    }
    return { hour: 12, minute: 0 };
  };

  const pick = (day: Day) => {
    if (!dayInBounds(day, min, max)) return;
    emit({ ...day, ...timeFor(day) });
    setOpen(false);
    triggerRef.current?.focus();
  };

  const openCalendar = () => {
    const firstAllowed = min !== null ? wallTimeOf(new Date(min).toISOString()) : null;
    setFocused(chosen ?? (firstAllowed ? { ...firstAllowed } : todayOf()));
    focusDay.current = true;
    setOpen(true);
  };

  const onGridKey = (event: KeyboardEvent) => {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const moves: Record<string, () => Day> = {
      ArrowLeft: () => addDays(focused, rtl ? 1 : -1),
      ArrowRight: () => addDays(focused, rtl ? -1 : 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => startOfWeek(focused, weekStart),
      End: () => addDays(startOfWeek(focused, weekStart), 6),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusDay.current = true;
      setFocused(move());
    } else if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      triggerRef.current?.focus();
    }
  };

  const setTime = (part: "hour" | "minute", n: number) => {
    if (!wall) return;
    emit({ ...wall, [part]: n });
  };

  const weeks = monthGrid(focused.year, focused.month, weekStart);
  const shortDays = weekdayNames(locale, weekStart, "short");
  const longDays = weekdayNames(locale, weekStart, "long");
  const monthTitle = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(
    new Date(focused.year, focused.month, 1, 12),
  );
  const today = todayOf();
  // The minutes list shows a value off the step too (an older contest), so the select never lies.
  const minutes =
    wall && !MINUTE_STEPS.includes(wall.minute)
      ? [...MINUTE_STEPS, wall.minute].sort((a, b) => a - b)
      : MINUTE_STEPS;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <fieldset
      ref={rootRef}
      className={`datetime${props.invalid ? " is-invalid" : ""}${props.disabled ? " is-disabled" : ""}`}
      aria-label={props.label}
      onFocus={props.onFocus}
      onBlur={(event) => {
        if (rootRef.current?.contains(event.relatedTarget as Node | null)) return;
        setOpen(false);
        props.onBlur?.();
      }}
    >
      <div className="datetime-row">
        <button
          ref={triggerRef}
          id={props.id}
          type="button"
          className="button datetime-day"
          disabled={props.disabled}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-invalid={props.invalid || undefined}
          aria-describedby={[props.describedBy, hintId].filter(Boolean).join(" ")}
          aria-label={
            shownDate ? t`${props.label}: ${shownDate}. Change the day` : t`${props.label}: choose a day`
          }
          onClick={() => (open ? setOpen(false) : openCalendar())}
        >
          <CalendarDays size={16} aria-hidden="true" /> {shownDate ?? <Trans>Choose a day</Trans>}
        </button>
        <select
          className="datetime-hour"
          aria-label={t`${props.label}: hour`}
          value={wall ? wall.hour : ""}
          disabled={props.disabled || !wall}
          onChange={(e) => setTime("hour", Number(e.target.value))}
        >
          {!wall && <option value="">--</option>}
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {pad(h)}
            </option>
          ))}
        </select>
        <span aria-hidden="true">:</span>
        <select
          className="datetime-minute"
          aria-label={t`${props.label}: minutes`}
          value={wall ? wall.minute : ""}
          disabled={props.disabled || !wall}
          onChange={(e) => setTime("minute", Number(e.target.value))}
        >
          {!wall && <option value="">--</option>}
          {minutes.map((m) => (
            <option key={m} value={m}>
              {pad(m)}
            </option>
          ))}
        </select>
      </div>
      <p id={hintId} className="datetime-hint muted">
        {props.disabled && props.disabledReason ? props.disabledReason : <Trans>Time zone: {timeZone}</Trans>}
      </p>
      {open && (
        <div className="datetime-calendar" role="dialog" aria-modal="false" aria-labelledby={titleId}>
          <div className="datetime-calendar-header">
            <button
              type="button"
              className="button small"
              aria-label={t`Previous month`}
              onClick={() => setFocused(addMonths(focused, -1))}
            >
              ‹
            </button>
            <h3 id={titleId} aria-live="polite">
              {monthTitle}
            </h3>
            <button
              type="button"
              className="button small"
              aria-label={t`Next month`}
              onClick={() => setFocused(addMonths(focused, 1))}
            >
              ›
            </button>
          </div>
          <table ref={gridRef} aria-labelledby={titleId} onKeyDown={onGridKey}>
            <thead>
              <tr>
                {shortDays.map((name, i) => (
                  <th key={longDays[i]} scope="col" abbr={longDays[i]}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={dayKey(week[0] as Day)}>
                  {week.map((day) => {
                    const allowed = dayInBounds(day, min, max);
                    const isFocused = sameDay(day, focused);
                    const isChosen = sameDay(day, chosen);
                    return (
                      <td key={dayKey(day)}>
                        <button
                          type="button"
                          data-day={dayKey(day)}
                          tabIndex={isFocused ? 0 : -1}
                          className={[
                            "datetime-cell",
                            day.month !== focused.month ? "is-outside" : "",
                            isChosen ? "is-chosen" : "",
                            sameDay(day, today) ? "is-today" : "",
                          ]
                            .filter(Boolean)
                            .join(" ")}
                          aria-label={dayLabel(day)}
                          aria-pressed={isChosen}
                          aria-disabled={!allowed || undefined}
                          aria-current={sameDay(day, today) ? "date" : undefined}
                          onClick={() => {
                            setFocused(day);
                            pick(day);
                          }}
                        >
                          {day.day}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="datetime-calendar-footer">
            <button
              type="button"
              className="button small"
              onClick={() => {
                setOpen(false);
                triggerRef.current?.focus();
              }}
            >
              <Trans>Close</Trans>
            </button>
          </div>
        </div>
      )}
    </fieldset>
  );
}

/**
 * The builder's date-time picker (contest-builder.md §4 "Date interplay"): one button shows the chosen day and time
 * on one line; it opens a popover (Radix) with a month calendar (react-day-picker: weeks start on the locale's first
 * day, keyboard arrows, Page Up/Down, Home/End) and, under it, the time in 5-minute steps. Nothing reaches the form
 * until "Apply": a new date is one change, so the start date's confirmation asks once, not once per part. Seconds
 * are always zero; times are the person's own (the browser's time zone) and the form holds the ISO UTC instant.
 * Days and times outside the field's window are shown but cannot be picked.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useRef, useState } from "react";
import { DayPicker } from "react-day-picker";
import { ar, enUS, fr, hi, ja } from "react-day-picker/locale";
import "react-day-picker/style.css";
import { weekStart as weekStartOf } from "../../../../engine/dates";
import { isRtl } from "../../components/DirectionArrow";
import { type Day, dayInBounds, isoOfWallTime, MINUTE_STEPS, type WallTime, wallTimeOf } from "./calendar";

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

const CALENDAR_LOCALES = { en: enUS, fr, ar, hi, ja } as const;
const pad = (n: number) => String(n).padStart(2, "0");
/** Every time of a day on the picker's step: 00:00, 00:05, … 23:55. */
const TIMES: readonly { hour: number; minute: number }[] = Array.from({ length: 24 }, (_, hour) =>
  MINUTE_STEPS.map((minute) => ({ hour, minute })),
).flat();

const dayOfDate = (d: Date): Day => ({ year: d.getFullYear(), month: d.getMonth(), day: d.getDate() });
const dateOfDay = (d: Day) => new Date(d.year, d.month, d.day, 12);
const timeOf = (iso: string) => new Date(iso).getTime();

export function DateTimeInput(props: DateTimeInputProps) {
  const { t } = useLingui();
  const { min = null, max = null, locale } = props;
  const wall = wallTimeOf(props.value);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<WallTime | null>(null);
  // Whether the draft's time is the person's (a stored value, or one they chose): a day picked then keeps it;
  // otherwise the day gets its own first allowed time, or noon.
  const [timeChosen, setTimeChosen] = useState(false);
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const hintId = useId();
  const timeId = useId();

  const format = (w: WallTime, withTime: boolean) =>
    new Intl.DateTimeFormat(locale, {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
    }).format(new Date(w.year, w.month, w.day, w.hour, w.minute));
  const shown = wall ? format(wall, true) : null;

  /** The time a newly picked day gets: the time already chosen, else the window's first step that day, else noon. */
  const timeFor = (day: Day, current: WallTime | null): Pick<WallTime, "hour" | "minute"> => {
    if (current) return { hour: current.hour, minute: current.minute };
    const first =
      min === null ? null : wallTimeOf(isoOfWallTime(wallTimeOf(new Date(min).toISOString()) as WallTime));
    if (first && first.year === day.year && first.month === day.month && first.day === day.day)
      return { hour: first.hour, minute: first.minute };
    return { hour: 12, minute: 0 };
  };

  const openPicker = (next: boolean) => {
    if (next) {
      const firstAllowed = min !== null ? wallTimeOf(new Date(min).toISOString()) : null;
      setDraft(wall ?? (firstAllowed ? { ...firstAllowed, ...timeFor(firstAllowed, null) } : null));
      setTimeChosen(wall !== null);
    }
    setOpen(next);
  };

  const inWindow = (w: WallTime) => {
    const at = timeOf(isoOfWallTime(w));
    return (min === null || at >= min) && (max === null || at <= max);
  };

  const apply = () => {
    if (!draft || !inWindow(draft)) return;
    props.onChange(isoOfWallTime(draft));
    setOpen(false);
  };

  // The minutes a stored value is on may be off the step (an older contest): the list shows it, so it never lies.
  const times =
    draft && !MINUTE_STEPS.includes(draft.minute)
      ? [...TIMES, { hour: draft.hour, minute: draft.minute }]
      : TIMES;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const language = locale.slice(0, 2) as keyof typeof CALENDAR_LOCALES;

  return (
    <fieldset
      ref={rootRef}
      className={`datetime${props.invalid ? " is-invalid" : ""}${props.disabled ? " is-disabled" : ""}`}
      aria-label={props.label}
      onFocus={props.onFocus}
      onBlur={(event) => {
        if (rootRef.current?.contains(event.relatedTarget as Node | null)) return;
        props.onBlur?.();
      }}
    >
      <Popover.Root open={open} onOpenChange={openPicker}>
        <Popover.Trigger asChild>
          <button
            id={props.id}
            type="button"
            className="button datetime-day"
            disabled={props.disabled}
            aria-invalid={props.invalid || undefined}
            aria-describedby={[props.describedBy, hintId].filter(Boolean).join(" ")}
            aria-label={
              shown ? t`${props.label}: ${shown}. Change the date` : t`${props.label}: choose a date`
            }
          >
            <CalendarDays size={16} aria-hidden="true" />
            <span>{shown ?? <Trans>Choose a date and time</Trans>}</span>
          </button>
        </Popover.Trigger>
        {/* Rendered in place, not in a portal: the builder's dialog keeps the focus inside itself. */}
        <Popover.Content
          className="datetime-calendar"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label={t`${props.label}: choose a date`}
        >
          <DayPicker
            mode="single"
            autoFocus
            required={false}
            locale={CALENDAR_LOCALES[language] ?? enUS}
            weekStartsOn={weekStartOf(locale)}
            dir={isRtl() ? "rtl" : "ltr"}
            defaultMonth={draft ? dateOfDay(draft) : undefined}
            selected={draft ? dateOfDay(draft) : undefined}
            disabled={(date) => !dayInBounds(dayOfDate(date), min, max)}
            onSelect={(date) => {
              if (!date) return;
              const day = dayOfDate(date);
              setDraft((current) => ({ ...day, ...timeFor(day, timeChosen ? current : null) }));
            }}
          />
          <div className="datetime-time-row">
            <label htmlFor={timeId}>
              <Trans>Time</Trans>
            </label>
            <select
              id={timeId}
              value={draft ? `${draft.hour}:${draft.minute}` : ""}
              disabled={!draft}
              onChange={(e) => {
                const [hour, minute] = e.target.value.split(":").map(Number);
                setDraft((current) => current && { ...current, hour: hour ?? 0, minute: minute ?? 0 });
                setTimeChosen(true);
              }}
            >
              {!draft && <option value="">--:--</option>}
              {times.map(({ hour, minute }) => (
                <option
                  key={`${hour}:${minute}`}
                  value={`${hour}:${minute}`}
                  disabled={!!draft && !inWindow({ ...draft, hour, minute })}
                >
                  {pad(hour)}:{pad(minute)}
                </option>
              ))}
            </select>
            <span className="datetime-time-actions">
              <Popover.Close className="button small">
                <Trans>Cancel</Trans>
              </Popover.Close>
              <button
                type="button"
                className="button small primary"
                data-action="apply-date"
                disabled={!draft || !inWindow(draft)}
                onClick={apply}
              >
                <Trans>Apply</Trans>
              </button>
            </span>
          </div>
        </Popover.Content>
      </Popover.Root>
      <p id={hintId} className="datetime-hint muted">
        {props.disabled && props.disabledReason ? props.disabledReason : <Trans>Time zone: {timeZone}</Trans>}
      </p>
    </fieldset>
  );
}

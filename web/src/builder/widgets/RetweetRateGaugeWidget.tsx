/**
 * The retweet-rate threshold of a twitter source (contest-builder.md §5, §9): a gauge drawn from 1 to 99 that never
 * goes below 10 (the rule's minimum), 50 by default, with its levels at 10, 30, 50, 51, 60 and 80 (constants.json)
 * named in words (labels.ts). A slider for the keyboard: arrows ±1, Page Up/Down ±10, Home the floor, End 99; its
 * value is said with the level's name (aria-valuetext). A pointer can click or drag along the track.
 */
import { useLingui } from "@lingui/react/macro";
import type { WidgetProps } from "@rjsf/utils";
import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { RETWEET_RATE, RETWEET_RATE_LEVELS, retweetRateLevel } from "./labels";
import { useWidgetField } from "./use-field";

const { min: SCALE_MIN, max: SCALE_MAX, floor: FLOOR, default: DEFAULT } = RETWEET_RATE.gauge;

/** A threshold on the gauge: whole, between the floor and the top. */
export function clampRate(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT;
  return Math.min(SCALE_MAX, Math.max(FLOOR, Math.round(n)));
}

/** Where a value sits along the track, in percent of its length (1 at the start, 99 at the end). */
const position = (n: number) => ((n - SCALE_MIN) / (SCALE_MAX - SCALE_MIN)) * 100;

export function RetweetRateGaugeWidget(props: WidgetProps) {
  const { t } = useLingui();
  const field = useWidgetField(props);
  const trackRef = useRef<HTMLDivElement>(null);
  const value = clampRate(typeof props.value === "number" ? props.value : DEFAULT);
  const level = retweetRateLevel(value);
  const disabled = field.disabled;

  const set = (n: number) => {
    const next = clampRate(n);
    if (next !== props.value) props.onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const steps: Record<string, number> = {
      ArrowUp: 1,
      ArrowDown: -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      PageUp: 10,
      PageDown: -10,
    };
    const step = steps[event.key];
    if (step !== undefined) set(value + step);
    else if (event.key === "Home") set(FLOOR);
    else if (event.key === "End") set(SCALE_MAX);
    else return;
    event.preventDefault();
  };

  const fromPointer = (event: PointerEvent) => {
    const track = trackRef.current;
    if (!track) return;
    const rect = track.getBoundingClientRect();
    if (rect.width === 0) return;
    const rtl = getComputedStyle(track).direction === "rtl";
    const ratio = (event.clientX - rect.left) / rect.width;
    set(SCALE_MIN + (rtl ? 1 - ratio : ratio) * (SCALE_MAX - SCALE_MIN));
  };

  return (
    <div className={`gauge${disabled ? " is-disabled" : ""}${field.invalid ? " is-invalid" : ""}`}>
      <div
        className="gauge-track"
        ref={trackRef}
        onPointerDown={(event) => {
          if (disabled) return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          fromPointer(event);
        }}
        onPointerMove={(event) => {
          if (!disabled && event.buttons === 1) fromPointer(event);
        }}
      >
        <div className="gauge-floor" style={{ inlineSize: `${position(FLOOR)}%` }} aria-hidden="true" />
        {RETWEET_RATE_LEVELS.map((l) => (
          <span
            key={l.from}
            className="gauge-tick"
            style={{ insetInlineStart: `${position(l.from)}%` }}
            aria-hidden="true"
          />
        ))}
        <div className="gauge-fill" style={{ inlineSize: `${position(value)}%` }} aria-hidden="true" />
        <div
          id={props.id}
          role="slider"
          className="gauge-thumb"
          style={{ insetInlineStart: `${position(value)}%` }}
          tabIndex={disabled ? -1 : 0}
          aria-label={props.label || t`Share of reposts that are contests`}
          aria-valuemin={FLOOR}
          aria-valuemax={SCALE_MAX}
          aria-valuenow={value}
          aria-valuetext={t`${value} %, ${t(level.label)}`}
          aria-disabled={disabled || undefined}
          aria-invalid={field.invalid || undefined}
          aria-describedby={field.describedBy}
          onKeyDown={onKeyDown}
          onBlur={() => props.onBlur(props.id, value)}
          onFocus={() => props.onFocus(props.id, value)}
        />
      </div>
      <p className="gauge-reading">
        <strong>{value} %</strong> · <span className="gauge-level">{t(level.label)}</span>
      </p>
      <p className="muted gauge-hint">{t(level.hint)}</p>
    </div>
  );
}

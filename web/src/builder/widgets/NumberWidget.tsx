/**
 * A whole number (winners, months, mentions, attempts): a number input whose bounds come from the field's
 * `range:min,max` rule when they are plain numbers. It never refuses a keystroke; the rule speaks on blur.
 */
import type { WidgetProps } from "@rjsf/utils";
import { useState } from "react";
import { numberArg, ruleArgs } from "./field-rules";
import { useWidgetField } from "./use-field";

export function NumberWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const range = ruleArgs(field.rules?.rule, "range");
  const min =
    numberArg(range, 0) ?? (typeof props.schema.minimum === "number" ? props.schema.minimum : undefined);
  const max =
    numberArg(range, 1) ?? (typeof props.schema.maximum === "number" ? props.schema.maximum : undefined);
  const value = typeof props.value === "number" && Number.isFinite(props.value) ? props.value : null;
  // What is typed, kept as text so "1" → "" → "12" edits freely; the form gets a number or undefined.
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === null ? "" : String(value));
  return (
    <input
      id={props.id}
      type="number"
      className="number-input"
      inputMode="numeric"
      step={1}
      min={min ?? undefined}
      max={max ?? undefined}
      value={shown}
      disabled={field.disabled}
      aria-invalid={field.invalid || undefined}
      aria-describedby={field.describedBy}
      placeholder={props.placeholder}
      onChange={(e) => {
        const raw = e.target.value;
        setText(raw);
        const n = raw.trim() === "" ? Number.NaN : Number(raw);
        props.onChange(Number.isFinite(n) ? n : undefined);
      }}
      onBlur={() => {
        setText(null);
        props.onBlur(props.id, value ?? undefined);
      }}
      onFocus={() => props.onFocus(props.id, value ?? undefined)}
    />
  );
}

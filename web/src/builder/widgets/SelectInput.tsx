/** A native select over a field's choices, each shown by its label (web/src/labels.ts); "" stands for no choice yet. */
import { useLingui } from "@lingui/react/macro";
import type { FocusEvent } from "react";
import { choiceLabel } from "../../labels";

export type SelectInputProps = {
  id: string;
  value: string | null;
  choices: readonly string[];
  onChange(next: string | null): void;
  onBlur?(event: FocusEvent): void;
  onFocus?(event: FocusEvent): void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  ariaLabel?: string;
};

export function SelectInput(props: SelectInputProps) {
  const { t, i18n } = useLingui();
  const labelOf = (choice: string) => choiceLabel(i18n, choice);
  return (
    <select
      id={props.id}
      className="select-input"
      value={props.value ?? ""}
      disabled={props.disabled}
      aria-label={props.ariaLabel}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => props.onChange(e.target.value === "" ? null : e.target.value)}
      onBlur={props.onBlur}
      onFocus={props.onFocus}
    >
      <option value="">{t`Choose…`}</option>
      {props.choices.map((choice) => (
        <option key={choice} value={choice}>
          {labelOf(choice)}
        </option>
      ))}
    </select>
  );
}

/**
 * A builder text (one line or several) with its live counter (text-count.ts) and shortlinks on paste. The counter
 * follows the field's rule — weighted for twitter and bluesky, characters elsewhere — and shows when the text is
 * over, but never stops typing; the field is checked when it is left (onBlur), never on a keystroke.
 */
import { Plural, useLingui } from "@lingui/react/macro";
import { type FocusEvent, useId } from "react";
import type { BuilderFormContext } from "../form-context";
import { countText, type TextLimit } from "./text-count";
import { useShortlinkPaste } from "./use-shortlink-paste";

export type TextEditorProps = {
  id: string;
  value: string;
  onChange(next: string): void;
  onBlur?(event: FocusEvent): void;
  onFocus?(event: FocusEvent): void;
  multiline: boolean;
  limit: TextLimit | null;
  ctx: BuilderFormContext | undefined;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  /** An accessible name when no <label for> names the field (e.g. inside a list editor). */
  ariaLabel?: string;
  rows?: number;
  autoFocus?: boolean;
};

export function TextEditor(props: TextEditorProps) {
  const { t, i18n } = useLingui();
  const counterId = useId();
  const { onPaste, prompt } = useShortlinkPaste({
    value: props.value,
    onChange: props.onChange,
    ctx: props.ctx,
    disabled: props.disabled,
  });
  const count = props.limit ? countText(props.value, props.limit) : null;
  const common = {
    id: props.id,
    value: props.value,
    disabled: props.disabled,
    placeholder: props.placeholder,
    autoFocus: props.autoFocus,
    "aria-label": props.ariaLabel,
    "aria-invalid": props.invalid || count?.over || undefined,
    "aria-describedby": [props.describedBy, count ? counterId : null].filter(Boolean).join(" ") || undefined,
    onPaste,
    onBlur: props.onBlur,
    onFocus: props.onFocus,
  };
  return (
    <div className={`text-editor${count?.over ? " is-over" : ""}${props.invalid ? " is-invalid" : ""}`}>
      {props.multiline ? (
        <textarea {...common} rows={props.rows ?? 4} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => props.onChange(e.target.value)} />
      )}
      {count && props.limit && (
        <p className="text-counter" id={counterId}>
          <span
            className="text-counter-value"
            // A count over a limit reads left to right in every language: in a right-to-left line the spaced
            // slash would otherwise put the limit first ("1,000 / 43").
            dir="ltr"
            title={
              props.limit.kind === "weighted" ? t`Counted as the network counts: a link 23, an emoji 2` : ""
            }
          >
            {t`${i18n.number(count.length)} / ${i18n.number(props.limit.max)}`}
          </span>
          {count.over && (
            // Its own pill after the count, so "88 / 50" and "38 characters too many" never run together.
            <span className="text-counter-over">
              <Plural value={-count.left} one="# character too many" other="# characters too many" />
            </span>
          )}
        </p>
      )}
      <span className="visually-hidden" role="status">
        {count?.over ? t`The text is over the limit.` : ""}
      </span>
      {prompt}
    </div>
  );
}

/**
 * A list of short texts as chips with a text input (keywords, bad words, manual-check reasons, accounts): Enter or
 * a comma adds what was typed, Backspace in an empty input removes the last chip, each chip has a labelled remove
 * button. What is typed goes through the engine's normaliser; a refused entry leaves the list as it was and the
 * reason is said beside the input (the spec calls such entries "ignored", never errors).
 */
import { useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import type { EntryCheck } from "../../../../engine/text/normalize";
import { REJECTION_LABELS } from "./labels";

export type ChipInputProps = {
  id: string;
  value: readonly string[];
  onChange(next: string[]): void;
  onBlur?(): void;
  onFocus?(): void;
  /** The normaliser: what each piece of an input would become, accepted or not (several for "@a, @b"). */
  check(list: readonly string[], input: string): EntryCheck[];
  /** How a chip reads (e.g. a reason key shown by its label). */
  chipLabel?(entry: string): string;
  /** The field's label, for the remove buttons' names (and shown above when `showLabel`). */
  label: string;
  /** Draw the label (the field template does not label a list drawn by a widget). */
  showLabel?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  placeholder?: string;
  describedBy?: string;
  /** Shown between the input and the notice (e.g. suggestions). */
  children?: ReactNode;
};

export function ChipInput({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  check,
  chipLabel = (entry) => entry,
  label,
  showLabel,
  disabled,
  invalid,
  placeholder,
  describedBy,
  children,
}: ChipInputProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const noticeId = useId();

  /** "@bad!: Not a valid account name. For example: @alice.bsky.social" */
  const refusalText = (refused: Extract<EntryCheck, { accepted: false }>) => {
    const named = refused.value ? `${chipLabel(refused.value)}: ` : "";
    const example = refused.example;
    const hint = example ? ` ${t`For example: ${example}`}` : "";
    return `${named}${t(REJECTION_LABELS[refused.reason])}${hint}`;
  };

  /** Adds every accepted piece of `input` (split on commas); says why the first refused one was refused. */
  const add = (input: string) => {
    setDraft("");
    if (input.trim() === "") return false;
    const grown = [...value];
    let refused: EntryCheck | undefined;
    for (const piece of input.split(",")) {
      if (piece.trim() === "") continue;
      for (const c of check(grown, piece)) {
        if (c.accepted) grown.push(c.value);
        else refused ??= c;
      }
    }
    if (grown.length > value.length) onChange(grown);
    setNotice(refused && !refused.accepted ? refusalText(refused) : null);
    return grown.length > value.length;
  };

  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    setNotice(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add(draft);
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      event.preventDefault();
      remove(value.length - 1);
    }
  };

  /** A comma typed or pasted in the middle adds what comes before it; the rest stays in the input. */
  const onInput = (text: string) => {
    const last = text.lastIndexOf(",");
    if (last === -1) {
      setDraft(text);
      return;
    }
    add(text.slice(0, last));
    setDraft(text.slice(last + 1));
  };

  return (
    <>
      {showLabel && (
        <label htmlFor={id} className="widget-label">
          {label}
        </label>
      )}
      <div className={`chip-input${invalid ? " is-invalid" : ""}${disabled ? " is-disabled" : ""}`}>
        <ul className="chips" aria-label={t`${label}: ${value.length} entries`}>
          {value.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries may repeat in data typed elsewhere; position tells them apart
            <li className="chip" key={`${entry}-${index}`}>
              <span className="chip-text">{chipLabel(entry)}</span>
              <button
                type="button"
                className="chip-remove"
                disabled={disabled}
                onClick={() => remove(index)}
                aria-label={t`Remove ${chipLabel(entry)}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          type="text"
          className="chip-draft"
          value={draft}
          disabled={disabled}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, noticeId].filter(Boolean).join(" ")}
          onChange={(e) => onInput(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onBlur={() => {
            // What was typed and not yet added is kept; the field is checked once the list holds it.
            if (add(draft)) setTimeout(() => onBlur?.(), 0);
            else onBlur?.();
          }}
        />
        {children}
        <p id={noticeId} className="chip-notice" role="status">
          {notice}
        </p>
      </div>
    </>
  );
}

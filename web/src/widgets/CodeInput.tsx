/**
 * The code input (app-shell.md §5): one character per box, default length 4, letters and digits by default. Typing
 * moves to the next box, Backspace to the previous, and a pasted code fills every box.
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";

export type CodeInputProps = {
  value: string;
  onChange(value: string): void;
  length?: number;
  /** One character's pattern. */
  pattern?: RegExp;
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Focus the first box on mount (the code step of sign-in: the person's next move is to type it). */
  autoFocus?: boolean;
};

export function CodeInput({
  value,
  onChange,
  length = 4,
  pattern = /[A-Za-z0-9]/,
  label,
  disabled,
  invalid,
  autoFocus,
}: CodeInputProps) {
  const { t } = useLingui();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => {
    if (autoFocus) boxes.current[0]?.focus();
  }, [autoFocus]);
  const chars = Array.from({ length }, (_, i) => value[i] ?? "");

  const setFrom = (index: number, text: string) => {
    const accepted = [...text].filter((c) => pattern.test(c));
    if (accepted.length === 0) return;
    const next = [...chars];
    accepted.slice(0, length - index).forEach((c, k) => {
      next[index + k] = c;
    });
    onChange(next.join("").slice(0, length));
    boxes.current[Math.min(index + accepted.length, length - 1)]?.focus();
  };

  return (
    <fieldset className="code-input" aria-invalid={invalid || undefined}>
      <legend>{label}</legend>
      {chars.map((c, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, never reordered
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          value={c}
          disabled={disabled}
          inputMode={pattern.test("1") && !pattern.test("a") ? "numeric" : "text"}
          autoComplete={i === 0 ? "one-time-code" : "off"}
          aria-label={t`Character ${i + 1} of ${length}`}
          maxLength={length}
          onChange={(e) => setFrom(i, e.target.value.slice(c ? 1 : 0) || e.target.value)}
          onPaste={(e) => {
            e.preventDefault();
            setFrom(i, e.clipboardData.getData("text"));
          }}
          onKeyDown={(e) => {
            if (e.key === "Backspace" && !c && i > 0) {
              const next = [...chars];
              next[i - 1] = "";
              onChange(next.join(""));
              boxes.current[i - 1]?.focus();
            } else if (e.key === "Backspace") {
              const next = [...chars];
              next[i] = "";
              onChange(next.join(""));
            } else if (e.key === "ArrowLeft" && i > 0) boxes.current[i - 1]?.focus();
            else if (e.key === "ArrowRight" && i < length - 1) boxes.current[i + 1]?.focus();
          }}
        />
      ))}
    </fieldset>
  );
}

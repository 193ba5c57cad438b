/** A checkbox with its label after it (the `check` look): consent boxes, choices in a list, "don't show this again". */
import { type ReactNode, useId } from "react";

export function Checkbox({
  checked,
  onChange,
  disabled,
  children,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  /** The label. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        disabled={disabled}
      />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

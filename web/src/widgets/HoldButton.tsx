/**
 * The state button (app-shell.md §4): in `hold` it must be pressed for 2.5 s (5 s when dangerous) — by pointer, or
 * by holding Space/Enter on the keyboard — then it submits and shows `loading` until the caller resets it with
 * `state` (back to hold on failure). A progress bar shows how long is left to hold.
 */
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";

export const HOLD_MS = 2500;
export const HOLD_DANGEROUS_MS = 5000;

export type HoldState = "hold" | "submit" | "loading";

export type HoldButtonProps = {
  children: ReactNode;
  onConfirm(): void;
  /** Controlled by the caller: loading while the call runs, hold again after a failure. */
  state?: HoldState;
  dangerous?: boolean;
  disabled?: boolean;
};

export function HoldButton({
  children,
  onConfirm,
  state = "hold",
  dangerous = false,
  disabled = false,
}: HoldButtonProps) {
  const ms = dangerous ? HOLD_DANGEROUS_MS : HOLD_MS;
  const [pressedAt, setPressedAt] = useState<number | null>(null);
  const [progress, setProgress] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const frame = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const confirm = useRef(onConfirm);
  confirm.current = onConfirm;

  const release = () => {
    clearTimeout(timer.current);
    clearInterval(frame.current);
    setPressedAt(null);
    setProgress(0);
  };
  const press = () => {
    if (disabled || state !== "hold" || pressedAt !== null) return;
    const at = Date.now();
    setPressedAt(at);
    frame.current = setInterval(() => setProgress(Math.min(1, (Date.now() - at) / ms)), 50);
    timer.current = setTimeout(() => {
      release();
      confirm.current();
    }, ms);
  };
  // Unmounting mid-hold must not confirm.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearInterval(frame.current);
    },
    [],
  );

  const loading = state === "loading";
  return (
    <button
      type="button"
      className={`button hold-button${dangerous ? " danger" : " primary"}`}
      data-state={loading ? "loading" : pressedAt !== null ? "holding" : state}
      disabled={disabled || loading}
      aria-busy={loading}
      onPointerDown={press}
      onPointerUp={release}
      onPointerLeave={release}
      onKeyDown={(e) => {
        if ((e.key === " " || e.key === "Enter") && !e.repeat) {
          e.preventDefault();
          press();
        }
      }}
      onKeyUp={(e) => (e.key === " " || e.key === "Enter") && release()}
      onBlur={release}
    >
      <span
        className="hold-progress"
        style={{ inlineSize: `${Math.round(progress * 100)}%` }}
        aria-hidden="true"
      />
      <span className="hold-label">
        {loading ? (
          <Trans>Please wait…</Trans>
        ) : (
          <>
            {children}
            <span className="hold-hint">
              {dangerous ? <Trans>(hold 5 seconds)</Trans> : <Trans>(hold 2.5 seconds)</Trans>}
            </span>
          </>
        )}
      </span>
    </button>
  );
}

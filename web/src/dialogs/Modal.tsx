/**
 * The one modal frame (app-shell.md §2 "Modal keys"): Escape closes, a click on the overlay closes unless the modal
 * is not closable or a tutorial runs, focus moves in on open, stays inside while open (Tab wraps) and goes back to
 * where it was on close. Labelled by its title for screen readers.
 */

import { useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type ModalProps = {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** false: neither Escape nor the overlay closes it (e.g. while a call runs). */
  closable?: boolean;
  /** A tutorial is running: the overlay does not close it. */
  tutorial?: boolean;
  size?: "small" | "medium" | "large";
  /** Extra keys while open (← / → in the contest preview); not called while typing in a field. */
  onKey?(event: KeyboardEvent): void;
  footer?: ReactNode;
};

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

export function Modal({
  title,
  onClose,
  children,
  closable = true,
  tutorial = false,
  size = "medium",
  onKey,
  footer,
}: ModalProps) {
  const { t } = useLingui();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const keyHandler = useRef(onKey);
  keyHandler.current = onKey;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = box.current?.querySelector<HTMLElement>(`[autofocus], ${FOCUSABLE}`);
    (first ?? box.current)?.focus();
    return () => before?.focus();
  }, []);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        if (closable) {
          e.stopPropagation();
          closeRef.current();
        }
        return;
      }
      if (e.key === "Tab" && box.current) {
        const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) {
          e.preventDefault();
          return;
        }
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
        return;
      }
      if (!isTyping(e.target)) keyHandler.current?.(e);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [closable]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the overlay's click is a mouse shortcut; Escape and the close button are the keyboard paths
    <div
      className="modal-overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && closable && !tutorial) onClose();
      }}
    >
      <div
        ref={box}
        className={`modal modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          {closable && (
            <button type="button" className="icon-button" aria-label={t`Close`} onClick={onClose}>
              <X size={20} aria-hidden="true" />
            </button>
          )}
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>
  );
}

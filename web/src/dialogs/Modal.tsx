/**
 * The one modal frame (app-shell.md §2 "Modal keys"), on Radix UI's Dialog: Escape closes, a click on the overlay
 * closes unless the modal is not closable or a tutorial runs; focus moving in, staying inside and going back on close,
 * the other content hidden from screen readers and the title as label come from the library.
 */

import { useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { isTyping } from "./is-typing";

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

/**
 * Where focus goes back when the dialog closes: what had it before; when that was an item of a menu (the menu
 * closes and its items leave the page as the dialog opens), the menu's trigger, named by the menu's labelledby.
 */
function focusBefore(): HTMLElement | null {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const menu = active?.closest('[role="menu"]');
  const trigger = menu ? document.getElementById(menu.getAttribute("aria-labelledby") ?? "") : null;
  return trigger ?? active;
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
  // Opened without a Radix trigger: focus goes back to what had it before.
  const [before] = useState(focusBefore);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      {/* Content inside the overlay: the overlay scrolls and centres it (Radix's "scrollable overlay"). */}
      <Dialog.Overlay className="modal-overlay">
        <Dialog.Content
          className={`modal modal-${size}`}
          aria-describedby={undefined}
          aria-modal="true"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            before?.focus();
          }}
          onEscapeKeyDown={(e) => !closable && e.preventDefault()}
          onPointerDownOutside={(e) => (!closable || tutorial) && e.preventDefault()}
          onKeyDown={(e) => {
            if (e.key !== "Escape" && e.key !== "Tab" && !isTyping(e.target)) onKey?.(e.nativeEvent);
          }}
        >
          <div className="modal-header">
            <Dialog.Title>{title}</Dialog.Title>
            {closable && (
              <Dialog.Close className="icon-button" aria-label={t`Close`}>
                <X size={20} aria-hidden="true" />
              </Dialog.Close>
            )}
          </div>
          <div className="modal-body">{children}</div>
          {footer && <div className="modal-footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Overlay>
    </Dialog.Root>
  );
}

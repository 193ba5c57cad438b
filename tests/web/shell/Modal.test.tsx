import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Modal, type ModalProps } from "../../../web/src/dialogs/Modal";
import { activateLocale } from "../../../web/src/i18n/activate";

beforeAll(() => activateLocale("en"));

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <I18nProvider i18n={i18n}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal
          title="A dialog"
          {...props}
          onClose={() => {
            props.onClose?.();
            setOpen(false);
          }}
        >
          <input aria-label="First field" />
          <button type="button">Middle</button>
          <button type="button">Last</button>
        </Modal>
      )}
    </I18nProvider>
  );
}

function openIt(props: Partial<ModalProps> = {}) {
  const onClose = vi.fn();
  render(<Harness {...props} onClose={onClose} />);
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  return { onClose, opener };
}

/** A mouse press: Radix's outside-click handling runs on the pointerdown and the click that follows. */
function press(element: HTMLElement) {
  fireEvent.pointerDown(element, { button: 0 });
  fireEvent.mouseDown(element, { button: 0 });
  fireEvent.click(element, { button: 0 });
}

/** Radix listens for clicks outside from the tick after opening (so the opening click does not close it). */
const outsideClicksListened = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("Modal", () => {
  it("is a dialog labelled by its title, and takes the focus", () => {
    openIt();
    const dialog = screen.getByRole("dialog", { name: "A dialog" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.contains(document.activeElement)).toBe(true);
    // The page behind is hidden from screen readers while it is open.
    expect(screen.queryByRole("button", { name: "Open" })).toBeNull();
  });

  it("closes on Escape and gives the focus back to what opened it", async () => {
    const { onClose, opener } = openIt();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("closes on a click on the overlay, not on a click inside", async () => {
    const { onClose } = openIt();
    await outsideClicksListened();
    press(screen.getByRole("button", { name: "Middle" }));
    expect(onClose).not.toHaveBeenCalled();
    const overlay = screen.getByRole("dialog").parentElement as HTMLElement;
    press(overlay);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("stays open on Escape and overlay clicks when not closable, with no close button", async () => {
    const { onClose } = openIt({ closable: false });
    await outsideClicksListened();
    fireEvent.keyDown(document, { key: "Escape" });
    press(screen.getByRole("dialog").parentElement as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  });

  it("ignores overlay clicks while a tutorial runs but still closes on Escape", async () => {
    const { onClose } = openIt({ tutorial: true });
    await outsideClicksListened();
    press(screen.getByRole("dialog").parentElement as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("keeps Tab inside: from the last control to the first, and Shift+Tab from the first to the last", () => {
    openIt();
    const close = screen.getByRole("button", { name: "Close" });
    const last = screen.getByRole("button", { name: "Last" });
    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it("hands other keys to onKey, except while typing in a field", () => {
    const onKey = vi.fn();
    openIt({ onKey });
    fireEvent.keyDown(screen.getByRole("button", { name: "Middle" }), { key: "ArrowRight" });
    expect(onKey).toHaveBeenCalledOnce();
    fireEvent.keyDown(screen.getByLabelText("First field"), { key: "ArrowRight" });
    expect(onKey).toHaveBeenCalledOnce();
  });

  it("closes with its close button", () => {
    const { onClose } = openIt();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

/**
 * The frame of the confirmation dialogs that run one call (unlink, remove, cancel, reconnect; a lent account
 * removed, one of the person's accounts unlinked): a question, a confirm button (clicked, or held when `hold`)
 * that runs the call and stays disabled while it runs (the dialog can't be closed meanwhile), then `onDone`. A failure goes to the shell's handler (app-shell.md §8), whose alert takes the dialog's place.
 */
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { Modal } from "../dialogs/Modal";
import { useErrorHandler } from "../shell/useErrorHandler";
import { HoldButton } from "../widgets/HoldButton";
import "./team.css";

export type ConfirmCallProps = {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  /** The button that closes without doing anything ("Cancel" unless said otherwise). */
  dismissLabel?: ReactNode;
  danger?: boolean;
  /** Confirmed by holding the button (HoldButton; longer when `danger`) rather than by a click. */
  hold?: boolean;
  run(): Promise<void>;
  onClose(): void;
  /** After the call worked (the dialog is not closed for you: an alert may take its place). */
  onDone(): void;
};

export function ConfirmCallDialog({
  title,
  children,
  confirmLabel,
  dismissLabel,
  danger = false,
  hold = false,
  run,
  onClose,
  onDone,
}: ConfirmCallProps) {
  const [busy, setBusy] = useState(false);
  const onError = useErrorHandler();
  const confirm = async () => {
    setBusy(true);
    try {
      await run();
    } catch (e) {
      setBusy(false);
      onError(e);
      return;
    }
    onDone();
  };
  return (
    <Modal title={title} onClose={onClose} closable={!busy} size="small">
      <div className="team-confirm-body">{children}</div>
      <div className="dialog-actions team-actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          {dismissLabel ?? <Trans>Cancel</Trans>}
        </button>
        {hold ? (
          <HoldButton dangerous={danger} state={busy ? "loading" : "hold"} onConfirm={() => void confirm()}>
            {confirmLabel}
          </HoldButton>
        ) : (
          <button
            type="button"
            className={`button ${danger ? "danger" : "primary"}`}
            onClick={() => void confirm()}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? <Trans>Please wait…</Trans> : confirmLabel}
          </button>
        )}
      </div>
    </Modal>
  );
}

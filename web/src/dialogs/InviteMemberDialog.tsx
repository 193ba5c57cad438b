/**
 * Invite a team member (app-shell.md §2, §5, §7): an optional e-mail address; the answer is the invite, whose
 * link dialog follows. A quota refusal (maxMembersExceeded) is the shell's image alert with subscribe.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Invite } from "../../../codegen/types";
import { ApiError } from "../api/errors";
import { useErrorHandler } from "../shell/useErrorHandler";
import { inviteMember } from "../team/api";
import "../team/team.css";
import { useDialogs } from "./DialogHost";
import { InviteLinkDialog } from "./InviteLinkDialog";
import { Modal } from "./Modal";

export function InviteMemberDialog({
  onClose,
  onInvited,
}: {
  onClose(): void;
  onInvited?(invite: Invite): void;
}) {
  const { t } = useLingui();
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const emailId = useId();
  const errorId = useId();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setEmailError(null);
    let invite: Invite;
    try {
      invite = await inviteMember(email);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 422 && err.field("email")) {
        setEmailError(err.field("email") ?? null);
        return;
      }
      onError(err);
      return;
    }
    onInvited?.(invite);
    dialogs.open((close) => <InviteLinkDialog invite={invite} onClose={close} />);
  };

  return (
    <Modal title={t`Invite a member`} onClose={onClose} closable={!busy}>
      <form onSubmit={(e) => void submit(e)} noValidate className="team-form">
        <p>
          <Trans>
            Anyone who opens the invite link joins the team. Give an e-mail address to have the link sent
            there, or leave it empty and pass the link on yourself.
          </Trans>
        </p>
        <div className="field">
          <label htmlFor={emailId}>
            <Trans>E-mail address (optional)</Trans>
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? errorId : undefined}
            disabled={busy}
          />
          {emailError && (
            <p id={errorId} className="field-error" role="alert">
              {emailError}
            </p>
          )}
        </div>
        <div className="dialog-actions team-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {busy ? <Trans>Please wait…</Trans> : <Trans>Create the invite</Trans>}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Delete account (app-shell.md §2, §4): a dangerous hold button (5 s). DELETE /users/me answers {success: true};
 * the person is signed out and goes to /login, where a success toast confirms it. Teams owned with other members
 * must be handed over first: the server's refusal is shown here and the button goes back to hold.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate } from "react-router";
import { api, clearCsrf, unwrap } from "../api/client";
import { notify } from "../feedback/Toasts";
import { useSession } from "../session/session";
import { HoldButton, type HoldState } from "../widgets/HoldButton";
import { Modal } from "./Modal";

export function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const [state, setState] = useState<HoldState>("hold");
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async () => {
    setState("loading");
    setProblem(null);
    try {
      await unwrap(api.users.me.$delete());
      clearCsrf();
      session.setUser(null);
      void navigate("/login", { replace: true });
      onClose();
      notify.success(t`Your account was deleted`);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      setState("hold");
    }
  };

  return (
    <Modal title={t`Delete my account`} onClose={onClose} closable={state !== "loading"} size="small">
      <div data-dialog="delete-account">
        <p>
          <Trans>
            You are signed out everywhere and leave every team. If you own a team with other members, hand it
            over to one of them first. This cannot be undone.
          </Trans>
        </p>
        {problem && (
          <div role="alert" className="form-problem">
            {problem}
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} disabled={state === "loading"}>
            <Trans>Keep my account</Trans>
          </button>
          <HoldButton dangerous state={state} onConfirm={() => void remove()}>
            <Trans>Delete my account</Trans>
          </HoldButton>
        </div>
      </div>
    </Modal>
  );
}

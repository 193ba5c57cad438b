/**
 * Create a team (POST /teams {name}): from the switch-team dialog and /me/teams. The new team is on the basic
 * plan, the person its owner, and it becomes their current team: the user is reloaded and goes to the team's
 * page with a "team created" toast. A wrong name comes back on its field (422).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../api/errors";
import { useSession } from "../session/session";
import { useErrorHandler } from "../shell/useErrorHandler";
import { createTeam } from "../team/api";
import "../team/team.css";
import { notify } from "../feedback/Toasts";
import { Modal } from "./Modal";

export function CreateTeamDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const onError = useErrorHandler();
  const nameId = useId();
  const errorId = useId();
  const hintId = useId();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === "") {
      setNameError(t`Give the team a name.`);
      return;
    }
    setBusy(true);
    setNameError(null);
    try {
      await createTeam(name.trim());
    } catch (err) {
      setBusy(false);
      const problem = err instanceof ApiError && err.status === 422 ? err.field("name") : undefined;
      if (problem) setNameError(problem);
      else onError(err);
      return;
    }
    await session.refresh();
    onClose();
    void navigate("/team/");
    notify.success(t`Team created`);
  };

  return (
    <Modal title={t`Create a team`} onClose={onClose} closable={!busy}>
      <form onSubmit={(e) => void submit(e)} noValidate className="team-form" data-dialog="create-team">
        <p id={hintId}>
          <Trans>
            A team of its own for another brand or client: you are its owner, it starts on the free plan, and
            you work in it as soon as it is created.
          </Trans>
        </p>
        <div className="field">
          <label htmlFor={nameId}>
            <Trans>Team name</Trans>
          </label>
          <input
            id={nameId}
            type="text"
            autoComplete="off"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${errorId} ${hintId}` : hintId}
            disabled={busy}
          />
          {nameError && (
            <p id={errorId} className="field-error" role="alert">
              {nameError}
            </p>
          )}
        </div>
        <div className="dialog-actions team-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {busy ? <Trans>Please wait…</Trans> : <Trans>Create the team</Trans>}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Delete a team (app-shell.md §2, §4, §7 DELETE /teams/{teamId}): the hold button (dangerous: 5 s) is enabled
 * once the typed name equals the team's. Afterwards the user is reloaded and goes to /me/teams, with the
 * "team deleted" toast (§8's success alert, quiet: issue 27). A default team can't be deleted (cantDeleteYourDefaultTeam: the shell's
 * close-only alert).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../session/session";
import { useErrorHandler } from "../shell/useErrorHandler";
import { deleteTeam } from "../team/api";
import "../team/team.css";
import { notify } from "../feedback/Toasts";
import { HoldButton, type HoldState } from "../widgets/HoldButton";
import { Modal } from "./Modal";

/** The typed name must be the team's, exactly (surrounding spaces aside). */
export function deleteNameMatches(typed: string, teamName: string): boolean {
  return typed.trim() === teamName.trim() && teamName.trim() !== "";
}

export function DeleteTeamDialog({
  team,
  onClose,
}: {
  team: { _id: string; name: string };
  onClose(): void;
}) {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const onError = useErrorHandler();
  const inputId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState("");
  const [state, setState] = useState<HoldState>("hold");
  const matches = deleteNameMatches(typed, team.name);
  const name = team.name;

  const confirm = async () => {
    setState("loading");
    try {
      await deleteTeam(team._id);
    } catch (e) {
      setState("hold");
      onError(e);
      return;
    }
    await session.refresh();
    void navigate("/me/teams");
    onClose();
    notify.success(t`Team deleted`);
  };

  return (
    <Modal title={t`Delete the team ${name}?`} onClose={onClose} closable={state !== "loading"}>
      <p>
        <Trans>
          Its contests, drafts, templates, accounts, shortlinks and invites go with it, and every member loses
          access to it. This can't be undone.
        </Trans>
      </p>
      <div className="field">
        <label htmlFor={inputId}>
          <Trans>Type the team's name to confirm</Trans>
        </label>
        <input
          id={inputId}
          type="text"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-describedby={hintId}
          disabled={state === "loading"}
        />
        <p id={hintId} className="muted">
          {name}
        </p>
      </div>
      <div className="dialog-actions team-actions">
        <button type="button" className="button" onClick={onClose} disabled={state === "loading"}>
          <Trans>Cancel</Trans>
        </button>
        <HoldButton dangerous state={state} disabled={!matches} onConfirm={() => void confirm()}>
          <Trans>Delete the team</Trans>
        </HoldButton>
      </div>
    </Modal>
  );
}

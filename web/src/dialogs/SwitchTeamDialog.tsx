/**
 * Switch team (app-shell.md §2, §7): every team of the person, the current one marked; choosing another calls
 * POST /users/switch_team {team_id}, reloads the user (its permissions and features are the new team's) and goes to
 * the dashboard. "Create a team" opens the create-team dialog.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate } from "react-router";
import plans from "../../../schemas/plans.json";
import { api, unwrap } from "../api/client";
import { useSession, useUser } from "../session/session";
import { useErrorHandler } from "../shell/useErrorHandler";
import { Avatar } from "../widgets/Avatar";
import { CreateTeamDialog } from "./CreateTeamDialog";
import { useDialogs } from "./DialogHost";
import { Modal } from "./Modal";

/** A plan's name (a product name, the same in every language), from schemas/plans.json. */
export function planName(id: string): string {
  return plans.plans.find((p) => p.id === id)?.name ?? id;
}

/** Switches the person's current team, then reloads the user. Shared by this dialog and /me/teams. */
export function useSwitchTeam(): { switching: string | null; switchTo(teamId: string): Promise<boolean> } {
  const session = useSession();
  const onError = useErrorHandler();
  const [switching, setSwitching] = useState<string | null>(null);
  return {
    switching,
    async switchTo(teamId) {
      setSwitching(teamId);
      try {
        await unwrap(api.users.switch_team.$post({ json: { team_id: teamId } }));
        await session.refresh();
        return true;
      } catch (err) {
        onError(err);
        return false;
      } finally {
        setSwitching(null);
      }
    },
  };
}

export function SwitchTeamDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const user = useUser();
  const navigate = useNavigate();
  const { switching, switchTo } = useSwitchTeam();
  const dialogs = useDialogs();

  return (
    <Modal title={t`Switch team`} onClose={onClose} closable={switching === null}>
      <div data-dialog="switch-team">
        <ul className="choice-list">
          {user.teams.map((team) => {
            const current = team._id === user.current_team_id;
            return (
              <li key={team._id}>
                <button
                  type="button"
                  className="choice"
                  aria-current={current ? "true" : undefined}
                  disabled={switching !== null}
                  onClick={async () => {
                    if (current) {
                      onClose();
                      return;
                    }
                    if (await switchTo(team._id)) {
                      onClose();
                      void navigate("/");
                    }
                  }}
                >
                  <Avatar src={team.profile_picture} alt="" size={32} />
                  <span className="choice-text">
                    <strong>{team.name}</strong>
                    <span className="muted">
                      {team.role === "owner" ? <Trans>Owner</Trans> : <Trans>Member</Trans>} ·{" "}
                      {planName(team.plan)}
                    </span>
                  </span>
                  {current && (
                    <span className="choice-mark">
                      <Trans>Current team</Trans>
                    </span>
                  )}
                  {switching === team._id && (
                    <span className="choice-mark" role="status">
                      <Trans>Switching…</Trans>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        <div className="dialog-actions">
          <button
            type="button"
            className="button"
            disabled={switching !== null}
            onClick={() => {
              // The new team's dialog takes this one's place.
              onClose();
              dialogs.open((close) => <CreateTeamDialog onClose={close} />);
            }}
          >
            <Trans>Create a team</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}

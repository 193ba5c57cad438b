/**
 * /me/teams: every team of the person with its plan and their role there; the current one is marked and leads to
 * its page, any other can be switched to (POST /users/switch_team, then the dashboard). After a team is deleted
 * the person lands here, with the list the refreshed user holds. "Create a team" opens the create-team dialog.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "react-router";
import { DataTable } from "../../components/DataTable";
import { CreateTeamDialog } from "../../dialogs/CreateTeamDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { planName, useSwitchTeam } from "../../dialogs/SwitchTeamDialog";
import { useUser } from "../../session/session";
import { usePageTitle } from "../../usePageTitle";
import { Avatar } from "../../widgets/Avatar";
import "./me.css";

export default function MyTeamsPage() {
  const { t } = useLingui();
  usePageTitle(t`My teams`);
  const user = useUser();
  const navigate = useNavigate();
  const { switching, switchTo } = useSwitchTeam();
  const dialogs = useDialogs();
  const teams = [...user.teams].sort((a, b) =>
    a._id === user.current_team_id ? -1 : b._id === user.current_team_id ? 1 : a.name.localeCompare(b.name),
  );

  return (
    <section className="me-page" aria-labelledby="my-teams-title">
      <h1 id="my-teams-title">
        <Trans>My teams</Trans>
      </h1>
      <div className="me-intro">
        <p className="muted">
          <Trans>The teams you belong to. Switch team to work in another one.</Trans>
        </p>
        <button
          type="button"
          className="button primary"
          onClick={() => dialogs.open((close) => <CreateTeamDialog onClose={close} />)}
        >
          <Trans>Create a team</Trans>
        </button>
      </div>
      {teams.length === 0 ? (
        <p className="muted">
          <Trans>You belong to no team.</Trans>
        </p>
      ) : (
        <DataTable
          className="data me-table"
          columns={[t`Team`, t`Plan`, t`Your role`, { hidden: t`Actions` }]}
        >
          {teams.map((team) => {
            const current = team._id === user.current_team_id;
            const name = team.name;
            return (
              <tr key={team._id} data-team={team._id} aria-current={current ? "true" : undefined}>
                <th scope="row">
                  <span className="me-name">
                    <Avatar src={team.profile_picture} alt="" size={28} />
                    {team.name}
                    {current && (
                      <span className="me-badge">
                        <Trans>Current team</Trans>
                      </span>
                    )}
                  </span>
                </th>
                <td>{planName(team.plan)}</td>
                <td>{team.role === "owner" ? <Trans>Owner</Trans> : <Trans>Member</Trans>}</td>
                <td className="me-actions">
                  {current ? (
                    <Link to="/team/" className="button small">
                      <Trans>Open</Trans>
                    </Link>
                  ) : (
                    <button
                      type="button"
                      className="button small"
                      disabled={switching !== null}
                      onClick={async () => {
                        if (await switchTo(team._id)) void navigate("/");
                      }}
                    >
                      {switching === team._id ? (
                        <Trans>Switching…</Trans>
                      ) : (
                        <Trans>
                          Switch <span className="visually-hidden">to {name}</span>
                        </Trans>
                      )}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}

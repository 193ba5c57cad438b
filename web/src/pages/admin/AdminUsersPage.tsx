/**
 * /admin/users (app-shell.md §2, admins only): people found by a part of their e-mail or name, newest first, a
 * page at a time, each with their teams; a team opens the dialog that sets its plan or freezes it.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useDialogs } from "../../dialogs/DialogHost";
import { formatDate } from "../../team/format";
import { Empty, LoadError, Loading } from "../../team/states";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { AdminNav, Pager, SearchForm, useListQuery } from "./AdminNav";
import { type AdminUser, type ChangedTeam, listUsers, type UsersAnswer } from "./api";
import { TeamDialog, type TeamOfDialog, TeamSummary } from "./TeamDialog";

/** The users answer with one team changed everywhere it shows (a team has several members). */
export function withTeam(answer: UsersAnswer, team: ChangedTeam): UsersAnswer {
  return {
    ...answer,
    data: answer.data.map((u) => ({
      ...u,
      teams: u.teams.map((x) => (x._id === team._id ? { ...x, plan: team.plan, frozen: team.frozen } : x)),
    })),
  };
}

function UserRow({ user, onManage }: { user: AdminUser; onManage(team: TeamOfDialog): void }) {
  const { i18n } = useLingui();
  return (
    <tr>
      <th scope="row">
        {user.name}
        {user.grade === "admin" && (
          <>
            {" "}
            <span className="admin-badge">
              <Trans>Admin</Trans>
            </span>
          </>
        )}
        {user.deleted_at && (
          <>
            {" "}
            <span className="admin-badge frozen">
              <Trans>Deleted</Trans>
            </span>
          </>
        )}
      </th>
      <td>{user.email}</td>
      <td>
        {user.teams.length === 0 ? (
          <span className="muted">
            <Trans>No team</Trans>
          </span>
        ) : (
          <ul className="admin-teams">
            {user.teams.map((team) => (
              <li key={team._id}>
                <TeamSummary team={team} onManage={() => onManage(team)} />{" "}
                <span className="muted">
                  {team.role === "owner" ? <Trans>owner</Trans> : <Trans>member</Trans>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>{formatDate(i18n, user.created_at)}</td>
    </tr>
  );
}

export default function AdminUsersPage() {
  const { t } = useLingui();
  usePageTitle(t`Users`);
  const dialogs = useDialogs();
  const [asked, setAsked] = useListQuery();
  const [state, { reload, update }] = useLoad(JSON.stringify(["users", asked.q, asked.page]), () =>
    listUsers({ q: asked.q, page: asked.page }),
  );
  const manage = (team: TeamOfDialog) =>
    dialogs.open((close) => (
      <TeamDialog team={team} onClose={close} onChanged={(changed) => update((a) => withTeam(a, changed))} />
    ));

  return (
    <div className="admin-page">
      <AdminNav />
      <h1>
        <Trans>Users</Trans>
      </h1>
      <SearchForm
        key={asked.q}
        initial={asked.q}
        label={t`Search by e-mail or name`}
        onSearch={(q) => setAsked({ q, page: 1 })}
      />
      {state.status === "loading" && <Loading />}
      {state.status === "error" && <LoadError error={state.error} onRetry={reload} />}
      {state.status === "ready" &&
        (state.data.data.length === 0 ? (
          <Empty>
            {asked.q ? <Trans>Nobody matches “{asked.q}”.</Trans> : <Trans>There are no users yet.</Trans>}
          </Empty>
        ) : (
          <>
            <p className="muted" role="status">
              <Plural value={state.data.meta.total} one="# user found" other="# users found" />
            </p>
            <div className="admin-table-wrap">
              <table className="data">
                <caption className="admin-visually-hidden">
                  <Trans>Users</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Name</Trans>
                    </th>
                    <th scope="col">
                      <Trans>E-mail</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Teams</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Registered</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {state.data.data.map((user) => (
                    <UserRow key={user._id} user={user} onManage={manage} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager meta={state.data.meta} onPage={(page) => setAsked({ page })} />
          </>
        ))}
    </div>
  );
}

/**
 * /admin/users (app-shell.md §2, admins only): people found by a part of their e-mail or name, newest first, a
 * page at a time, each with their teams; a team opens the dialog that sets its plan or freezes it.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "../../team/format";
import { WhenLoaded } from "../../team/states";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { AdminNav, PagedTable, SearchForm, useListQuery } from "./AdminNav";
import { type AdminUser, type ChangedTeam, listUsers, type UsersAnswer } from "./api";
import { type TeamOfDialog, TeamSummary, useTeamDialog } from "./TeamDialog";

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
  const [asked, setAsked] = useListQuery();
  const [state, { reload, update }] = useLoad(JSON.stringify(["users", asked.q, asked.page]), () =>
    listUsers({ q: asked.q, page: asked.page }),
  );
  const manage = useTeamDialog(update, withTeam);

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
      <WhenLoaded
        state={state}
        onRetry={reload}
        empty={asked.q ? <Trans>Nobody matches “{asked.q}”.</Trans> : <Trans>There are no users yet.</Trans>}
        isEmpty={(answer) => answer.data.length === 0}
      >
        {(answer) => (
          <PagedTable
            meta={answer.meta}
            found={<Plural value={answer.meta.total} one="# user found" other="# users found" />}
            caption={t`Users`}
            columns={[t`Name`, t`E-mail`, t`Teams`, t`Registered`]}
            onPage={(page) => setAsked({ page })}
          >
            {answer.data.map((user) => (
              <UserRow key={user._id} user={user} onManage={manage} />
            ))}
          </PagedTable>
        )}
      </WhenLoaded>
    </div>
  );
}

/**
 * /admin/contests (app-shell.md §2, admins only): every team's contests, drafts included, newest first, a page at
 * a time; filtered by status and by a part of the name. The team of a contest opens the dialog that sets its
 * plan or freezes it.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ContestStatusBadge, SandboxLabel } from "../../contest/badges";
import { type ContestStatus, STATUS_LABELS } from "../../contest/types";
import { formatDate } from "../../team/format";
import { WhenLoaded } from "../../team/states";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { AdminNav, PagedTable, SearchForm, useListQuery } from "./AdminNav";
import { type ChangedTeam, type ContestsAnswer, listContests } from "./api";
import { TeamSummary, useTeamDialog } from "./TeamDialog";

/** Every status a contest can have, in the order of its life (drafts first). */
export const ADMIN_STATUSES = ["draft", "planned", "started", "closed", "ended", "canceled"] as const;

function isStatus(s: string): s is ContestStatus {
  return s in STATUS_LABELS;
}

/** The contests answer with one team changed on every contest of it. */
export function withTeam(answer: ContestsAnswer, team: ChangedTeam): ContestsAnswer {
  return {
    ...answer,
    data: answer.data.map((c) =>
      c.team._id === team._id ? { ...c, team: { ...c.team, plan: team.plan, frozen: team.frozen } } : c,
    ),
  };
}

export default function AdminContestsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`All contests`);
  const [asked, setAsked] = useListQuery();
  const status =
    asked.status && (ADMIN_STATUSES as readonly string[]).includes(asked.status) ? asked.status : "";
  const [state, { reload, update }] = useLoad(JSON.stringify(["contests", asked.q, asked.page, status]), () =>
    listContests({ q: asked.q, page: asked.page, status }),
  );
  const manage = useTeamDialog(update, withTeam);

  return (
    <div className="admin-page">
      <AdminNav />
      <h1>
        <Trans>All contests</Trans>
      </h1>
      <div className="admin-filters">
        <div className="admin-field">
          <label htmlFor="admin-status">
            <Trans>Status</Trans>
          </label>
          <select
            id="admin-status"
            value={status}
            onChange={(e) => setAsked({ status: e.target.value, page: 1 })}
          >
            <option value="">{t`Every status`}</option>
            {ADMIN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._(STATUS_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
        <SearchForm
          key={asked.q}
          initial={asked.q}
          label={t`Search by contest name`}
          onSearch={(q) => setAsked({ q, page: 1 })}
        />
      </div>
      <WhenLoaded
        state={state}
        onRetry={reload}
        empty={<Trans>No contest matches.</Trans>}
        isEmpty={(answer) => answer.data.length === 0}
      >
        {(answer) => (
          <PagedTable
            meta={answer.meta}
            found={<Plural value={answer.meta.total} one="# contest found" other="# contests found" />}
            caption={t`Contests of every team`}
            columns={[t`Name`, t`Status`, t`Team`, t`Entries`, t`Created`]}
            onPage={(page) => setAsked({ page })}
          >
            {answer.data.map((c) => (
              <tr key={c._id}>
                <th scope="row">
                  {c.name}
                  {c.sandbox && (
                    <>
                      {" "}
                      <SandboxLabel />
                    </>
                  )}
                </th>
                <td>{isStatus(c.status) ? <ContestStatusBadge status={c.status} /> : c.status}</td>
                <td>
                  <TeamSummary team={c.team} onManage={() => manage(c.team)} />
                </td>
                <td>{i18n.number(c.entries_count)}</td>
                <td>{formatDate(i18n, c.created_at)}</td>
              </tr>
            ))}
          </PagedTable>
        )}
      </WhenLoaded>
    </div>
  );
}

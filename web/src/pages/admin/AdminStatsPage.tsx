/**
 * /admin/stats (app-shell.md §2, admins only): the counts of GET /admin/stats — users, teams by plan (every plan
 * of plans.json, legacy ones included), frozen teams, contests by status, entries loaded, and the last 7 days'
 * sign-ins and active users — each table with its headers.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { DataTable } from "../../components/DataTable";
import { STATUS_LABELS } from "../../contest/types";
import { WhenLoaded } from "../../team/states";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { AdminNav } from "./AdminNav";
import { type AdminStats, loadStats } from "./api";
import { planName } from "./TeamDialog";

function statusLabel(i18n: ReturnType<typeof useLingui>["i18n"], status: string): string {
  const label = (STATUS_LABELS as Record<string, (typeof STATUS_LABELS)["draft"] | undefined>)[status];
  return label ? i18n._(label) : status;
}

function Figures({ stats }: { stats: AdminStats }) {
  const { t, i18n } = useLingui();
  const n = (value: number) => i18n.number(value);
  return (
    <div className="admin-stats">
      <section className="card" aria-labelledby="stats-people">
        <h2 id="stats-people">
          <Trans>People</Trans>
        </h2>
        <dl>
          <dt>
            <Trans>Users</Trans>
          </dt>
          <dd>{n(stats.users.total)}</dd>
          <dt>
            <Trans>Administrators</Trans>
          </dt>
          <dd>{n(stats.users.admins)}</dd>
          <dt>
            <Trans>Deleted accounts</Trans>
          </dt>
          <dd>{n(stats.users.deleted)}</dd>
          <dt>
            <Trans>Sign-ins, last 7 days</Trans>
          </dt>
          <dd>{n(stats.sign_ins_7d)}</dd>
          <dt>
            <Trans>Active users, last 7 days</Trans>
          </dt>
          <dd>{n(stats.active_users_7d)}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="stats-teams">
        <h2 id="stats-teams">
          <Trans>Teams</Trans>
        </h2>
        <dl>
          <dt>
            <Trans>Teams</Trans>
          </dt>
          <dd>{n(stats.teams.total)}</dd>
          <dt>
            <Trans>Frozen teams</Trans>
          </dt>
          <dd>{n(stats.teams.frozen)}</dd>
        </dl>
        <DataTable columns={[t`Plan`, t`Teams`]}>
          {Object.entries(stats.teams.by_plan).map(([plan, count]) => (
            <tr key={plan}>
              <th scope="row">{planName(plan)}</th>
              <td>{n(count)}</td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section className="card" aria-labelledby="stats-contests">
        <h2 id="stats-contests">
          <Trans>Contests</Trans>
        </h2>
        <dl>
          <dt>
            <Trans>Contests</Trans>
          </dt>
          <dd>{n(stats.contests.total)}</dd>
          <dt>
            <Trans>Entries loaded</Trans>
          </dt>
          <dd>{n(stats.entries)}</dd>
        </dl>
        <DataTable columns={[t`Status`, t`Contests`]}>
          {Object.entries(stats.contests.by_status).map(([status, count]) => (
            <tr key={status}>
              <th scope="row">{statusLabel(i18n, status)}</th>
              <td>{n(count)}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}

export default function AdminStatsPage() {
  const { t } = useLingui();
  usePageTitle(t`Statistics`);
  const [state, { reload }] = useLoad("stats", loadStats);
  return (
    <div className="admin-page">
      <AdminNav />
      <div className="admin-heading">
        <h1>
          <Trans>Statistics</Trans>
        </h1>
        <button type="button" className="button small" onClick={reload} disabled={state.status === "loading"}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      <WhenLoaded state={state} onRetry={reload}>
        {(stats) => <Figures stats={stats} />}
      </WhenLoaded>
    </div>
  );
}

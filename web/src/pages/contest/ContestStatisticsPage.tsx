/**
 * /contest/:contestId/statistics (issue 8): entries over time (a chart described in words, and its table), the
 * filters' funnel and the entries of each source. Needs the plan's contest.statistics: without it the page shows
 * the star and the upgrade text, and calls nothing.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { ContestFrame } from "../../contest/ContestFrame";
import type { ContestData } from "../../contest/types";
import { fetchStatistics } from "../../lifecycle/api";
import { CallFailed } from "../../lifecycle/CallFailed";
import "../../lifecycle/lifecycle.css";
import { DataTable } from "../../components/DataTable";
import { ProviderMark } from "../../components/ProviderMark";
import { Funnel } from "../../lifecycle/Funnel";
import { OverTimeChart } from "../../lifecycle/OverTimeChart";
import { useCall } from "../../lifecycle/useCall";
import { useContestUpdates } from "../../realtime/RealtimeProvider";
import { useSession } from "../../session/session";
import { FeatureStar } from "../../widgets/FeatureStar";

export default function ContestStatisticsPage() {
  const { t } = useLingui();
  const session = useSession();
  const allowed = session.hasFeature("contest.statistics");
  return (
    <ContestFrame title={t`Statistics`}>
      {(contest) =>
        allowed ? (
          <StatisticsView contest={contest} />
        ) : (
          <section className="card upgrade-card" aria-labelledby="stats-upgrade">
            <h2 id="stats-upgrade" className="with-star">
              <Trans>Statistics</Trans> <FeatureStar />
            </h2>
            <p>
              <Trans>
                See when people entered, how many entries each filter removed and how each source did: contest
                statistics come with a higher plan.
              </Trans>
            </p>
            <Link className="button primary" to="/team/subscription">
              <Trans>See the plans</Trans>
            </Link>
          </section>
        )
      }
    </ContestFrame>
  );
}

function StatisticsView({ contest }: { contest: ContestData }) {
  const { t, i18n } = useLingui();
  const stats = useCall(() => fetchStatistics(contest._id), [contest._id]);
  useContestUpdates(contest._id, () => void stats.reload());

  if (stats.error && !stats.data) return <CallFailed error={stats.error} retry={() => void stats.reload()} />;
  if (!stats.data) {
    return (
      <p className="page-state" role="status">
        <Trans>Loading the statistics…</Trans>
      </p>
    );
  }
  const data = stats.data;
  const sourceName = (sourceId: string) => {
    const index = contest.sources.findIndex((s) => s._id === sourceId);
    return index >= 0 ? t`Source ${index + 1}` : sourceId;
  };
  return (
    <div className="stack lifecycle-page">
      <section className="card" aria-labelledby="stats-totals">
        <h2 id="stats-totals">
          <Trans>Entries</Trans>
        </h2>
        {data.entries_loaded_at === null ? (
          <p className="muted">
            <Trans>No entries loaded yet: the statistics fill in once they are.</Trans>
          </p>
        ) : (
          <dl className="stat-totals">
            <div>
              <dt>
                <Trans>Entries</Trans>
              </dt>
              <dd>{i18n.number(data.entries)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Valid</Trans>
              </dt>
              <dd>{i18n.number(data.valid)}</dd>
            </div>
          </dl>
        )}
      </section>

      <section className="card" aria-labelledby="stats-time">
        <h2 id="stats-time">
          <Trans>Entries over time</Trans>
        </h2>
        <OverTimeChart data={data.over_time} />
      </section>

      <section className="card" aria-labelledby="stats-funnel">
        <h2 id="stats-funnel">
          <Trans>Filters</Trans>
        </h2>
        {data.funnel ? (
          <Funnel funnel={data.funnel} />
        ) : (
          <p className="muted">
            <Trans>The filters run when the entries are loaded.</Trans>
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="stats-sources">
        <h2 id="stats-sources">
          <Trans>By source</Trans>
        </h2>
        {data.per_source.length === 0 ? (
          <p className="muted">
            <Trans>This contest has no source.</Trans>
          </p>
        ) : (
          <div className="table-scroll">
            <DataTable className="contest-table" columns={[t`Source`, t`Entries`, t`Valid`]}>
              {data.per_source.map((s) => (
                <tr key={s.source_id}>
                  <th scope="row">
                    <ProviderMark provider={s.provider} withName /> {sourceName(s.source_id)}
                  </th>
                  <td>{i18n.number(s.entries)}</td>
                  <td>{i18n.number(s.valid)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * A shortlink's visits over time (plan feature shortlinks.statistics): a period to choose, then the visits per UTC
 * day as the contest statistics draw them (OverTimeChart: a chart described in words, and its table), with the
 * visitors new that day inside each bar.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { OverTimeChart } from "../lifecycle/OverTimeChart";
import { getShortlinkStatistics, type ShortlinkStatistics } from "./api";
import { WhenLoaded } from "./states";
import { useLoad } from "./useLoad";
import "./shortlink-visits.css";

/** The periods to choose from, in days ending today; the first shown is the API's default (30). */
export const VISIT_PERIODS = [7, 30, 90, 365] as const;
type Period = (typeof VISIT_PERIODS)[number];
const DEFAULT_PERIOD: Period = 30;

const DAY_MS = 86_400_000;

/** The last `days` UTC days, today included, as the API's from/to. */
export function lastDays(days: number, now: Date): { from: string; to: string } {
  const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: utcDay(now.getTime() - (days - 1) * DAY_MS), to: utcDay(now.getTime()) };
}

export function ShortlinkVisits({
  shortlinkId,
  headingLevel = 3,
}: {
  shortlinkId: string;
  /** One below the statistics heading. */
  headingLevel?: 3 | 4;
}) {
  const { t } = useLingui();
  const id = useId();
  const Heading = headingLevel === 4 ? "h4" : "h3";
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const [stats, { reload }] = useLoad(`${shortlinkId}:${period}`, () =>
    getShortlinkStatistics(shortlinkId, lastDays(period, new Date())),
  );
  return (
    <section className="shortlink-visits" aria-labelledby={`${id}-title`}>
      <div className="shortlink-visits-head">
        <Heading id={`${id}-title`}>
          <Trans>Visits over time</Trans>
        </Heading>
        <label className="shortlink-visits-period">
          <Trans>Period</Trans>{" "}
          <select value={period} onChange={(e) => setPeriod(Number(e.target.value) as Period)}>
            {VISIT_PERIODS.map((days) => (
              <option key={days} value={days}>
                {t`Last ${days} days`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <WhenLoaded state={stats} onRetry={reload}>
        {(data) => <VisitsOverTime data={data} />}
      </WhenLoaded>
    </section>
  );
}

function VisitsOverTime({ data }: { data: ShortlinkStatistics }) {
  const { t, i18n } = useLingui();
  const visits = data.days.reduce((sum, d) => sum + d.visits, 0);
  const newVisitors = i18n.number(data.days.reduce((sum, d) => sum + d.uniq_visits, 0));
  if (visits === 0) {
    return (
      <p className="muted" role="status">
        <Trans>No visits in this period.</Trans>
      </p>
    );
  }
  return (
    <>
      <OverTimeChart
        data={{ unit: "day", buckets: data.days.map((d) => ({ at: d.day, entries: d.visits })) }}
        timeZone="UTC"
        wording={{
          counted: t`Visits`,
          empty: t`No visits in this period.`,
          summary: ({ first, last, total, peakAt, peak }) =>
            t`Visits per day from ${first} to ${last} (UTC): ${total} visits and ${newVisitors} new visitors in all; the busiest day, ${peakAt}, had ${peak} visits.`,
        }}
        second={{ counted: t`New visitors`, values: data.days.map((d) => d.uniq_visits) }}
      />
      <p className="muted shortlink-visits-note">
        <Trans>Days are UTC days. A visitor is new on the day of their first visit to this link.</Trans>
      </p>
    </>
  );
}

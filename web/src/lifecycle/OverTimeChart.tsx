/**
 * Entries over time as a bar chart: an SVG picture described in words (its period, total and busiest moment) for
 * screen readers, and the same numbers in a table below it. A chart of something else (a shortlink's visits)
 * gives its own words, and may add a second count drawn inside each bar (the new visitors among the visits),
 * with a legend and a column of the table.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { DataTable } from "../components/DataTable";
import "./over-time.css";

export type OverTime = { unit: "hour" | "day"; buckets: readonly { at: string; entries: number }[] };

/** The numbers a summary sentence is made of, formatted. */
export type OverTimeFacts = { first: string; last: string; total: string; peakAt: string; peak: string };

/** The words of a chart that counts something other than entries (each caller writes them with its own t). */
export type OverTimeWording = {
  /** What the bars count: their column's heading and the legend ("Visits"). */
  counted: string;
  /** Shown instead of the chart when there is no bucket. */
  empty: ReactNode;
  /** The sentence that describes the chart. */
  summary(facts: OverTimeFacts): string;
};

/** A second count per bucket, in the buckets' order and never above the first: drawn inside its bar. */
export type OverTimeSecond = { counted: string; values: readonly number[] };

const BAR = 10;
const GAP = 2;
const HEIGHT = 120;

export function OverTimeChart({
  data,
  wording,
  second,
  timeZone,
}: {
  data: OverTime;
  wording?: OverTimeWording;
  second?: OverTimeSecond;
  /** The time zone the buckets are counted in ("UTC" for UTC days); the browser's by default. */
  timeZone?: string;
}) {
  const { t, i18n } = useLingui();
  const { buckets, unit } = data;
  if (buckets.length === 0) {
    return <p className="muted">{wording ? wording.empty : <Trans>No entries yet.</Trans>}</p>;
  }
  const format = (iso: string) =>
    i18n.date(
      new Date(iso),
      unit === "hour"
        ? { dateStyle: "short", timeStyle: "short", timeZone }
        : { dateStyle: "medium", timeZone },
    );
  const max = Math.max(1, ...buckets.map((b) => b.entries));
  const total = buckets.reduce((sum, b) => sum + b.entries, 0);
  const peak = buckets.reduce(
    (best, b) => (b.entries > best.entries ? b : best),
    buckets[0] ?? { at: "", entries: 0 },
  );
  const first = buckets[0]?.at ?? "";
  const last = buckets[buckets.length - 1]?.at ?? "";
  const width = buckets.length * (BAR + GAP);
  const counted = wording ? wording.counted : t`Entries`;
  const summary = wording
    ? wording.summary({
        first: format(first),
        last: format(last),
        total: i18n.number(total),
        peakAt: format(peak.at),
        peak: i18n.number(peak.entries),
      })
    : unit === "hour"
      ? t`Entries per hour from ${format(first)} to ${format(last)}: ${i18n.number(total)} in all; the busiest hour, ${format(peak.at)}, had ${i18n.number(peak.entries)}.`
      : t`Entries per day from ${format(first)} to ${format(last)}: ${i18n.number(total)} in all; the busiest day, ${format(peak.at)}, had ${i18n.number(peak.entries)}.`;
  return (
    <figure className="over-time">
      <svg
        className="over-time-chart"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        {buckets.map((b, i) => {
          const h = (b.entries / max) * (HEIGHT - 4);
          const also = second?.values[i] ?? 0;
          const h2 = (Math.min(also, b.entries) / max) * (HEIGHT - 4);
          return (
            <g key={b.at}>
              <title>
                {second
                  ? `${format(b.at)}: ${counted} ${i18n.number(b.entries)}, ${second.counted} ${i18n.number(also)}`
                  : `${format(b.at)}: ${i18n.number(b.entries)}`}
              </title>
              <rect x={i * (BAR + GAP)} y={HEIGHT - h} width={BAR} height={h} rx={1.5} />
              {second && h2 > 0 && (
                <rect
                  className="over-time-second"
                  x={i * (BAR + GAP) + 2}
                  y={HEIGHT - h2}
                  width={BAR - 4}
                  height={h2}
                  rx={1}
                />
              )}
            </g>
          );
        })}
      </svg>
      {second && (
        <ul className="over-time-legend" aria-hidden="true">
          <li>
            <span className="over-time-swatch" /> {counted}
          </li>
          <li>
            <span className="over-time-swatch over-time-second" /> {second.counted}
          </li>
        </ul>
      )}
      <figcaption>{summary}</figcaption>
      <details className="over-time-numbers">
        <summary>
          <Trans>The numbers</Trans>
        </summary>
        <div className="table-scroll">
          <DataTable
            className="contest-table"
            columns={[unit === "hour" ? t`Hour` : t`Day`, counted, ...(second ? [second.counted] : [])]}
          >
            {buckets.map((b, i) => (
              <tr key={b.at}>
                <td>
                  <time dateTime={b.at}>{format(b.at)}</time>
                </td>
                <td>{i18n.number(b.entries)}</td>
                {second && <td>{i18n.number(second.values[i] ?? 0)}</td>}
              </tr>
            ))}
          </DataTable>
        </div>
      </details>
    </figure>
  );
}

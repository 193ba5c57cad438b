/**
 * Entries over time as a bar chart: an SVG picture described in words (its period, total and busiest moment) for
 * screen readers, and the same numbers in a table below it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { DataTable } from "../components/DataTable";

export type OverTime = { unit: "hour" | "day"; buckets: readonly { at: string; entries: number }[] };

const BAR = 10;
const GAP = 2;
const HEIGHT = 120;

export function OverTimeChart({ data }: { data: OverTime }) {
  const { t, i18n } = useLingui();
  const { buckets, unit } = data;
  if (buckets.length === 0) {
    return (
      <p className="muted">
        <Trans>No entries yet.</Trans>
      </p>
    );
  }
  const format = (iso: string) =>
    i18n.date(
      new Date(iso),
      unit === "hour" ? { dateStyle: "short", timeStyle: "short" } : { dateStyle: "medium" },
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
  const summary =
    unit === "hour"
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
          return (
            <rect key={b.at} x={i * (BAR + GAP)} y={HEIGHT - h} width={BAR} height={h} rx={1.5}>
              <title>{`${format(b.at)}: ${i18n.number(b.entries)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption>{summary}</figcaption>
      <details className="over-time-numbers">
        <summary>
          <Trans>The numbers</Trans>
        </summary>
        <div className="table-scroll">
          <DataTable className="contest-table" columns={[unit === "hour" ? t`Hour` : t`Day`, t`Entries`]}>
            {buckets.map((b) => (
              <tr key={b.at}>
                <td>
                  <time dateTime={b.at}>{format(b.at)}</time>
                </td>
                <td>{i18n.number(b.entries)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      </details>
    </figure>
  );
}

/**
 * The filters' funnel: how many entries were read, how many each filter removed (each removed entry counted once,
 * under its first reason) and how many are valid — a table with a bar per row, so it reads the same with or
 * without the picture. It says so when the numbers do not add up.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { FILTER_REASONS } from "../../../engine/lifecycle";
import type { FunnelData } from "./api";
import { ListReads } from "./ListReads";
import { ReasonBadge } from "./ReasonBadge";

export type { FunnelData };

/** The removed counts above zero, in the filters' order (unknown codes last). */
export function removedRows(removed: Record<string, number>): [string, number][] {
  const known = FILTER_REASONS.filter((r) => (removed[r] ?? 0) > 0).map((r): [string, number] => [
    r,
    removed[r] ?? 0,
  ]);
  const other = Object.entries(removed).filter(
    ([r, n]) => n > 0 && !(FILTER_REASONS as readonly string[]).includes(r),
  );
  return [...known, ...other];
}

export function funnelAddsUp(funnel: FunnelData): boolean {
  const removed = Object.values(funnel.removed).reduce((sum, n) => sum + n, 0);
  return funnel.total - removed === funnel.valid;
}

function Bar({ value, total }: { value: number; total: number }) {
  const share = total > 0 ? Math.max(0, Math.min(1, value / total)) : 0;
  return (
    <span className="funnel-bar" aria-hidden="true">
      <span style={{ inlineSize: `${(share * 100).toFixed(1)}%` }} />
    </span>
  );
}

export function Funnel({ funnel, title }: { funnel: FunnelData; title?: string }) {
  const { t, i18n } = useLingui();
  const rows = removedRows(funnel.removed);
  const n = (value: number) => i18n.number(value);
  return (
    <div className="funnel">
      <table className="funnel-table">
        <caption>{title ?? t`How the filters sorted the entries`}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Step</Trans>
            </th>
            <th scope="col">
              <Trans>Entries</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Share</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="funnel-total">
            <th scope="row">
              <Trans>Entries read</Trans>
            </th>
            <td>{n(funnel.total)}</td>
            <td>
              <Bar value={funnel.total} total={funnel.total} />
            </td>
          </tr>
          {rows.map(([reason, count]) => (
            <tr key={reason} className="funnel-removed" data-reason={reason}>
              <th scope="row">
                <Trans>Removed:</Trans> <ReasonBadge code={reason} />
              </th>
              <td>
                <span aria-hidden="true">−</span>
                <span className="visually-hidden">
                  <Trans>minus</Trans>
                </span>{" "}
                {n(count)}
              </td>
              <td>
                <Bar value={count} total={funnel.total} />
              </td>
            </tr>
          ))}
          <tr className="funnel-valid">
            <th scope="row">
              <Trans>Valid entries</Trans>
            </th>
            <td>{n(funnel.valid)}</td>
            <td>
              <Bar value={funnel.valid} total={funnel.total} />
            </td>
          </tr>
        </tbody>
      </table>
      {rows.length === 0 && funnel.total > 0 && (
        <p className="muted">
          <Trans>No filter removed any entry.</Trans>
        </p>
      )}
      {funnel.truncated && (
        <p className="notice">
          <Trans>
            The post had more entries than can be loaded: only the first {n(funnel.limit ?? funnel.total)}{" "}
            were read.
          </Trans>
        </p>
      )}
      <ListReads reads={funnel.lists ?? []} />
      {!funnelAddsUp(funnel) && (
        <p className="notice" role="alert">
          <Trans>These numbers do not add up: reload the page, and report it if it stays so.</Trans>
        </p>
      )}
    </div>
  );
}

/**
 * One entry in the entries table: the account (network, name, handle, a link to its profile, its counts), when it
 * entered (or was first seen, where the network dates nothing), what the filters said (valid, or the reasons that
 * removed it), its manual check and whether the draw picked it.
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check } from "lucide-react";
import { mentionOf, showsHandle } from "../../../engine/provider";
import { DataTable } from "../components/DataTable";
import { ProviderMark } from "../components/ProviderMark";
import { providerOf } from "../providers";
import type { Entry } from "./api";
import { profileUrlOf } from "./contest-rules";
import { EntrantCounts } from "./EntrantCounts";
import { ReasonList } from "./ReasonBadge";

export type ManualCheck = Entry["manual_check"]["status"];

const CHECK_LABELS: Record<ManualCheck, MessageDescriptor> = {
  pending: msg`Not checked`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
};

export function ManualCheckStatus({ status }: { status: ManualCheck }) {
  const { i18n } = useLingui();
  return (
    <span className={`check-status check-${status}`} data-check={status}>
      {i18n._(CHECK_LABELS[status])}
    </span>
  );
}

export function EntrantAccount({ account }: { account: Entry["account"] }) {
  const { t } = useLingui();
  const url = profileUrlOf({
    provider: account.provider,
    screen_name: account.screen_name,
    url: account.url,
  });
  // A network whose people have no @handle (a Facebook Page's commenters) shows the name alone, as its posts do.
  const handle = showsHandle(providerOf(account.provider));
  const mention = mentionOf(providerOf(account.provider), account);
  const link = (text: string) =>
    url ? (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t`${mention}'s profile (opens in a new tab)`}
      >
        {text}
      </a>
    ) : (
      text
    );
  return (
    <span className="entrant-account">
      <ProviderMark provider={account.provider} />
      <span>
        <span className="entrant-name">{handle ? account.name : link(account.name)}</span>
        {handle && <> {url ? link(mention) : <span className="muted">{mention}</span>}</>}
        <EntrantCounts account={account} />
      </span>
    </span>
  );
}

export function EntrantRow({
  entry,
  onReview,
}: {
  entry: Entry;
  /** Opens the manual check; absent when the person may not check (plan, permission, drawn contest). */
  onReview?: (entry: Entry) => void;
}) {
  const { t, i18n } = useLingui();
  const entered = entry.first_at ? new Date(entry.first_at) : null;
  return (
    <tr data-entrant={entry._id} data-valid={entry.valid}>
      <td>
        <EntrantAccount account={entry.account} />
      </td>
      <td>
        {entered && !Number.isNaN(entered.getTime()) ? (
          <time dateTime={entry.first_at}>
            {i18n.date(entered, { dateStyle: "medium", timeStyle: "short" })}
          </time>
        ) : null}
        {entry.first_seen && (
          // The network dates none of the entrant's actions (a Bluesky repost): the time is the load's.
          <span className="entry-first-seen muted">
            <Trans>first seen</Trans>
          </span>
        )}
      </td>
      <td>
        {entry.valid ? (
          <span className="entry-valid">
            <Check size={14} aria-hidden="true" /> <Trans>Valid</Trans>
          </span>
        ) : (
          <ReasonList codes={entry.reasons} />
        )}
      </td>
      <td>
        <ManualCheckStatus status={entry.manual_check.status} />
        {entry.manual_check.status === "rejected" && <ReasonList codes={entry.manual_check.reasons} />}
      </td>
      <td>
        {entry.winner ? (
          <span className="result-badge winner">
            <Trans>Winner</Trans>
          </span>
        ) : entry.substitute ? (
          <span className="result-badge substitute">
            <Trans>Substitute</Trans>
          </span>
        ) : null}
      </td>
      <td>
        {onReview && (
          <button
            type="button"
            className="button small"
            onClick={() => onReview(entry)}
            aria-label={t`Review ${entry.account.name}`}
          >
            <Trans>Review</Trans>
          </button>
        )}
      </td>
    </tr>
  );
}

export function EntriesTable({
  entries,
  caption,
  onReview,
}: {
  entries: readonly Entry[];
  caption: string;
  onReview?: (entry: Entry) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="table-scroll">
      <DataTable
        className="contest-table entries-table"
        caption={caption}
        columns={[t`Entrant`, t`Entered`, t`Filters`, t`Manual check`, t`Result`, { hidden: t`Actions` }]}
      >
        {entries.map((entry) => (
          <EntrantRow
            key={`${entry._id}:${entry.position}`}
            entry={entry}
            onReview={onReview && entry.valid ? onReview : undefined}
          />
        ))}
      </DataTable>
    </div>
  );
}

/**
 * /contest/:contestId/publish (outside production only): what the sandbox driver "published" for this contest —
 * the main publication, reminders, the closing and winners publications, replies and private messages — so a
 * whole contest can be rehearsed end to end (decisions.md "Social networks"). Newest first.
 * GET /teams/current/contests/{id}/publications.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ContestFrame } from "../../contest/ContestFrame";
import type { ContestData } from "../../contest/types";
import { CallFailed } from "../../lifecycle/CallFailed";
import "../../lifecycle/lifecycle.css";
import { ProviderMark } from "../../components/ProviderMark";
import { fetchPublications, type Publication } from "../../lifecycle/publications";
import { useCall } from "../../lifecycle/useCall";
import { useContestUpdates } from "../../realtime/RealtimeProvider";

const KIND_LABELS: Record<string, MessageDescriptor> = {
  main: msg`Contest publication`,
  reminder: msg`Reminder`,
  closing: msg`Closing publication`,
  winners: msg`Winners publication`,
  winning_moment_won: msg`Instant win: won`,
  winning_moment_lost: msg`Instant win: lost`,
  private_message: msg`Private message`,
};

export default function ContestPublishPage() {
  const { t } = useLingui();
  return (
    <ContestFrame title={t`Publications`}>{(contest) => <PublishView contest={contest} />}</ContestFrame>
  );
}

function PublicationItem({ item }: { item: Publication }) {
  const { i18n } = useLingui();
  const label = KIND_LABELS[item.kind];
  const at = item.published_at;
  return (
    <li className="publication" data-kind={item.kind}>
      <p className="publication-head">
        <ProviderMark provider={item.provider} />
        <strong>{label ? i18n._(label) : item.kind}</strong>
        <span className="muted">
          {item.status === "published" ? (
            <Trans>published</Trans>
          ) : item.status === "refused" ? (
            <Trans>not delivered: the recipient does not accept private messages from this account</Trans>
          ) : (
            <Trans>being published</Trans>
          )}
          {at && (
            <>
              {" "}
              <time dateTime={at}>
                {i18n.date(new Date(at), { dateStyle: "medium", timeStyle: "short" })}
              </time>
            </>
          )}
        </span>
      </p>
      {item.recipient && (
        <p className="muted">
          <Trans>To {item.recipient}</Trans>
        </p>
      )}
      {item.in_reply_to && (
        <p className="muted">
          <Trans>In reply to {item.in_reply_to}</Trans>
        </p>
      )}
      <p className="publication-text">{item.text}</p>
    </li>
  );
}

function PublishView({ contest }: { contest: ContestData }) {
  const publications = useCall(() => fetchPublications(contest._id), [contest._id]);
  useContestUpdates(contest._id, () => void publications.reload());
  // The API lists them oldest first: the newest is shown first.
  const list = [...(publications.data ?? [])].reverse();
  return (
    <section className="card lifecycle-page" aria-labelledby="publish-list">
      <h2 id="publish-list">
        <Trans>What was published</Trans>
      </h2>
      {contest.sandbox ? (
        <p className="notice info">
          <Trans>
            This contest runs in the sandbox: nothing reaches the network. Here is what would have been
            published, as it would have been.
          </Trans>
        </p>
      ) : (
        <p className="notice">
          <Trans>This contest publishes on the network for real.</Trans>
        </p>
      )}
      {publications.error && !publications.data ? (
        <CallFailed error={publications.error} retry={() => void publications.reload()} />
      ) : !publications.data ? (
        <p role="status">
          <Trans>Loading the publications…</Trans>
        </p>
      ) : list.length === 0 ? (
        <p className="muted">
          <Trans>Nothing published yet.</Trans>
        </p>
      ) : (
        <ol className="publications">
          {list.map((p) => (
            <PublicationItem key={p._id} item={p} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The contest preview (app-shell.md §2, contest-builder.md §2): name, type and status badges, the sources in
 * short and the timeline, with previous/next navigation through the contests list (buttons, or ← and → when no
 * field has the focus) and a link to the contest's full page (/contest/{id}/). The neighbours come with the
 * contest (?with=prev-next); a contest the server updates is reloaded (load_contest).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import { DirectionArrow } from "../components/DirectionArrow";
import { ContestStatusBadge, ContestTypeBadge, SandboxLabel } from "../contest/badges";
import { ContestTimeline } from "../contest/ContestTimeline";
import { SourcesSummary } from "../contest/SourcesSummary";
import { type ContestData, contestPath } from "../contest/types";
import { type ContestLoader, useContest } from "../contest/useContest";
import { Modal } from "./Modal";

/** The preview's body, from a contest given as data. */
export function ContestPreview({ contest }: { contest: ContestData }) {
  const { t, i18n } = useLingui();
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="contest-preview">
      <p className="contest-badges">
        <ContestTypeBadge type={contest.type} />
        <ContestStatusBadge status={contest.status} />
        {contest.sandbox && <SandboxLabel />}
      </p>
      <dl className="contest-facts">
        {contest.start_at && (
          <>
            <dt>
              <Trans>Starts</Trans>
            </dt>
            <dd>{date(contest.start_at)}</dd>
          </>
        )}
        {contest.close_at && (
          <>
            <dt>
              <Trans>Closes</Trans>
            </dt>
            <dd>{date(contest.close_at)}</dd>
          </>
        )}
        <dt>
          <Trans>Entries</Trans>
        </dt>
        <dd>{contest.entries_count.toLocaleString(i18n.locale)}</dd>
      </dl>
      <h3>
        <Trans>Sources</Trans>
      </h3>
      <SourcesSummary contest={contest} />
      <h3>
        <Trans>Timeline</Trans>
      </h3>
      <ContestTimeline contest={contest} />
      <span className="visually-hidden">{t`Use the left and right arrow keys to see the previous or next contest.`}</span>
    </div>
  );
}

export type ContestPreviewDialogProps = {
  contestId: string;
  onClose(): void;
  /** Replaces the API call in stories. */
  load?: ContestLoader;
};

export function ContestPreviewDialog({ contestId, onClose, load }: ContestPreviewDialogProps) {
  const { t } = useLingui();
  const [id, setId] = useState(contestId);
  const { contest, loading, error } = useContest(id, load);
  const shown = contest && contest._id === id ? contest : null;
  const prevId = shown?.prev_id ?? null;
  const nextId = shown?.next_id ?? null;

  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === "ArrowLeft" && prevId) {
      e.preventDefault();
      setId(prevId);
    } else if (e.key === "ArrowRight" && nextId) {
      e.preventDefault();
      setId(nextId);
    }
  };

  return (
    <Modal
      title={shown?.name ?? t`Contest`}
      onClose={onClose}
      size="large"
      onKey={onKey}
      footer={
        <nav className="preview-nav" aria-label={t`Contests`}>
          <button type="button" className="button" disabled={!prevId} onClick={() => prevId && setId(prevId)}>
            <DirectionArrow way="back" /> <Trans>Previous contest</Trans>
          </button>
          <Link to={contestPath(id)} className="button primary" onClick={onClose}>
            <Trans>Full page</Trans>
          </Link>
          <button type="button" className="button" disabled={!nextId} onClick={() => nextId && setId(nextId)}>
            <Trans>Next contest</Trans> <DirectionArrow way="forward" />
          </button>
        </nav>
      }
    >
      {shown ? (
        <ContestPreview contest={shown} />
      ) : loading ? (
        <p role="status">
          <Trans>Loading the contest…</Trans>
        </p>
      ) : error ? (
        <p role="alert" className="field-error">
          {error instanceof Error ? error.message : t`The contest could not be loaded.`}
        </p>
      ) : null}
    </Modal>
  );
}

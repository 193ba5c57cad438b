/**
 * The frame of the contest lifecycle pages (entries, statistics, drawing, publish): the contest's header (its
 * name is the page's h1), with the loading and error states of the contest call; the page's own content below.
 */
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { ApiError } from "../api/errors";
import { ContestHeader } from "../contest/ContestHeader";
import "../contest/contests.css";
import type { ContestData } from "../contest/types";
import type { ContestState } from "../contest/useContest";
import { ErrorPage } from "../pages/ErrorPage";
import { usePageTitle } from "../usePageTitle";
import "./lifecycle.css";

export function ContestFrame({
  state,
  title,
  children,
}: {
  state: ContestState;
  /** The page's name: the title reads "{title} · {contest}". */
  title: string;
  children: (contest: ContestData) => ReactNode;
}) {
  const { contest, loading, error, reload } = state;
  usePageTitle(contest ? `${title} · ${contest.name}` : title);
  if (!contest) {
    if (loading) {
      return (
        <p className="page-state" role="status">
          <Trans>Loading the contest…</Trans>
        </p>
      );
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      return <ErrorPage status={error.status} details={error.message} />;
    }
    return (
      <div className="page-state" role="alert">
        <h1>{title}</h1>
        <p>
          <Trans>The contest could not be loaded.</Trans> {error instanceof Error ? error.message : null}
        </p>
        <button type="button" className="button" onClick={() => void reload()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return (
    <>
      <ContestHeader contest={contest} />
      {children(contest)}
    </>
  );
}

/** A section's failed call, with the server's message and a retry. */
export function CallFailed({ error, retry }: { error: unknown; retry(): void }) {
  return (
    <div className="call-failed" role="alert">
      <p>
        <Trans>This part could not be loaded.</Trans> {error instanceof Error ? error.message : String(error)}
      </p>
      <button type="button" className="button small" onClick={retry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

/**
 * The frame of every contest page (/contest/:contestId/…: overview, settings, entries, statistics, drawing,
 * publish): it loads the contest of the route (useContest, reloaded on the server's pushes) and shows the loading
 * and error states of that call, then the contest's header (its name is the page's h1) and the page's content.
 */
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { ApiError } from "../api/errors";
import { ErrorPage } from "../pages/ErrorPage";
import { usePageTitle } from "../usePageTitle";
import { ContestHeader } from "./ContestHeader";
import "./contests.css";
import { Skeleton } from "../components/Skeleton";
import type { ContestData } from "./types";
import { useContest } from "./useContest";

export function ContestFrame({
  title,
  titleOf = (contest) => `${title} · ${contest.name}`,
  children,
}: {
  /** The page's name: the title while the contest loads, and the heading when it fails to. */
  title: string;
  /** The title once the contest is there; "{title} · {contest}" unless said. */
  titleOf?(contest: ContestData): string;
  children: (contest: ContestData, reload: () => Promise<void>) => ReactNode;
}) {
  const { contestId = "" } = useParams();
  const { contest, loading, error, reload } = useContest(contestId);
  usePageTitle(contest ? titleOf(contest) : title);
  if (!contest) {
    if (loading) {
      return <Skeleton lines={6} label={<Trans>Loading the contest…</Trans>} />;
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
      {children(contest, reload)}
    </>
  );
}

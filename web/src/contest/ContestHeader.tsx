/** A contest page's header: its name (the page's h1), badges and links to the previous and next contests. */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { DirectionArrow } from "../components/DirectionArrow";
import { ContestStatusBadge, ContestTypeBadge, SandboxLabel } from "./badges";
import { type ContestData, contestPath } from "./types";

export function ContestHeader({ contest }: { contest: ContestData }) {
  const { t } = useLingui();
  return (
    <header className="page-head contest-head">
      <div>
        <h1>{contest.name}</h1>
        <p className="contest-badges">
          <ContestTypeBadge type={contest.type} />
          <ContestStatusBadge status={contest.status} />
          {contest.sandbox && <SandboxLabel />}
          {contest.paid_contest && (
            <span className="contest-badge">
              <Trans>One-shot</Trans>
            </span>
          )}
        </p>
      </div>
      <nav className="page-actions" aria-label={t`Other contests`}>
        {contest.prev_id ? (
          <Link className="button small" to={contestPath(contest.prev_id)} rel="prev">
            <DirectionArrow way="back" /> <Trans>Previous contest</Trans>
          </Link>
        ) : null}
        {contest.next_id ? (
          <Link className="button small" to={contestPath(contest.next_id)} rel="next">
            <Trans>Next contest</Trans> <DirectionArrow way="forward" />
          </Link>
        ) : null}
      </nav>
    </header>
  );
}

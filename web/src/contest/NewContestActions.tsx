/**
 * The ways to make a new contest, as the contests pages and the dashboard offer them: create one in the builder
 * (`onCreate`), a quick draw (team.contests.import_contests) and checking a post. What the plan's quotas block says
 * so here, before the builder or the import opens (team/quota-gate.tsx): the builder while neither a contest nor
 * a draft could be saved, the quick draw once this month's imports are used.
 */
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { useSession } from "../session/session";
import { fullQuota, QuotaReason, useQuotaUsage } from "../team/quota-gate";

export function NewContestActions({ onCreate }: { onCreate(): void }) {
  const session = useSession();
  const usage = useQuotaUsage();
  const contestsFull = fullQuota(usage, "contests");
  // A plan without the contest builder buys a one-shot contest from it (a draft for payment, in no quota).
  const createBlocked =
    session.hasFeature("contestBuilder") && contestsFull !== null && fullQuota(usage, "drafts") !== null;
  const importsFull = fullQuota(usage, "imports");
  // A plan without imports buys one on the quick draw page itself (ImportPostForm), so that page stays open.
  const importBlocked = importsFull !== null && importsFull > 0;
  return (
    <>
      {session.can("team.contests.create_contests") && (
        <button
          type="button"
          className="button primary"
          onClick={onCreate}
          disabled={createBlocked}
          aria-describedby={createBlocked ? "create-contest-quota" : undefined}
        >
          <Trans>Create a contest</Trans>
        </button>
      )}
      {session.can("team.contests.import_contests") &&
        (importBlocked ? (
          <button type="button" className="button" disabled aria-describedby="quick-draw-quota">
            <Trans>Quick draw</Trans>
          </button>
        ) : (
          <Link className="button" to="/contests/quickdraw">
            <Trans>Quick draw</Trans>
          </Link>
        ))}
      <Link className="button" to="/contests/check">
        <Trans>Check a post</Trans>
      </Link>
      {createBlocked && contestsFull !== null && (
        <QuotaReason id="create-contest-quota" name="contests" limit={contestsFull} />
      )}
      {importBlocked && <QuotaReason id="quick-draw-quota" name="imports" limit={importsFull} />}
    </>
  );
}

/** /contests/ (app-shell.md §2): the team's contests, with the ways to make a new one. */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useBuilder } from "../../builder/BuilderHost";
import { ContestsList } from "../../contest/ContestsList";
import "../../contest/contests.css";
import { useSession } from "../../session/session";
import { usePageTitle } from "../../usePageTitle";

export function ContestsHeader({ title }: { title: string }) {
  const session = useSession();
  const builder = useBuilder();
  return (
    <div className="page-head">
      <h1>{title}</h1>
      <div className="page-actions">
        {session.can("team.contests.create_contests") && (
          <button type="button" className="button primary" onClick={() => builder.open()}>
            <Trans>Create a contest</Trans>
          </button>
        )}
        {session.can("team.contests.import_contests") && (
          <Link className="button" to="/contests/quickdraw">
            <Trans>Quick draw</Trans>
          </Link>
        )}
        <Link className="button" to="/contests/check">
          <Trans>Check a post</Trans>
        </Link>
      </div>
    </div>
  );
}

export default function ContestsPage() {
  const { t } = useLingui();
  usePageTitle(t`Contests`);
  return (
    <>
      <ContestsHeader title={t`Contests`} />
      <ContestsList />
    </>
  );
}

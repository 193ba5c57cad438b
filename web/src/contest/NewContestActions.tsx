/**
 * The ways to make a new contest, as the contests pages and the dashboard offer them: create one in the builder
 * (`onCreate`), a quick draw (team.contests.import_contests) and checking a post.
 */
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { useSession } from "../session/session";

export function NewContestActions({ onCreate }: { onCreate(): void }) {
  const session = useSession();
  return (
    <>
      {session.can("team.contests.create_contests") && (
        <button type="button" className="button primary" onClick={onCreate}>
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
    </>
  );
}

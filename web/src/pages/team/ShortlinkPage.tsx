/**
 * /team/shortlinks/{key} (app-shell.md §2; team.shortlinks.view_shortlink): one shortlink — the link to copy,
 * where it leads, and its visit statistics with their days (plan feature shortlinks.statistics). `?domain=` picks
 * the domain when the same key exists on several; without it the newest shortlink with that key is shown.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams, useSearchParams } from "react-router";
import { useSession, useUser } from "../../session/session";
import { getShortlink } from "../../team/api";
import { ShortlinkDetails } from "../../team/ShortlinkDetails";
import { STATISTICS_FEATURE } from "../../team/shortlinks";
import { LoadError, Loading, NotAllowed } from "../../team/states";
import "../../team/team.css";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";

export default function ShortlinkPage() {
  const { t } = useLingui();
  const { key = "" } = useParams();
  const [search] = useSearchParams();
  const domain = search.get("domain");
  usePageTitle(t`Shortlink ${key}`);
  const user = useUser();
  const session = useSession();
  const canView = session.can("team.shortlinks.view_shortlink");
  const [link, { reload }] = useLoad(`${user.currentTeam._id}:${key}:${domain ?? ""}:${canView}`, () =>
    canView ? getShortlink(key, domain) : Promise.resolve(null),
  );

  return (
    <div className="team-page">
      <p>
        <Link to="/team/shortlinks">
          <Trans>All shortlinks</Trans>
        </Link>
      </p>
      <h1 dir="auto">
        <Trans>Shortlink {key}</Trans>
      </h1>
      {!canView ? (
        <NotAllowed>
          <Trans>You don't have the permission to see the team's shortlinks.</Trans>
        </NotAllowed>
      ) : link.status === "loading" ? (
        <Loading />
      ) : link.status === "error" ? (
        link.error.status === 404 ? (
          <p role="alert">
            <Trans>This shortlink does not exist in this team.</Trans>
          </p>
        ) : (
          <LoadError error={link.error} onRetry={reload} />
        )
      ) : (
        link.data && (
          <section className="card">
            <ShortlinkDetails
              shortlink={link.data}
              statistics={session.hasFeature(STATISTICS_FEATURE)}
              headingLevel={2}
              overTime
            />
          </section>
        )
      )}
    </div>
  );
}

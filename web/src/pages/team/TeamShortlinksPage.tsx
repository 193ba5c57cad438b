/**
 * /team/shortlinks (app-shell.md §2, §3, §7; team.shortlinks.view_shortlink): every shortlink of the team,
 * newest first, with its visits and unique visitors (plan feature shortlinks.statistics), copy and view; create
 * one with team.shortlinks.create_shortlink.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { CreateShortlinkDialog } from "../../dialogs/CreateShortlinkDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { useSession, useUser } from "../../session/session";
import { listShortlinks } from "../../team/api";
import { formatDate, shortlinkPath, shortUrl } from "../../team/format";
import { STATISTICS_FEATURE } from "../../team/shortlinks";
import { NotAllowed, WhenLoaded } from "../../team/states";
import "../../team/team.css";
import { DataTable } from "../../components/DataTable";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { CopyButton } from "../../widgets/CopyButton";
import { FeatureStar } from "../../widgets/FeatureStar";

export default function TeamShortlinksPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Shortlinks`);
  const user = useUser();
  const session = useSession();
  const dialogs = useDialogs();
  const canView = session.can("team.shortlinks.view_shortlink");
  const canCreate = session.can("team.shortlinks.create_shortlink");
  const statistics = session.hasFeature(STATISTICS_FEATURE);
  const [links, { reload, update }] = useLoad(`${user.currentTeam._id}:${canView}`, () =>
    canView ? listShortlinks() : Promise.resolve([]),
  );

  const create = () =>
    dialogs.open((close) => (
      <CreateShortlinkDialog
        onClose={close}
        onCreated={(s) => update((list) => [s, ...list.filter((x) => x._id !== s._id)])}
      />
    ));

  return (
    <div className="team-page">
      <div className="team-page-head">
        <h1>
          <Trans>Shortlinks</Trans>
        </h1>
        {canCreate && (
          <button type="button" className="button primary" onClick={create}>
            <Trans>Create a shortlink</Trans>
          </button>
        )}
      </div>
      {!statistics && (
        <p className="muted">
          <Trans>Visit statistics come with a higher plan.</Trans>
          <FeatureStar />
        </p>
      )}
      {!canView ? (
        <NotAllowed>
          <Trans>You don't have the permission to see the team's shortlinks.</Trans>
        </NotAllowed>
      ) : (
        <WhenLoaded state={links} onRetry={reload} empty={<Trans>The team has no shortlink yet.</Trans>}>
          {(list) => (
            <DataTable
              caption={t`The team's shortlinks, newest first`}
              columns={[
                t`Shortlink`,
                t`Leads to`,
                ...(statistics ? [t`Visits`, t`Unique visitors`] : []),
                t`Created`,
                t`Actions`,
              ]}
            >
              {list.map((s) => {
                const url = shortUrl(s);
                return (
                  <tr key={s._id} data-shortlink={s._id}>
                    <td>
                      <Link to={shortlinkPath(s)} dir="ltr">
                        {url}
                      </Link>
                      {s.type === "custom" && <span className="team-label">{t`Chosen key`}</span>}
                    </td>
                    <td className="team-long-url">
                      <a href={s.url} target="_blank" rel="noreferrer noopener" dir="ltr">
                        {s.url}
                      </a>
                    </td>
                    {statistics && (
                      <>
                        <td>{i18n.number(s.nb_visits)}</td>
                        <td>{i18n.number(s.nb_uniq_visits)}</td>
                      </>
                    )}
                    <td>{formatDate(i18n, s.created_at)}</td>
                    <td>
                      <CopyButton text={url} label={t`Copy ${url}`} />
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
        </WhenLoaded>
      )}
    </div>
  );
}

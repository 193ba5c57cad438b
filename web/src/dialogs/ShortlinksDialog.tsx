/**
 * Manage shortlinks (app-shell.md §2, §9; the S shortcut): the team's last 5 shortlinks, each to copy or view,
 * a button to create one (team.shortlinks.create_shortlink) and a way to the full list.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { Shortlink } from "../../../codegen/types";
import { useSession } from "../session/session";
import { listShortlinks } from "../team/api";
import { shortUrl } from "../team/format";
import { SHORTLINKS_LISTED, STATISTICS_FEATURE } from "../team/shortlinks";
import { NotAllowed, WhenLoaded } from "../team/states";
import "../team/team.css";
import { useLoad } from "../team/useLoad";
import { CopyButton } from "../widgets/CopyButton";
import { CreateShortlinkDialog } from "./CreateShortlinkDialog";
import { useDialogs } from "./DialogHost";
import { Modal } from "./Modal";
import { ShortlinkViewDialog } from "./ShortlinkViewDialog";

export function ShortlinksDialog({
  onClose,
  shortlinks: given,
}: {
  onClose(): void;
  /** The last shortlinks when the caller has them (stories); loaded otherwise. */
  shortlinks?: Shortlink[];
}) {
  const { t } = useLingui();
  const session = useSession();
  const dialogs = useDialogs();
  const canView = session.can("team.shortlinks.view_shortlink");
  const canCreate = session.can("team.shortlinks.create_shortlink");
  const [loaded, { reload }] = useLoad(given ? "given" : canView ? "last" : "none", () =>
    given ? Promise.resolve(given) : canView ? listShortlinks(SHORTLINKS_LISTED) : Promise.resolve([]),
  );

  const create = () => dialogs.open((close) => <CreateShortlinkDialog onClose={close} />);
  const view = (s: Shortlink) =>
    dialogs.open((close) => <ShortlinkViewDialog shortlink={s} onClose={close} />);

  return (
    <Modal
      title={t`Shortlinks`}
      onClose={onClose}
      footer={
        <>
          {canView && (
            <Link to="/team/shortlinks" className="button" onClick={onClose}>
              <Trans>See them all</Trans>
            </Link>
          )}
          {canCreate && (
            <button type="button" className="button primary" onClick={create}>
              <Trans>Create a shortlink</Trans>
            </button>
          )}
        </>
      }
    >
      {!canView ? (
        <NotAllowed>
          <Trans>You don't have the permission to see the team's shortlinks.</Trans>
        </NotAllowed>
      ) : (
        <WhenLoaded state={loaded} onRetry={reload} empty={<Trans>The team has no shortlink yet.</Trans>}>
          {(list) => (
            <>
              <h3 className="team-list-title">
                <Trans>The last {SHORTLINKS_LISTED} shortlinks</Trans>
              </h3>
              <ul className="team-shortlink-list">
                {list.slice(0, SHORTLINKS_LISTED).map((s) => (
                  <ShortlinkRow
                    key={s._id}
                    shortlink={s}
                    onView={() => view(s)}
                    statistics={session.hasFeature(STATISTICS_FEATURE)}
                  />
                ))}
              </ul>
            </>
          )}
        </WhenLoaded>
      )}
    </Modal>
  );
}

function ShortlinkRow({
  shortlink,
  onView,
  statistics,
}: {
  shortlink: Shortlink;
  onView(): void;
  statistics: boolean;
}) {
  const { t } = useLingui();
  const url = shortUrl(shortlink);
  const visits = shortlink.nb_visits;
  return (
    <li>
      <div className="team-shortlink-row">
        <span className="team-short-url" dir="ltr">
          {url}
        </span>
        <span className="team-long-url muted" dir="ltr">
          {shortlink.url}
        </span>
        {statistics && (
          <span className="muted">
            <Plural value={visits} one="# visit" other="# visits" />
          </span>
        )}
      </div>
      <div className="team-row-actions">
        <CopyButton text={url} label={t`Copy ${url}`} />
        <button type="button" className="button small" onClick={onView} aria-label={t`View ${url}`}>
          <Trans>View</Trans>
        </button>
      </div>
    </li>
  );
}

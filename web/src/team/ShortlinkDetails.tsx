/**
 * One shortlink (app-shell.md §3): the short link to copy, where it leads, its type and date, and its visits
 * (plan feature shortlinks.statistics, else the star), with their days on its page (`overTime`). Shared by the
 * view dialog and /team/shortlinks/{key}.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Shortlink } from "../../../codegen/types";
import { BuilderLink } from "../builder/navigate";
import { CopyButton } from "../widgets/CopyButton";
import { FeatureStar } from "../widgets/FeatureStar";
import { formatDate, shortUrl } from "./format";
import { ShortlinkVisits } from "./ShortlinkVisits";
import "./team.css";

export function ShortlinkDetails({
  shortlink,
  statistics,
  headingLevel = 3,
  overTime = false,
}: {
  shortlink: Shortlink;
  /** The team holds shortlinks.statistics. */
  statistics: boolean;
  /** 3 inside a dialog (titled by an h2), 2 on a page. */
  headingLevel?: 2 | 3;
  /** Also the visits per day (a call of its own): on the shortlink's page. */
  overTime?: boolean;
}) {
  const { t, i18n } = useLingui();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const url = shortUrl(shortlink);
  const visits = shortlink.nb_visits;
  const unique = shortlink.nb_uniq_visits;
  return (
    <div className="shortlink-details">
      <p className="team-short-url">
        <a href={url} target="_blank" rel="noreferrer noopener" dir="ltr">
          {url}
        </a>{" "}
        <CopyButton text={url} label={t`Copy the shortlink`} />
      </p>
      <dl className="team-details">
        <dt>
          <Trans>Leads to</Trans>
        </dt>
        <dd className="team-long-url">
          <a href={shortlink.url} target="_blank" rel="noreferrer noopener" dir="ltr">
            {shortlink.url}
          </a>
        </dd>
        <dt>
          <Trans>Key</Trans>
        </dt>
        <dd>{shortlink.type === "custom" ? t`Chosen` : t`Random`}</dd>
        <dt>
          <Trans>Created</Trans>
        </dt>
        <dd>{formatDate(i18n, shortlink.created_at, true)}</dd>
      </dl>
      <section className="team-shortlink-stats" aria-label={t`Statistics`}>
        <Heading>
          <Trans>Statistics</Trans>
          {!statistics && <FeatureStar />}
        </Heading>
        {statistics ? (
          <>
            <dl className="team-stats">
              <div>
                <dt>
                  <Trans>Visits</Trans>
                </dt>
                <dd>{i18n.number(visits)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Unique visitors</Trans>
                </dt>
                <dd>{i18n.number(unique)}</dd>
              </div>
            </dl>
            {overTime && (
              <ShortlinkVisits shortlinkId={shortlink._id} headingLevel={headingLevel === 2 ? 3 : 4} />
            )}
          </>
        ) : (
          <>
            <p className="muted">
              <Trans>Visit statistics come with a higher plan.</Trans>
            </p>
            {overTime && (
              <>
                <p>
                  <Trans>
                    See how many people opened this link each day, and how many of them came for the first
                    time.
                  </Trans>
                </p>
                <BuilderLink className="button primary" to="/team/subscription">
                  <Trans>See the plans</Trans>
                </BuilderLink>
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/**
 * /contest/:contestId/entries (issue 8): the contest's entries — valid and removed in two tabs, with the reasons
 * that removed each (translated), the filters' funnel, pages of 50, the CSV download (export_entries; the plan's
 * exportEntries, else the upgrade alert), loading the entries of a classic contest (consent on the first load
 * only) and the manual check of each valid entrant (draw.manualCheck).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ContestFrame } from "../../contest/ContestFrame";
import type { ContestData } from "../../contest/types";
import { useLoadEntries } from "../../contest/useLoadEntries";
import { useDialogs } from "../../dialogs/DialogHost";
import { ManualCheckDialog } from "../../dialogs/ManualCheckDialog";
import { type Entry, exportEntries, fetchEntries, saveFile } from "../../lifecycle/api";
import { CallFailed } from "../../lifecycle/CallFailed";
import "../../lifecycle/lifecycle.css";
import { Pagination } from "../../components/Pagination";
import { commentTermsOf, manualCheckReasonsOf } from "../../lifecycle/contest-rules";
import { EntriesTable } from "../../lifecycle/EntrantRow";
import { Funnel } from "../../lifecycle/Funnel";
import { useCall } from "../../lifecycle/useCall";
import { useContestUpdates } from "../../realtime/RealtimeProvider";
import { useSession } from "../../session/session";
import { useErrorHandler } from "../../shell/useErrorHandler";
import { FeatureStar } from "../../widgets/FeatureStar";

const ENTRIES_PER_PAGE = 50;

export default function ContestEntriesPage() {
  const { t } = useLingui();
  return (
    <ContestFrame title={t`Entries`}>
      {(contest, reload) => <EntriesView contest={contest} reloadContest={reload} />}
    </ContestFrame>
  );
}

function EntriesView({ contest, reloadContest }: { contest: ContestData; reloadContest(): Promise<void> }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const [params] = useSearchParams();
  const tab = params.get("valid") === "false" ? "invalid" : "valid";
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const entries = useCall(
    () => fetchEntries(contest._id, { valid: tab === "valid", page, perPage: ENTRIES_PER_PAGE }),
    [contest._id, tab, page],
  );
  useContestUpdates(contest._id, () => void entries.reload());
  const [exporting, setExporting] = useState(false);

  const drawn = contest.drawn_at !== null || contest.status === "ended";
  const canLoad =
    contest.type === "classic" &&
    (contest.status === "started" || contest.status === "closed") &&
    !drawn &&
    session.can("team.contests.load_entries");
  const canExport = session.can("team.contests.export_entries");
  const hasExport = session.hasFeature("exportEntries");
  const hasManualCheck = session.hasFeature("draw.manualCheck");
  const mayCheck =
    hasManualCheck &&
    session.can("team.contests.load_entries team.contests.do_finaldraw") &&
    !drawn &&
    contest.status !== "canceled";

  const meta = entries.data?.meta;
  const funnel = entries.data?.funnel ?? null;
  const loadedAt = meta?.entries_loaded_at ?? null;
  const total = meta?.total ?? 0;

  const load = useLoadEntries(contest, () => {
    void reloadContest();
    void entries.reload();
  });

  const download = async () => {
    setExporting(true);
    try {
      const { filename, blob } = await exportEntries(contest._id);
      saveFile(filename, blob);
    } catch (err) {
      onError(err);
    } finally {
      setExporting(false);
    }
  };

  const review = (entry: Entry) =>
    dialogs.open((close) => (
      <ManualCheckDialog
        contestId={contest._id}
        entry={entry}
        terms={commentTermsOf(contest, entry.source_id)}
        reasons={manualCheckReasonsOf(contest)}
        onClose={close}
        onProfileOpened={(id) =>
          entries.setData((data) =>
            data
              ? {
                  ...data,
                  data: data.data.map((e) =>
                    e._id === id ? { ...e, manual_check: { ...e.manual_check, profile_opened: true } } : e,
                  ),
                }
              : data,
          )
        }
        onDecided={(checked) => {
          close();
          entries.setData((data) =>
            data
              ? {
                  ...data,
                  data: data.data.map((e) =>
                    e._id === checked._id ? { ...e, manual_check: checked.manual_check } : e,
                  ),
                }
              : data,
          );
          void dialogs.alert({
            type: "success",
            title: checked.manual_check.status === "approved" ? t`Entrant approved` : t`Entrant rejected`,
          });
        }}
      />
    ));

  const tabLink = (valid: boolean) => `?valid=${valid}`;
  const pageLink = (n: number) => `?valid=${tab === "valid"}&page=${n}`;

  return (
    <div className="stack lifecycle-page">
      <section className="card" aria-labelledby="entries-actions">
        <h2 id="entries-actions">
          <Trans>Entries</Trans>
        </h2>
        {loadedAt ? (
          <p className="muted">
            <Trans>
              Last loaded{" "}
              <time dateTime={loadedAt}>
                {i18n.date(new Date(loadedAt), { dateStyle: "medium", timeStyle: "short" })}
              </time>
              .
            </Trans>
          </p>
        ) : null}
        <div className="page-actions">
          {canLoad && (
            <button type="button" className="button primary" onClick={load}>
              {contest.loaded_at === null ? (
                <Trans>Load the entries</Trans>
              ) : (
                <Trans>Load the entries again</Trans>
              )}
            </button>
          )}
          {canExport && (
            <span className="with-star">
              <button
                type="button"
                className="button"
                onClick={() => void download()}
                disabled={exporting}
                aria-busy={exporting}
              >
                {exporting ? <Trans>Preparing the file…</Trans> : <Trans>Download the entries (CSV)</Trans>}
              </button>
              {!hasExport && <FeatureStar />}
            </span>
          )}
        </div>
        {!hasManualCheck && (
          <p className="muted with-star">
            <FeatureStar /> <Trans>Checking entrants by hand before the draw comes with a higher plan.</Trans>
          </p>
        )}
      </section>

      {funnel && (
        <section className="card" aria-labelledby="entries-funnel">
          <h2 id="entries-funnel">
            <Trans>Filters</Trans>
          </h2>
          <Funnel funnel={funnel} />
        </section>
      )}

      <section className="card" aria-labelledby="entries-list">
        <h2 id="entries-list" className="visually-hidden">
          {tab === "valid" ? <Trans>Valid entries</Trans> : <Trans>Removed entries</Trans>}
        </h2>
        <nav className="status-tabs" aria-label={t`Which entries`}>
          <Link to={tabLink(true)} aria-current={tab === "valid" ? "page" : undefined}>
            <Trans context="entries tab">Valid</Trans>
            {meta && " "}
            {meta && <span className="tab-count">({i18n.number(meta.valid)})</span>}
          </Link>
          <Link to={tabLink(false)} aria-current={tab === "invalid" ? "page" : undefined}>
            <Trans>Removed</Trans>
            {meta && " "}
            {meta && <span className="tab-count">({i18n.number(meta.invalid)})</span>}
          </Link>
        </nav>

        {entries.error && !entries.data ? (
          <CallFailed error={entries.error} retry={() => void entries.reload()} />
        ) : !entries.data ? (
          <p className="page-state" role="status">
            <Trans>Loading the entries…</Trans>
          </p>
        ) : entries.data.data.length === 0 ? (
          <p className="page-state">
            {!loadedAt ? (
              contest.type === "tunnel" ? (
                <Trans>Entries show here as they come in while the contest runs.</Trans>
              ) : (
                <Trans>No entries loaded yet.</Trans>
              )
            ) : tab === "valid" ? (
              <Trans>No valid entry.</Trans>
            ) : (
              <Trans>No entry was removed.</Trans>
            )}
          </p>
        ) : (
          <>
            <EntriesTable
              entries={entries.data.data}
              caption={tab === "valid" ? t`Valid entries` : t`Removed entries`}
              onReview={mayCheck ? review : undefined}
            />
            <Pagination page={page} total={total} perPage={ENTRIES_PER_PAGE} hrefOf={pageLink} />
          </>
        )}
      </section>
    </div>
  );
}

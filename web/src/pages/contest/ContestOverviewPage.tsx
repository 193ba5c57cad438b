/**
 * /contest/:contestId/ (app-shell.md §2, §4): the contest's header (name, type and status badges, sandbox and
 * one-shot labels, links to the previous and next contests), the smart-action panel, the timeline, the sources,
 * and the actions the person may take (merge a classic contest, delete a planned contest or a draft, view its
 * JSON). Reloads when the server pushes a change to it (useContest).
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/errors";
import { useBuilder } from "../../builder/BuilderHost";
import type { LoadEntriesAnswer } from "../../contest/api";
import { ContestHeader } from "../../contest/ContestHeader";
import { ContestTimeline } from "../../contest/ContestTimeline";
import "../../contest/contests.css";
import { isEditable } from "../../contest/lifecycle";
import { SmartActionPanel, type SmartActionRights } from "../../contest/SmartActionPanel";
import { SourcesSummary } from "../../contest/SourcesSummary";
import { contestPath } from "../../contest/types";
import { useContest } from "../../contest/useContest";
import { DeleteContestDialog } from "../../dialogs/DeleteContestDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { LoadEntriesDialog } from "../../dialogs/LoadEntriesDialog";
import { MergeContestDialog } from "../../dialogs/MergeContestDialog";
import { ViewJsonDialog } from "../../dialogs/ViewJsonDialog";
import { useSession } from "../../session/session";
import { usePageTitle } from "../../usePageTitle";
import { FeatureStar } from "../../widgets/FeatureStar";
import { useNow } from "../../widgets/useNow";
import { ErrorPage } from "../ErrorPage";

const FINISHED = new Set(["ended", "canceled"]);

/** The panel re-renders every second for its countdowns; the rest of the page does not. */
function LivePanel(props: Omit<Parameters<typeof SmartActionPanel>[0], "now">) {
  const now = useNow(1000);
  return <SmartActionPanel {...props} now={now} />;
}

export default function ContestOverviewPage() {
  const { t } = useLingui();
  const { contestId = "" } = useParams();
  const { contest, loading, error, reload } = useContest(contestId);
  usePageTitle(contest?.name ?? t`Contest`);
  const session = useSession();
  const builder = useBuilder();
  const dialogs = useDialogs();
  const navigate = useNavigate();

  if (!contest) {
    if (loading) {
      return (
        <p className="page-state" role="status">
          <Trans>Loading the contest…</Trans>
        </p>
      );
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      return <ErrorPage status={error.status} details={error.message} />;
    }
    return (
      <div className="page-state" role="alert">
        <h1>
          <Trans>Contest</Trans>
        </h1>
        <p>
          <Trans>The contest could not be loaded.</Trans> {error instanceof Error ? error.message : null}
        </p>
        <button type="button" className="button" onClick={() => void reload()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }

  const draft = contest.status === "draft";
  const rights: SmartActionRights = {
    edit: session.can("team.contests.update_contests"),
    delete: session.can(draft ? "team.contests.delete_drafts" : "team.contests.delete_contests"),
    loadEntries: session.can("team.contests.load_entries"),
    openBuilder: session.can("team.contests.update_drafts team.contests.create_contests"),
    setup: session.can("team.contests.update_contests"),
  };
  const mergeable =
    contest.type === "classic" &&
    !FINISHED.has(contest.status) &&
    session.can("team.contests.update_contests");
  const canMerge = session.hasFeature("multiContests");

  const edit = () => {
    // The lock is checked again at the click: the panel may have been drawn a moment before it.
    if (isEditable(contest.start_at, Date.now())) builder.open({ kind: "planned", id: contest._id });
  };

  const remove = () =>
    dialogs.open((close) => (
      <DeleteContestDialog
        contest={contest}
        onClose={close}
        onDeleted={() => {
          close();
          void navigate("/contests/");
          void dialogs.alert({ type: "success", title: draft ? t`Draft deleted` : t`Contest deleted` });
        }}
      />
    ));

  const load = () =>
    dialogs.open((close) => (
      <LoadEntriesDialog
        contest={contest}
        onClose={close}
        onLoaded={(answer: LoadEntriesAnswer) => {
          close();
          void reload();
          void dialogs.alert({
            type: "success",
            title: t`Entries loaded`,
            description: answer.truncated
              ? plural(answer.loaded, {
                  one: "# entry loaded: the load stopped at its maximum.",
                  other: "# entries loaded: the load stopped at its maximum.",
                })
              : plural(answer.loaded, { one: "# entry loaded.", other: "# entries loaded." }),
          });
        }}
      />
    ));

  const merge = () =>
    dialogs.open((close) => (
      <MergeContestDialog
        contest={contest}
        onClose={close}
        onMerged={(target) => {
          close();
          void navigate(contestPath(target));
          void dialogs.alert({ type: "success", title: t`Merge done` });
        }}
      />
    ));

  const json = () =>
    dialogs.open((close) => <ViewJsonDialog title={t`Contest as JSON`} value={contest} onClose={close} />);

  return (
    <>
      <ContestHeader contest={contest} />
      <div className="contest-grid">
        <div className="stack">
          <LivePanel
            contest={contest}
            rights={rights}
            onEdit={edit}
            onDelete={remove}
            onLoadEntries={load}
            onOpenBuilder={() =>
              builder.open({ kind: "draft", id: contest._id, paid_contest: contest.paid_contest })
            }
          />
          <section className="card" aria-labelledby="contest-sources">
            <h2 id="contest-sources">
              <Trans>Sources</Trans>
            </h2>
            <SourcesSummary contest={contest} />
          </section>
        </div>
        <div className="stack">
          <section className="card" aria-labelledby="contest-timeline">
            <h2 id="contest-timeline">
              <Trans>Timeline</Trans>
            </h2>
            <ContestTimeline contest={contest} />
          </section>
          <section className="card" aria-labelledby="contest-more">
            <h2 id="contest-more">
              <Trans>More</Trans>
            </h2>
            <div className="page-actions">
              {mergeable &&
                (canMerge ? (
                  <button type="button" className="button" onClick={merge}>
                    <Trans>Merge into another contest</Trans>
                  </button>
                ) : (
                  <span>
                    <button type="button" className="button" disabled>
                      <Trans>Merge into another contest</Trans>
                    </button>{" "}
                    <FeatureStar />
                  </span>
                ))}
              <button type="button" className="button" onClick={json}>
                <Trans>View JSON</Trans>
              </button>
              <Link className="button" to={contestPath(contest._id, "settings")}>
                <Trans>Settings</Trans>
              </Link>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}

/**
 * /contest/:contestId/ (app-shell.md §2, §4): the contest's header (name, type and status badges, sandbox and
 * one-shot labels, links to the previous and next contests), the smart-action panel, the timeline, the sources,
 * and the actions the person may take (merge a classic contest, delete a planned contest or a draft, view its
 * JSON). Reloads when the server pushes a change to it (useContest).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "react-router";
import { useBuilder } from "../../builder/BuilderHost";
import { ContestFrame } from "../../contest/ContestFrame";
import { ContestTimeline } from "../../contest/ContestTimeline";
import { duplicateOrigin, isDuplicable, isEditable } from "../../contest/lifecycle";
import { SmartActionPanel, type SmartActionRights } from "../../contest/SmartActionPanel";
import { SourcesSummary } from "../../contest/SourcesSummary";
import { type ContestData, contestPath } from "../../contest/types";
import { useLoadEntries } from "../../contest/useLoadEntries";
import { DeleteContestDialog } from "../../dialogs/DeleteContestDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { MergeContestDialog } from "../../dialogs/MergeContestDialog";
import { ViewJsonDialog } from "../../dialogs/ViewJsonDialog";
import { useSession } from "../../session/session";
import { FeatureStar } from "../../widgets/FeatureStar";
import { useNow } from "../../widgets/useNow";

const FINISHED = new Set(["ended", "canceled"]);

/** The panel re-renders every second for its countdowns; the rest of the page does not. */
function LivePanel(props: Omit<Parameters<typeof SmartActionPanel>[0], "now">) {
  const now = useNow(1000);
  return <SmartActionPanel {...props} now={now} />;
}

export default function ContestOverviewPage() {
  const { t } = useLingui();
  return (
    <ContestFrame title={t`Contest`} titleOf={(contest) => contest.name}>
      {(contest, reload) => <Overview contest={contest} reload={reload} />}
    </ContestFrame>
  );
}

function Overview({ contest, reload }: { contest: ContestData; reload(): Promise<void> }) {
  const { t } = useLingui();
  const session = useSession();
  const builder = useBuilder();
  const dialogs = useDialogs();
  const navigate = useNavigate();

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
  const mayDuplicate = session.can("team.contests.create_drafts team.contests.create_contests");

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

  const load = useLoadEntries(contest, () => void reload());

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
            {isDuplicable(contest) && mayDuplicate && (
              <button type="button" className="button" onClick={() => builder.open(duplicateOrigin(contest))}>
                <Trans>Duplicate</Trans>
              </button>
            )}
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
  );
}

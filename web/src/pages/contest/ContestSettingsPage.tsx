/**
 * /contest/:contestId/settings (app-shell.md §2, §4 "classic not set up goes to settings"): the contest's draw
 * settings — winners, automatic draw, the filters and checks of its form — and its sources with the actions they
 * ask. The API has no call that changes a started or closed contest's settings (POST /teams/current/contests/{id}
 * only saves drafts and planned contests), so they are shown read-only here; a draft or a planned contest that
 * can still be edited opens in the builder.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import type { ContestBase } from "../../../../codegen/types";
import { ApiError } from "../../api/errors";
import { useBuilder } from "../../builder/BuilderHost";
import { ContestBaseCard } from "../../components/ContestBaseCard";
import { ContestHeader } from "../../contest/ContestHeader";
import "../../contest/contests.css";
import { isEditable } from "../../contest/lifecycle";
import { SourcesSummary } from "../../contest/SourcesSummary";
import { type ContestData, contestPath } from "../../contest/types";
import { useContest } from "../../contest/useContest";
import { useSession } from "../../session/session";
import { usePageTitle } from "../../usePageTitle";
import { useNow } from "../../widgets/useNow";
import { ErrorPage } from "../ErrorPage";

/** The builder form's base group, when the contest was made by the builder. */
function baseOf(contest: ContestData): ContestBase | null {
  const base = (contest.cb_data as { base?: unknown } | null | undefined)?.base;
  if (typeof base !== "object" || base === null) return null;
  const b = base as Partial<ContestBase>;
  return typeof b.name === "string" && b.manual_check && b.autodraw && b.exclude_previous_winners
    ? (base as ContestBase)
    : null;
}

export function ContestSettings({ contest, now }: { contest: ContestData; now: number }) {
  const { i18n } = useLingui();
  const session = useSession();
  const builder = useBuilder();
  const base = baseOf(contest);
  const { nb_winners, autodraw, is_setup } = contest.config;
  const draft = contest.status === "draft";
  const planned = contest.status === "planned";
  const editable =
    (draft && session.can("team.contests.update_drafts team.contests.create_contests")) ||
    (planned && session.can("team.contests.update_contests") && isEditable(contest.start_at, now));
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  return (
    <div className="contest-grid">
      <div className="stack">
        <section className="card" aria-labelledby="settings-draw">
          <h2 id="settings-draw">
            <Trans>Draw</Trans>
          </h2>
          <dl>
            <dt>
              <Trans>Winners</Trans>
            </dt>
            <dd>
              <Plural value={nb_winners} one="# winner" other="# winners" />
            </dd>
            <dt>
              <Trans>Automatic draw</Trans>
            </dt>
            <dd>
              {autodraw.enabled ? (
                autodraw.autodraw_at ? (
                  <Trans>On {date(autodraw.autodraw_at)}</Trans>
                ) : (
                  <Trans>On</Trans>
                )
              ) : (
                <Trans>Off</Trans>
              )}
            </dd>
            {contest.type === "classic" && (
              <>
                <dt>
                  <Trans>Entry verification</Trans>
                </dt>
                <dd>{is_setup ? <Trans>Set up</Trans> : <Trans>Not set up</Trans>}</dd>
              </>
            )}
          </dl>
        </section>
        {base && <ContestBaseCard base={base} />}
        <section className="card" aria-labelledby="settings-sources">
          <h2 id="settings-sources">
            <Trans>Sources</Trans>
          </h2>
          <SourcesSummary contest={contest} />
        </section>
      </div>
      <div className="stack">
        <section className="card" aria-labelledby="settings-edit">
          <h2 id="settings-edit">
            <Trans>Changing the settings</Trans>
          </h2>
          {editable ? (
            <>
              <p>
                <Trans>The settings of this contest are changed in the builder.</Trans>
              </p>
              <button
                type="button"
                className="button primary"
                onClick={() =>
                  builder.open(
                    draft
                      ? { kind: "draft", id: contest._id, paid_contest: contest.paid_contest }
                      : { kind: "planned", id: contest._id },
                  )
                }
              >
                <Trans>Edit in the builder</Trans>
              </button>
            </>
          ) : planned ? (
            <p>
              <Trans>This contest starts too soon to be edited: its settings are final.</Trans>
            </p>
          ) : contest.type === "classic" && !is_setup ? (
            <>
              <p role="note">
                <Trans>
                  The entry verification of a classic contest can't be set up from here yet: the draw uses the
                  settings above.
                </Trans>
              </p>
              {contest.status === "closed" && (
                <Link className="button primary" to={contestPath(contest._id, "drawing")}>
                  <Trans>Go to the drawing</Trans>
                </Link>
              )}
            </>
          ) : (
            <p role="note">
              <Trans>Once a contest has started, its settings can no longer be changed.</Trans>
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

export default function ContestSettingsPage() {
  const { t } = useLingui();
  const { contestId = "" } = useParams();
  const { contest, loading, error, reload } = useContest(contestId);
  usePageTitle(contest ? t`Settings of ${contest.name}` : t`Contest settings`);
  const now = useNow(15_000);

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
          <Trans>Contest settings</Trans>
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
  return (
    <>
      <ContestHeader contest={contest} />
      <ContestSettings contest={contest} now={now} />
    </>
  );
}

/**
 * /contest/:contestId/settings (app-shell.md §2, §4 "classic not set up goes to settings"): the contest's draw
 * settings — winners, automatic draw, the filters and checks of its form — and its sources with the actions they
 * ask. A draft or a planned contest that can still be edited opens in the builder. A classic (imported) contest
 * is set up here until it is drawn (SetupContestDialog: winners, previous winners, excluded accounts, bad words,
 * manual check; POST /teams/current/contests/{id}/setup); other started or closed contests are read-only.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ContestBase } from "../../../../codegen/types";
import { useBuilder } from "../../builder/BuilderHost";
import { ContestBaseCard } from "../../components/ContestBaseCard";
import { ContestFrame } from "../../contest/ContestFrame";
import { isEditable } from "../../contest/lifecycle";
import { SourcesSummary } from "../../contest/SourcesSummary";
import { type ContestData, contestPath } from "../../contest/types";
import { useDialogs } from "../../dialogs/DialogHost";
import { SetupContestDialog } from "../../dialogs/SetupContestDialog";
import { formatList } from "../../i18n/list";
import { MANUAL_CHECK_REASON_LABELS } from "../../lifecycle/reasons";
import { useSession } from "../../session/session";
import { useNow } from "../../widgets/useNow";

/** The builder form's base group, when the contest was made by the builder. */
function baseOf(contest: ContestData): ContestBase | null {
  const base = (contest.cb_data as { base?: unknown } | null | undefined)?.base;
  if (typeof base !== "object" || base === null) return null;
  const b = base as Partial<ContestBase>;
  return typeof b.name === "string" && b.manual_check && b.autodraw && b.exclude_previous_winners
    ? (base as ContestBase)
    : null;
}

/** A classic contest's setup (its cb_data.base holds only the setup's fields). */
type ClassicSetup = {
  exclude_previous_winners?: { enabled?: boolean; nb_months?: number };
  exclude_accounts?: { enabled?: boolean; list?: string[] };
  exclude_contains_badword?: { enabled?: boolean; list?: string[] };
  manual_check?: { enabled?: boolean; list?: string[] };
};

function classicSetupOf(contest: ContestData): ClassicSetup | null {
  if (contest.type !== "classic") return null;
  const base = (contest.cb_data as { base?: unknown } | null | undefined)?.base;
  return typeof base === "object" && base !== null ? (base as ClassicSetup) : null;
}

/** A classic contest may be set up while it runs or waits for its draw (the server's rule). */
export function canBeSetUp(contest: Pick<ContestData, "type" | "status" | "drawn_at">): boolean {
  return (
    contest.type === "classic" &&
    (contest.status === "started" || contest.status === "closed") &&
    contest.drawn_at === null
  );
}

/** What a classic contest's setup removes and checks, one line a filter in use. */
function ClassicSetupCard({ setup }: { setup: ClassicSetup }) {
  const { i18n } = useLingui();
  const reason = (r: string) => {
    const label = MANUAL_CHECK_REASON_LABELS[r];
    return label ? i18n._(label) : r;
  };
  const lines: [string, ReactNode][] = [];
  const prev = setup.exclude_previous_winners;
  if (prev?.enabled) {
    const months = prev.nb_months ?? 0;
    lines.push([
      "epw",
      <Plural
        key="epw"
        value={months}
        one="Winners of the last month removed"
        other="Winners of the last # months removed"
      />,
    ]);
  }
  if (setup.exclude_accounts?.enabled) {
    const list = formatList(i18n.locale, setup.exclude_accounts.list ?? []);
    lines.push(["ea", <Trans key="ea">Accounts removed: {list}</Trans>]);
  }
  if (setup.exclude_contains_badword?.enabled) {
    const list = formatList(i18n.locale, setup.exclude_contains_badword.list ?? [], "disjunction");
    lines.push(["bw", <Trans key="bw">Comments with these words removed: {list}</Trans>]);
  }
  if (setup.manual_check?.enabled) {
    const list = formatList(i18n.locale, (setup.manual_check.list ?? []).map(reason));
    lines.push(["mc", <Trans key="mc">Checked by hand; reasons to reject: {list}</Trans>]);
  }
  return (
    <section className="card" aria-labelledby="settings-setup">
      <h2 id="settings-setup">
        <Trans>Entry verification</Trans>
      </h2>
      {lines.length > 0 ? (
        <ul>
          {lines.map(([key, line]) => (
            <li key={key}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>
          <Trans>No filter: every valid entry can win.</Trans>
        </p>
      )}
    </section>
  );
}

export function ContestSettings({
  contest,
  now,
  onChanged,
}: {
  contest: ContestData;
  now: number;
  /** After a setup was saved (the page reloads the contest). */
  onChanged?(): void;
}) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const builder = useBuilder();
  const dialogs = useDialogs();
  const base = baseOf(contest);
  const setup = classicSetupOf(contest);
  const { nb_winners, autodraw, is_setup } = contest.config;
  const draft = contest.status === "draft";
  const planned = contest.status === "planned";
  const editable =
    (draft && session.can("team.contests.update_drafts team.contests.create_contests")) ||
    (planned && session.can("team.contests.update_contests") && isEditable(contest.start_at, now));
  const settable = canBeSetUp(contest);
  const mayUpdate = session.can("team.contests.update_contests");
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  const openSetup = () =>
    dialogs.open((close) => (
      <SetupContestDialog
        contest={contest}
        onClose={close}
        onSaved={() => {
          close();
          onChanged?.();
          void dialogs.alert({ type: "success", title: t`Contest set up` });
        }}
      />
    ));

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
        {setup && is_setup && <ClassicSetupCard setup={setup} />}
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
          ) : settable ? (
            <>
              <p>
                {is_setup ? (
                  <Trans>
                    You can change how the entries are verified until the winners are drawn: the filters run
                    again over the entries already loaded.
                  </Trans>
                ) : (
                  <Trans>
                    Set up how many winners to draw and how the entries are verified: previous winners,
                    excluded accounts, bad words, manual check.
                  </Trans>
                )}
              </p>
              <div className="page-actions">
                {mayUpdate ? (
                  <button
                    type="button"
                    className={is_setup ? "button" : "button primary"}
                    onClick={openSetup}
                  >
                    {is_setup ? <Trans>Change the setup</Trans> : <Trans>Set up the contest</Trans>}
                  </button>
                ) : (
                  <p className="muted" role="note">
                    <Trans>You don't have the permission to set up this contest.</Trans>
                  </p>
                )}
                {contest.status === "closed" && (
                  <Link
                    className={is_setup ? "button primary" : "button"}
                    to={contestPath(contest._id, "drawing")}
                  >
                    <Trans>Go to the drawing</Trans>
                  </Link>
                )}
              </div>
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
  const now = useNow(15_000);
  return (
    <ContestFrame title={t`Contest settings`} titleOf={(contest) => t`Settings of ${contest.name}`}>
      {(contest, reload) => <ContestSettings contest={contest} now={now} onChanged={() => void reload()} />}
    </ContestFrame>
  );
}

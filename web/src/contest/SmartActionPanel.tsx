/**
 * The smart-action panel (app-shell.md §4): the one thing to do next with a contest, by status and type.
 * - planned: edit (refused, with the reason, once the start is within the builder's lead window) and delete;
 * - started: load entries (classic) or view entries (tunnel);
 * - closed: a tunnel with autodraw shows the draw date; a tunnel without goes to drawing; a classic not set up
 *   goes to settings for entry verification (SetupContestDialog there; a started classic not set up links there
 *   too, beside its load); a classic set up goes to drawing;
 * - ended: the results; canceled: a text chosen by meta.cancel_reason.
 * Drafts and templates open in the builder. Presentational: the page passes what the person may do and the
 * handlers; links go to the contest's pages.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Countdown } from "../widgets/Countdown";
import { type SmartAction, START_LEAD_MS, smartActionOf } from "./lifecycle";
import { type ContestData, contestPath } from "./types";

export type SmartActionContest = Pick<
  ContestData,
  | "_id"
  | "status"
  | "type"
  | "start_at"
  | "close_at"
  | "loaded_at"
  | "drawn_at"
  | "config"
  | "meta"
  | "entries_count"
>;

/** What the person may do (session.can), decided by the page. */
export type SmartActionRights = {
  edit: boolean;
  delete: boolean;
  loadEntries: boolean;
  /** Open a draft or a template in the builder. */
  openBuilder: boolean;
  /** Set up a classic contest (update_contests); unknown counts as allowed: the settings page asks again. */
  setup?: boolean;
};

export type SmartActionHandlers = {
  onEdit?(): void;
  onDelete?(): void;
  onLoadEntries?(): void;
  onOpenBuilder?(): void;
};

/** Texts of the canceled panel by meta.cancel_reason; anything else reads the generic one. */
export const CANCEL_REASONS: Record<string, MessageDescriptor> = {
  merged: msg`This contest was merged into another contest: its sources and entries are there now.`,
  publication_failed: msg`This contest was canceled because its post could not be published.`,
  account_unlinked: msg`This contest was canceled because its publishing account was unlinked.`,
  post_deleted: msg`This contest was canceled because its post was deleted from the network.`,
  start_missed: msg`This contest was canceled because it could not start before its close date (a publishing account was missing or the team was frozen). Nothing was published.`,
};
const CANCELED_GENERIC = msg`This contest was canceled.`;

/** Minutes of the lead window, for the explanation of a refused edit. */
const LEAD_MINUTES = Math.round(START_LEAD_MS / 60_000);
/** The countdown to the edit lock shows in the last hour before it. */
const LOCK_COUNTDOWN_MS = 3_600_000;

export function SmartActionPanel({
  contest,
  now,
  rights,
  onEdit,
  onDelete,
  onLoadEntries,
  onOpenBuilder,
}: { contest: SmartActionContest; now: number; rights: SmartActionRights } & SmartActionHandlers) {
  const { t, i18n } = useLingui();
  const action: SmartAction = smartActionOf(contest, now);
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: "full", timeStyle: "short" });
  const to = (page: string) => contestPath(contest._id, page);

  let text: ReactNode;
  let buttons: ReactNode = null;
  switch (action.kind) {
    case "draft":
      text = <Trans>This is a draft: continue it in the builder, then create the contest.</Trans>;
      buttons = (
        <>
          <button
            type="button"
            className="button primary"
            disabled={!rights.openBuilder}
            onClick={onOpenBuilder}
          >
            <Trans>Continue in the builder</Trans>
          </button>
          {rights.delete && (
            <button type="button" className="button danger" onClick={onDelete}>
              <Trans>Delete the draft</Trans>
            </button>
          )}
        </>
      );
      break;
    case "template":
      text = <Trans>This is a template: start a new contest from it in the builder.</Trans>;
      buttons = (
        <button
          type="button"
          className="button primary"
          disabled={!rights.openBuilder}
          onClick={onOpenBuilder}
        >
          <Trans>Use this template</Trans>
        </button>
      );
      break;
    case "planned": {
      const lockAt = action.lockAt;
      const lockSoon = lockAt !== null && action.editable && Date.parse(lockAt) - now < LOCK_COUNTDOWN_MS;
      text = (
        <>
          <p>
            {contest.start_at ? (
              <Trans>This contest is planned: it starts on {date(contest.start_at)}.</Trans>
            ) : (
              <Trans>This contest is planned.</Trans>
            )}
          </p>
          {!action.editable && (
            <p className="smart-action-note" role="note">
              <Trans>
                It starts in less than {LEAD_MINUTES} minutes: it can no longer be edited. You can still
                delete it before it starts.
              </Trans>
            </p>
          )}
          {lockSoon && lockAt && (
            <p className="smart-action-note">
              <Trans>
                Editable for <Countdown to={lockAt} />
              </Trans>
            </p>
          )}
        </>
      );
      buttons = (
        <>
          {rights.edit && (
            <button
              type="button"
              className="button primary"
              disabled={!action.editable}
              onClick={onEdit}
              aria-describedby={action.editable ? undefined : `edit-locked-${contest._id}`}
            >
              <Trans>Edit</Trans>
            </button>
          )}
          {!action.editable && (
            <span id={`edit-locked-${contest._id}`} className="visually-hidden">
              {t`Editing is closed: the contest starts too soon.`}
            </span>
          )}
          {rights.delete && (
            <button type="button" className="button danger" onClick={onDelete}>
              <Trans>Delete</Trans>
            </button>
          )}
        </>
      );
      break;
    }
    case "load_entries":
      text = action.firstLoad ? (
        <Trans>The contest is running. Load its entries when you are ready to draw.</Trans>
      ) : (
        <Trans>
          <Plural value={contest.entries_count} one="# entry is loaded." other="# entries are loaded." /> Load
          them again to take the latest ones.
        </Trans>
      );
      buttons = (
        <>
          {rights.loadEntries ? (
            <button type="button" className="button primary" onClick={onLoadEntries}>
              {action.firstLoad ? <Trans>Load entries</Trans> : <Trans>Load entries again</Trans>}
            </button>
          ) : (
            <p className="muted">
              <Trans>You don't have the permission to load entries.</Trans>
            </p>
          )}
          {/* A classic contest can be set up before its entries are loaded: the filters apply at the load. */}
          {!contest.config.is_setup && rights.setup !== false && (
            <Link className="button" to={to("settings")}>
              <Trans>Set up entry verification</Trans>
            </Link>
          )}
        </>
      );
      break;
    case "view_entries":
      text = contest.close_at ? (
        <Trans>The contest is running until {date(contest.close_at)}: entries come in by themselves.</Trans>
      ) : (
        <Trans>The contest is running: entries come in by themselves.</Trans>
      );
      buttons = (
        <Link className="button primary" to={to("entries")}>
          <Trans>View entries</Trans>
        </Link>
      );
      break;
    case "autodraw":
      text = action.at ? (
        <>
          <p>
            <Trans>
              The contest is closed. The winners will be drawn automatically on {date(action.at)}.
            </Trans>
          </p>
          {Date.parse(action.at) > now && (
            <p>
              <Trans>
                Draw in <Countdown to={action.at} />
              </Trans>
            </p>
          )}
        </>
      ) : (
        <Trans>The contest is closed. The winners will be drawn automatically.</Trans>
      );
      buttons = (
        <Link className="button" to={to("entries")}>
          <Trans>View entries</Trans>
        </Link>
      );
      break;
    case "drawing":
      text = <Trans>The contest is closed: you can draw the winners.</Trans>;
      buttons = (
        <Link className="button primary" to={to("drawing")}>
          <Trans>Go to the drawing</Trans>
        </Link>
      );
      break;
    case "settings":
      text = <Trans>The entries are loaded. Set up how they are verified before drawing the winners.</Trans>;
      buttons =
        rights.setup === false ? (
          <>
            <p className="muted">
              <Trans>You don't have the permission to set up this contest.</Trans>
            </p>
            <Link className="button" to={to("settings")}>
              <Trans>See the settings</Trans>
            </Link>
          </>
        ) : (
          <Link className="button primary" to={to("settings")}>
            <Trans>Set up the contest</Trans>
          </Link>
        );
      break;
    case "results":
      text = <Trans>The winners are drawn.</Trans>;
      buttons = (
        <Link className="button primary" to={to("drawing")}>
          <Trans>See the results</Trans>
        </Link>
      );
      break;
    case "canceled":
      text = i18n._(action.reason ? (CANCEL_REASONS[action.reason] ?? CANCELED_GENERIC) : CANCELED_GENERIC);
      break;
  }

  // A closed classic contest can load its entries again until it is drawn (the newest entries, or after a merge).
  const reloadable =
    contest.type === "classic" &&
    contest.status === "closed" &&
    contest.drawn_at === null &&
    rights.loadEntries;
  if (reloadable && (action.kind === "settings" || action.kind === "drawing")) {
    buttons = (
      <>
        {buttons}
        <button type="button" className="button" onClick={onLoadEntries}>
          <Trans>Load entries again</Trans>
        </button>
      </>
    );
  }

  return (
    <section className="smart-action card" data-action={action.kind} aria-label={t`What to do next`}>
      <div className="smart-action-text">{typeof text === "string" ? <p>{text}</p> : text}</div>
      {buttons && <div className="smart-action-buttons">{buttons}</div>}
    </section>
  );
}

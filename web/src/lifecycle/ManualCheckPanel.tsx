/**
 * The manual check of one entrant (contest-builder.md §4): the reviewer opens the entrant's profile (a new tab)
 * first — approve and reject stay disabled until the server has recorded that opening (POST
 * …/entries/{entrantId}/profile, sent as the link opens the tab; an entry whose profile_opened says this user
 * opened it already starts unlocked); approve is possible only with no reason picked, reject only with at least
 * one; the entrant's comments are stepped through "x / n" with the contest's keywords (yellow) and prediction
 * answers (purple) marked. POST …/entries/{entrantId}/check {decision, reasons}: the server refuses it (422 on
 * opened_profile) unless the opening it recorded is this user's, and the panel then asks to open it again.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { errorMessage } from "../api/error-messages";
import { ApiError } from "../api/errors";
import { ProviderMark } from "../components/ProviderMark";
import { useErrorHandler } from "../shell/useErrorHandler";
import type { CheckBody, Entry, ProfileOpening } from "./api";
import { type CommentTerms, profileUrlOf } from "./contest-rules";
import { EntrantCounts } from "./EntrantCounts";
import { ManualCheckStatus } from "./EntrantRow";
import { HighlightedComment, HighlightLegend } from "./HighlightedComment";
import { ReasonList } from "./ReasonBadge";
import { reasonLabel } from "./reasons";

export type ManualCheckPanelProps = {
  entry: Entry;
  terms: CommentTerms;
  /** The reasons a reviewer may pick (manualCheckReasonsOf). */
  reasons: readonly string[];
  /** The call; answers the entry as checked. */
  decide(body: CheckBody): Promise<Entry>;
  onDecided(entry: Entry): void;
  /** Records that the reviewer opened the entrant's profile (the check needs it); answers its address. */
  openProfile(): Promise<ProfileOpening>;
  /** The opening is recorded (the list can remember it). */
  onProfileOpened?(): void;
  /** Why no decision can be taken (the contest is drawn, the person lacks the right); null when it can. */
  locked?: string | null;
};

export function ManualCheckPanel({
  entry,
  terms,
  reasons,
  decide,
  onDecided,
  openProfile,
  onProfileOpened,
  locked = null,
}: ManualCheckPanelProps) {
  const { t, i18n } = useLingui();
  const onError = useErrorHandler();
  const ids = { reasons: useId(), hint: useId(), comment: useId(), error: useId() };
  const [opened, setOpened] = useState(entry.manual_check.profile_opened === true);
  const [opening, setOpening] = useState(false);
  /** The address the server answered for the profile, once it did. */
  const [answeredUrl, setAnsweredUrl] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>(() =>
    entry.manual_check.status === "rejected"
      ? entry.manual_check.reasons.filter((r) => reasons.includes(r))
      : [],
  );
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const { account } = entry;
  const profile =
    answeredUrl ??
    profileUrlOf({
      provider: account.provider,
      screen_name: account.screen_name,
      url: account.url,
    });
  const comments = entry.manual_check.comments;
  const count = comments.length;
  const current = comments[Math.min(index, Math.max(0, count - 1))];
  const step = (by: number) => setIndex((i) => Math.min(Math.max(0, i + by), Math.max(0, count - 1)));
  const onCommentKey = (e: KeyboardEvent) => {
    const rtl = typeof document !== "undefined" && document.documentElement.dir === "rtl";
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      e.stopPropagation();
      step((e.key === "ArrowRight") !== rtl ? 1 : -1);
    }
  };

  const canDecide = opened && !opening && locked === null && busy === null && profile !== null;

  // The link opens the tab itself (no script between the click and the tab); the opening is recorded meanwhile.
  // Keyboard activation of a link is a click too. Nothing to record once nothing can be decided.
  const recordOpening = async () => {
    if (locked !== null || opening) return;
    setOpening(true);
    setFieldError(null);
    try {
      const answer = await openProfile();
      setAnsweredUrl(answer.profile_url);
      setOpened(true);
      onProfileOpened?.();
    } catch (err) {
      // What concerns this entrant stays in the panel (the dialog stays open); the rest is the shell's (§8).
      if (err instanceof ApiError && [0, 404, 409].includes(err.status))
        setFieldError(errorMessage(i18n, err));
      else onError(err);
    } finally {
      setOpening(false);
    }
  };
  const canApprove = canDecide && picked.length === 0;
  const canReject = canDecide && picked.length > 0;

  const submit = async (decision: CheckBody["decision"]) => {
    setBusy(decision);
    setFieldError(null);
    try {
      const checked = await decide({ decision, reasons: decision === "approve" ? [] : picked });
      onDecided(checked);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        // Someone else opened the profile since: the server holds their opening now, not this reviewer's.
        if (err.field("opened_profile")) setOpened(false);
        setFieldError(
          err.field("reasons") ?? err.field("opened_profile") ?? err.field("decision") ?? err.message,
        );
      } else {
        onError(err);
      }
    } finally {
      setBusy(null);
    }
  };

  const hint = locked
    ? locked
    : profile === null
      ? t`This account has no profile link: it cannot be checked by hand.`
      : opening
        ? t`Recording that you opened the profile…`
        : !opened
          ? t`Open the entrant's profile first: approve and reject unlock once it is open.`
          : picked.length === 0
            ? t`No reason picked: the entrant can be approved. Pick a reason to reject.`
            : t`A reason is picked: the entrant can be rejected. Clear the reasons to approve.`;

  return (
    <section
      className="manual-check"
      aria-label={t`Manual check of ${account.name}`}
      data-entrant={entry._id}
    >
      <header className="manual-check-head">
        <ProviderMark provider={account.provider} />
        <div>
          <strong>{account.name}</strong> <span className="muted">@{account.screen_name}</span>
          <EntrantCounts account={account} />
          <div>
            <ManualCheckStatus status={entry.manual_check.status} />
          </div>
        </div>
        {profile && (
          <a
            className="button"
            href={profile}
            target="_blank"
            rel="noopener noreferrer"
            aria-busy={opening}
            onClick={() => void recordOpening()}
            onAuxClick={(e) => {
              if (e.button === 1) void recordOpening();
            }}
          >
            <Trans>Open the profile</Trans>{" "}
            <span className="visually-hidden">
              <Trans>(opens in a new tab)</Trans>
            </span>
            <ExternalLink size={14} aria-hidden="true" />
          </a>
        )}
      </header>

      {entry.reasons.length > 0 && (
        <div className="manual-check-filters">
          <p className="muted">
            <Trans>Removed by the filters:</Trans>
          </p>
          <ReasonList codes={entry.reasons} />
        </div>
      )}

      <div className="manual-check-comments">
        {count === 0 || !current ? (
          <p className="muted">
            <Trans>This entrant wrote no comment.</Trans>
          </p>
        ) : (
          <>
            <HighlightLegend terms={terms} />
            <figure
              className="comment-viewer"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrows step through the comments from here
              tabIndex={0}
              onKeyDown={onCommentKey}
              aria-labelledby={ids.comment}
            >
              <figcaption id={ids.comment}>
                <Trans>
                  Comment {Math.min(index, count - 1) + 1} / {count}
                </Trans>
              </figcaption>
              <HighlightedComment text={current.text} terms={terms} />
            </figure>
            {count > 1 && (
              <div className="comment-nav">
                <button type="button" className="button small" onClick={() => step(-1)} disabled={index <= 0}>
                  <span aria-hidden="true">‹</span> <Trans>Previous comment</Trans>
                </button>
                <button
                  type="button"
                  className="button small"
                  onClick={() => step(1)}
                  disabled={index >= count - 1}
                >
                  <Trans>Next comment</Trans> <span aria-hidden="true">›</span>
                </button>
              </div>
            )}
          </>
        )}
      </div>

      <fieldset className="manual-check-reasons" disabled={locked !== null || busy !== null}>
        <legend id={ids.reasons}>
          <Trans>Reasons to reject</Trans>
        </legend>
        {reasons.map((code) => {
          const label = reasonLabel(code);
          return (
            <label key={code} className="check">
              <input
                type="checkbox"
                checked={picked.includes(code)}
                onChange={(e) =>
                  setPicked((list) => (e.target.checked ? [...list, code] : list.filter((r) => r !== code)))
                }
              />
              <span>{label ? i18n._(label) : code}</span>
            </label>
          );
        })}
      </fieldset>

      <p id={ids.hint} className="manual-check-hint" role="status">
        {hint}
      </p>
      {fieldError && (
        <p id={ids.error} className="field-error" role="alert">
          {fieldError}
        </p>
      )}
      <div className="dialog-actions manual-check-actions">
        <button
          type="button"
          className="button danger"
          disabled={!canReject}
          aria-describedby={ids.hint}
          aria-busy={busy === "reject"}
          onClick={() => void submit("reject")}
        >
          {busy === "reject" ? <Trans>Rejecting…</Trans> : <Trans>Reject</Trans>}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={!canApprove}
          aria-describedby={ids.hint}
          aria-busy={busy === "approve"}
          onClick={() => void submit("approve")}
        >
          {busy === "approve" ? <Trans>Approving…</Trans> : <Trans>Approve</Trans>}
        </button>
      </div>
    </section>
  );
}

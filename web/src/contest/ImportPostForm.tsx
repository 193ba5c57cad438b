/**
 * The quick-import form (app-shell.md §5 "Quick import name: required, 4 to 50 characters"): the post's preview,
 * its name, and POST /teams/current/contests/quickdraw {provider, matched, confirm: true, name}. The name is
 * checked by the engine with schemas/forms/quickdraw-import's rule before the call; the server's 422 shows at the
 * field. When the team has no imports — its plan has none (known beforehand from the team's quotas), or this
 * month's are used — the one-shot purchase is offered as a full-page link to
 * /checkout-session/one-shot/quickdraw?name=&provider=&matched=. An X (Twitter) post first shows the registration
 * notice, unless the person asked not to see it again.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ApiError } from "../api/errors";
import { useDialogs } from "../dialogs/DialogHost";
import {
  TwitterRegistrationNoticeDialog,
  twitterNoticeSeen,
} from "../dialogs/TwitterRegistrationNoticeDialog";
import { providerOf } from "../providers";
import { useErrorHandler } from "../shell/useErrorHandler";
import { importPost, type QuickdrawBody } from "./api";
import { PostPreview } from "./PostPreview";
import { type DetectedPost, importNameError, quickdrawCheckoutUrl } from "./providers";

/** The refusals that the one-shot purchase answers. */
export const NO_IMPORTS_LEFT: ReadonlySet<string> = new Set(["planNotSupported", "importsQuotaExceeded"]);

export type ImportPostFormProps = {
  post: DetectedPost;
  initialName?: string;
  onImported(contestId: string): void;
  onCancel?(): void;
  /** The team has no imports at all (its quotas say 0): the purchase replaces the import. */
  noImports?: boolean;
  /** Told when a call starts and ends (a dialog stays open meanwhile). */
  onBusy?(busy: boolean): void;
  /** The call, replaceable in stories. */
  submit?(body: QuickdrawBody): Promise<{ contest_id: string }>;
  /** Shown above the preview. */
  intro?: ReactNode;
  /** In a dialog the notice would replace the dialog itself: the page asks it before opening the dialog. */
  skipTwitterNotice?: boolean;
};

export function ImportPostForm({
  post,
  initialName = "",
  onImported,
  onCancel,
  noImports = false,
  onBusy,
  submit = importPost,
  intro,
  skipTwitterNotice = false,
}: ImportPostFormProps) {
  const { i18n } = useLingui();
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const nameId = useId();
  const errorId = useId();
  const [name, setName] = useState(initialName);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const trimmed = name.trim();
  const localError = tried ? importNameError(trimmed, i18n.locale) : null;
  const nameError = localError ?? serverError;
  const values = { name: trimmed, provider: post.provider, matched: post.url };
  const purchase = noImports || refusal !== null;

  const busy = (b: boolean) => {
    setRunning(b);
    onBusy?.(b);
  };

  const call = async () => {
    busy(true);
    try {
      const { contest_id } = await submit({ ...values, confirm: true });
      onImported(contest_id);
    } catch (err) {
      busy(false);
      if (err instanceof ApiError && NO_IMPORTS_LEFT.has(err.key)) setRefusal(err.message);
      else if (err instanceof ApiError && err.status === 422 && (err.field("name") || err.field("matched"))) {
        setServerError(err.field("name") ?? err.field("matched") ?? null);
      } else onError(err);
    }
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setServerError(null);
    if (importNameError(trimmed, i18n.locale)) return;
    if (providerOf(post.provider)?.ui.import_notice === true && !skipTwitterNotice && !twitterNoticeSeen()) {
      dialogs.open((close) => (
        <TwitterRegistrationNoticeDialog
          onClose={close}
          onContinue={() => {
            close();
            void call();
          }}
        />
      ));
      return;
    }
    void call();
  };

  return (
    <form className="import-form" onSubmit={send} noValidate>
      {intro}
      <PostPreview post={post} />
      <div className="field">
        <label htmlFor={nameId}>
          <Trans>Contest name</Trans>
        </label>
        <input
          id={nameId}
          type="text"
          value={name}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? errorId : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setServerError(null);
          }}
          disabled={running}
        />
        <p className="field-hint">
          <Trans>4 to 50 characters.</Trans>
        </p>
        {nameError && (
          <p id={errorId} className="field-error" role="alert">
            {nameError}
          </p>
        )}
      </div>
      {purchase && (
        <div className="notice" role={refusal ? "alert" : "note"}>
          <p>
            {refusal ?? (
              <Trans>Your plan includes no quick draw. Buy a one-shot quick draw to import this post.</Trans>
            )}
          </p>
          {importNameError(trimmed, i18n.locale) === null ? (
            <a className="button primary" href={quickdrawCheckoutUrl(values)}>
              <Trans>Buy a one-shot quick draw</Trans>
            </a>
          ) : (
            <p className="field-hint">
              <Trans>Name the contest first: the purchase keeps its name.</Trans>
            </p>
          )}
        </div>
      )}
      <div className="form-actions">
        {onCancel && (
          <button type="button" className="button" onClick={onCancel} disabled={running}>
            <Trans>Cancel</Trans>
          </button>
        )}
        {!noImports && (
          <button type="submit" className="button primary" disabled={running} aria-busy={running}>
            {running ? <Trans>Importing…</Trans> : <Trans>Import the post</Trans>}
          </button>
        )}
      </div>
    </form>
  );
}

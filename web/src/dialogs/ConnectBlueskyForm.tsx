/**
 * Connect a real Bluesky account (POST /teams/current/accounts/link with identifier and app_password, or an account
 * invite's POST /invites/{key}/accept with the same two fields): the handle
 * and an app password made on Bluesky for Fairdraw, with a link to Bluesky's app-password page and a plain
 * sentence on what Fairdraw does with it. Bluesky's refusals come back as 422s on the field they are about; any
 * other failure (Bluesky down, too many tries) is said inline above the button too, the handle and the password
 * kept, so the person can try again. Only the session and permission failures go to the shell.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Account } from "../../../codegen/types";
import { ApiError } from "../api/errors";
import { useErrorHandler } from "../shell/useErrorHandler";
import { connectAccount } from "../team/api";

/** Where a Bluesky user makes an app password. */
export const BLUESKY_APP_PASSWORDS_URL = "https://bsky.app/settings/app-passwords";

type Errors = { identifier?: string; app_password?: string };

export function ConnectBlueskyForm<R = Account>({
  provider,
  busy,
  setBusy,
  onConnected,
  connect: send = (identifier, appPassword) =>
    connectAccount(provider, identifier, appPassword) as Promise<R>,
}: {
  provider: string;
  busy: boolean;
  setBusy(busy: boolean): void;
  onConnected(result: R): void;
  /** The call that connects (the team's link by default; an account invite's accept on the invite page). */
  connect?: (identifier: string, appPassword: string) => Promise<R>;
}) {
  const { t } = useLingui();
  const onError = useErrorHandler();
  const headingId = useId();
  const handleId = useId();
  const passwordId = useId();
  const helpId = useId();
  const handleErrorId = useId();
  const passwordErrorId = useId();
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();

  const connect = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Errors = {};
    if (identifier.trim() === "") missing.identifier = t`Enter the account's handle.`;
    if (password === "") missing.app_password = t`Enter an app password.`;
    if (missing.identifier || missing.app_password) {
      setErrors(missing);
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure(null);
    let account: R;
    try {
      account = await send(identifier.trim(), password);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 422) {
        const found: Errors = {
          identifier: err.field("identifier"),
          app_password: err.field("app_password"),
        };
        if (found.identifier || found.app_password) {
          setErrors(found);
          return;
        }
      }
      // The session, the plan or the permission: the shell's (a sign-in, an upgrade, a refusal).
      if (err instanceof ApiError && (err.status === 401 || err.status === 402 || err.status === 403)) {
        onError(err);
        return;
      }
      const said = err instanceof Error && err.message !== "" ? err.message : String(err);
      setFailure(t`The account was not connected. Bluesky's answer: ${said}`);
      return;
    }
    setPassword("");
    onConnected(account);
  };

  return (
    <form
      onSubmit={(e) => void connect(e)}
      noValidate
      className="team-form team-connect"
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className="team-connect-title">
        <Trans>Connect a Bluesky account</Trans>
      </h3>
      <p id={helpId} className="muted">
        <Trans>
          Fairdraw signs in to Bluesky with an app password to publish your contest posts, reply to them, send
          private messages to winners and read who liked, reposted or replied. It is stored encrypted and
          never shown again; you can revoke it on Bluesky at any time.
        </Trans>{" "}
        <a href={BLUESKY_APP_PASSWORDS_URL} target="_blank" rel="noreferrer noopener">
          <Trans>Make an app password on Bluesky</Trans>
        </a>
      </p>
      <div className="field">
        <label htmlFor={handleId}>
          <Trans>Handle</Trans>
        </label>
        <input
          id={handleId}
          type="text"
          inputMode="url"
          dir="ltr"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="brand.bsky.social"
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          aria-invalid={errors.identifier ? true : undefined}
          aria-describedby={errors.identifier ? handleErrorId : undefined}
          disabled={busy}
        />
        {errors.identifier && (
          <p id={handleErrorId} className="field-error" role="alert">
            {errors.identifier}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={passwordId}>
          <Trans>App password</Trans>
        </label>
        <input
          id={passwordId}
          type="password"
          dir="ltr"
          autoComplete="off"
          placeholder="xxxx-xxxx-xxxx-xxxx"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.app_password ? true : undefined}
          aria-describedby={[helpId, errors.app_password ? passwordErrorId : ""].join(" ").trim()}
          disabled={busy}
        />
        {errors.app_password && (
          <p id={passwordErrorId} className="field-error" role="alert">
            {errors.app_password}
          </p>
        )}
      </div>
      {failure && (
        <p id={failureId} className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="dialog-actions team-actions">
        <button
          type="submit"
          className="button primary"
          disabled={busy}
          aria-busy={busy}
          aria-describedby={failure ? failureId : undefined}
        >
          {busy ? <Trans>Please wait…</Trans> : <Trans>Connect the Bluesky account</Trans>}
        </button>
      </div>
    </form>
  );
}

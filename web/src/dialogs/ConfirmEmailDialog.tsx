/**
 * Confirm e-mail (app-shell.md §2, §5): changing the address sends a 6-digit code to the new one (POST /users/me
 * {email} answered 202 {confirm_email: true, email}); the code typed here is sent with it (POST /users/me {email,
 * confirm_code}) and the answer is the updated user. A wrong code (422) says so under the boxes; too many (429) too.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { User } from "../../../codegen/types";
import { api, unwrap } from "../api/client";
import { ApiError } from "../api/errors";
import { asUser } from "../session/session";
import { CodeInput } from "../widgets/CodeInput";
import { Modal } from "./Modal";

export const CONFIRM_CODE_LENGTH = 6;

export type ConfirmEmailDialogProps = {
  email: string;
  onClose(): void;
  /** The updated user, once the new address is confirmed. */
  onConfirmed(user: User): void;
};

export function ConfirmEmailDialog({ email, onClose, onConfirmed }: ConfirmEmailDialogProps) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const errorId = useId();
  const running = useRef(false);

  const confirm = async (value: string) => {
    if (running.current) return;
    if (!/^[0-9]{6}$/.test(value)) {
      setError(t`Enter the 6 digits of the code.`);
      return;
    }
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      const user = asUser(await unwrap(api.users.me.$post({ json: { email, confirm_code: value } })));
      onConfirmed(user);
    } catch (err) {
      setCode("");
      if (err instanceof ApiError && err.status === 422) {
        setError(err.field("confirm_code") ?? err.field("code") ?? err.field("email") ?? err.message);
      } else {
        setError(err instanceof Error ? err.message : String(err));
      }
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  // A complete code (typed or pasted) is sent at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly completed code triggers it
  useEffect(() => {
    if (code.length === CONFIRM_CODE_LENGTH) void confirm(code);
  }, [code]);

  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.users.me.$post({ json: { email } }));
      setNotice(t`A new code was sent to ${email}.`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void confirm(code);
  };

  return (
    <Modal title={t`Confirm your new address`} onClose={onClose} closable={!busy} size="small">
      <form data-dialog="confirm-email" onSubmit={submit} noValidate>
        <p>
          <Trans>
            We sent a 6-digit code to <strong>{email}</strong>. Enter it to use this address.
          </Trans>
        </p>
        <div aria-describedby={error ? errorId : undefined}>
          <CodeInput
            value={code}
            onChange={(v) => {
              setCode(v);
              setError(null);
            }}
            length={CONFIRM_CODE_LENGTH}
            pattern={/[0-9]/}
            label={t`Confirmation code`}
            disabled={busy}
            invalid={!!error}
          />
        </div>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        {notice && <p role="status">{notice}</p>}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => void resend()} disabled={busy}>
            <Trans>Send a new code</Trans>
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? <Trans>Checking…</Trans> : <Trans>Confirm</Trans>}
          </button>
        </div>
      </form>
    </Modal>
  );
}

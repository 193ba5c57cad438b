/**
 * Contact support (app-shell.md §2, §5, §7): a reason (schemas/contact-reasons.json) and a message of 50 to 1000
 * characters, checked by the engine with the rules the server uses (schemas/forms/contact.rules.json), sent to
 * POST /users/me/contact_fairdraw with meta (timezone_offset, the page, the error id when reporting one).
 * When the team has its own support contact (currentTeam.subscription.support) that contact is shown instead,
 * unless the form is forced; the server answers the same way ({success: false, support}) when it knows one.
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { compileScope } from "../../../engine/config/compile";
import type { ScopeRules } from "../../../engine/config/types";
import { catalogChain } from "../../../engine/messages/catalogs";
import { formatError } from "../../../engine/messages/format";
import { validateFormData } from "../../../engine/validation/validate";
import contactReasons from "../../../schemas/contact-reasons.json";
import contactRules from "../../../schemas/forms/contact.rules.json";
import { api, unwrap } from "../api/client";
import { ApiError } from "../api/errors";
import { notify } from "../feedback/Toasts";
import { useUser } from "../session/session";
import { Avatar } from "../widgets/Avatar";
import { Modal } from "./Modal";

export type ContactDialogProps = { onClose(): void; errorId?: string; forced?: boolean };

export type SupportContact = {
  name: string;
  email: string;
  phone: string | null;
  profile_picture_url: string | null;
};

export const MESSAGE_MIN = 50;
export const MESSAGE_MAX = 1000;

/** What each reason reads in the interface; a reason product staff add later shows its catalogue description. */
const REASON_LABELS: Record<string, MessageDescriptor> = {
  "on-demand": msg`Ask for an on-request offer`,
  "suggest-feature": msg`Suggest a feature`,
  "report-technical-bug": msg`Report a technical problem`,
  "congratulate-team": msg`Say something nice to the team`,
  "new-team": msg`Questions about creating a new team`,
  "elevate-quotas": msg`Ask for higher quotas`,
  other: msg`Something else`,
};

export const CONTACT_REASONS: readonly { key: string; description: string }[] = contactReasons.reasons;

const contactScope = compileScope(
  { fields: contactRules.fields, steps: [] } as ScopeRules,
  "schemas/forms/contact.rules.json",
);

/** The contact form's problems by field, in the person's language (the engine's messages, as the server's 422). */
export function contactErrors(
  values: { reason: string; message: string },
  locale: string,
): Record<string, string | undefined> {
  const errors = validateFormData(values, contactScope, {
    now: new Date(),
    teamFeatures: new Set(),
    quotas: {},
  });
  const chain = catalogChain(locale);
  const out: Record<string, string | undefined> = {};
  for (const [path, list] of Object.entries(errors)) {
    const first = list[0];
    if (first) out[path] = formatError(chain, first);
  }
  return out;
}

/** The team's own support contact (name, details, picture). */
export function SupportCard({ support }: { support: SupportContact }) {
  const { t } = useLingui();
  return (
    <div className="support-card" data-support-contact>
      <Avatar src={support.profile_picture_url} alt={t`Picture of ${support.name}`} size={56} />
      <div>
        <p className="support-name">
          <strong>{support.name}</strong>
        </p>
        {support.email && (
          <p>
            <a href={`mailto:${support.email}`}>{support.email}</a>
          </p>
        )}
        {support.phone && (
          <p>
            <a href={`tel:${support.phone.replace(/\s+/g, "")}`}>{support.phone}</a>
          </p>
        )}
      </div>
    </div>
  );
}

export function ContactDialog({ onClose, errorId, forced = false }: ContactDialogProps) {
  const { t, i18n } = useLingui();
  const user = useUser();
  const [force, setForce] = useState(forced);
  const [serverSupport, setServerSupport] = useState<SupportContact | null>(null);
  const [reason, setReason] = useState(errorId ? "report-technical-bug" : "");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = {
    reason: useId(),
    message: useId(),
    reasonError: useId(),
    messageError: useId(),
    counter: useId(),
  };

  const support = serverSupport ?? user.currentTeam.subscription?.support ?? null;
  const showSupport = support !== null && !force;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = contactErrors({ reason, message }, i18n.locale);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await unwrap(
        api.users.me.contact_fairdraw.$post({
          json: {
            reason,
            message,
            meta: {
              timezone_offset: new Date().getTimezoneOffset(),
              page: window.location.pathname,
              locale: i18n.locale,
              ...(errorId ? { error_id: errorId } : {}),
            },
            ...(force ? { force: true } : {}),
          },
        }),
      );
      if (answer.success) {
        onClose();
        notify.success(t`Message sent. We answer by e-mail, usually within a working day.`);
        return;
      }
      if ("support" in answer && answer.support) {
        setServerSupport(answer.support);
        setForce(false);
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setErrors({ reason: err.field("reason"), message: err.field("message") });
        if (!err.field("reason") && !err.field("message")) setProblem(err.message);
      } else {
        setProblem(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setBusy(false);
    }
  };

  const length = [...message].length;

  return (
    <Modal title={showSupport ? t`Your support contact` : t`Contact us`} onClose={onClose} closable={!busy}>
      <div data-dialog="contact">
        {showSupport && support ? (
          <>
            <p>
              <Trans>Your team has its own support contact. Write to them first:</Trans>
            </p>
            <SupportCard support={support} />
            <div className="dialog-actions">
              <button type="button" className="button" onClick={() => setForce(true)}>
                <Trans>Write to Fairdraw instead</Trans>
              </button>
              <button type="button" className="button primary" onClick={onClose}>
                <Trans>Close</Trans>
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            {errorId && (
              <p className="muted">
                <Trans>Error id: {errorId}</Trans>
              </p>
            )}
            {problem && (
              <div role="alert" className="form-problem">
                {problem}
              </div>
            )}
            <div className="field">
              <label htmlFor={ids.reason}>
                <Trans>Reason</Trans>
              </label>
              <select
                id={ids.reason}
                value={reason}
                required
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? ids.reasonError : undefined}
                onChange={(e) => setReason(e.target.value)}
              >
                <option value="">{t`Choose a reason`}</option>
                {CONTACT_REASONS.map((r) => {
                  const label = REASON_LABELS[r.key];
                  return (
                    <option key={r.key} value={r.key}>
                      {label ? i18n._(label) : r.description}
                    </option>
                  );
                })}
              </select>
              {errors.reason && (
                <p id={ids.reasonError} className="field-error">
                  {errors.reason}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={ids.message}>
                <Trans>Message</Trans>
              </label>
              <textarea
                id={ids.message}
                value={message}
                rows={6}
                required
                maxLength={MESSAGE_MAX}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={`${ids.counter}${errors.message ? ` ${ids.messageError}` : ""}`}
                onChange={(e) => setMessage(e.target.value)}
              />
              <p id={ids.counter} className="muted counter">
                <Trans>
                  {length} / {MESSAGE_MAX} characters (at least {MESSAGE_MIN})
                </Trans>
              </p>
              {errors.message && (
                <p id={ids.messageError} className="field-error">
                  {errors.message}
                </p>
              )}
            </div>
            <div className="dialog-actions">
              <button type="button" className="button" onClick={onClose} disabled={busy}>
                <Trans>Cancel</Trans>
              </button>
              <button type="submit" className="button primary" disabled={busy}>
                {busy ? <Trans>Sending…</Trans> : <Trans>Send</Trans>}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}

/**
 * Create a shortlink (app-shell.md §5, §7 POST /teams/current/shortlinks/create; schemas/forms/shortlink-create):
 * - the link: required, http or https;
 * - the domain: one of the configured short domains, the first by default;
 * - the key: random, or one of the person's choice (3 to 128 letters, digits, hyphens) with the plan feature
 *   shortlinksCustomKey — without it the choice is disabled and shows the star.
 * The server's 422 messages show next to their fields. The new shortlink's view follows.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Shortlink } from "../../../codegen/types";
import { ApiError } from "../api/errors";
import { useSession } from "../session/session";
import { useErrorHandler } from "../shell/useErrorHandler";
import { createShortlink, type ShortlinkDraft } from "../team/api";
import { CUSTOM_KEY_FEATURE, SHORTLINK_DOMAINS, SHORTLINK_KEY } from "../team/shortlinks";
import "../team/team.css";
import { FeatureStar } from "../widgets/FeatureStar";
import { useDialogs } from "./DialogHost";
import { Modal } from "./Modal";
import { ShortlinkViewDialog } from "./ShortlinkViewDialog";

export type ShortlinkFields = { type: "random" | "custom"; domain: string; key: string; url: string };
type FieldErrors = Partial<Record<keyof ShortlinkFields, string>>;

/** The body sent: a key only with the custom type (app-shell.md §5 "custom with a key, otherwise random"). */
export function shortlinkBody(fields: ShortlinkFields): ShortlinkDraft {
  const key = fields.type === "custom" ? fields.key.trim() : "";
  return {
    type: key === "" ? "random" : "custom",
    domain: fields.domain,
    key: key === "" ? null : key,
    url: fields.url.trim(),
  };
}

/** The 422's messages by field of the form (the server's paths are the form's names). */
export function shortlinkErrors(err: ApiError): FieldErrors {
  return {
    type: err.field("type"),
    domain: err.field("domain"),
    key: err.field("key"),
    url: err.field("url"),
  };
}

export function CreateShortlinkDialog({
  onClose,
  onCreated,
  initialUrl = "",
  initial,
}: {
  onClose(): void;
  onCreated?(shortlink: Shortlink): void;
  initialUrl?: string;
  /** The form as it starts (stories); empty with the default domain otherwise. */
  initial?: { fields?: Partial<ShortlinkFields>; errors?: FieldErrors };
}) {
  const { t } = useLingui();
  const session = useSession();
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const ids = { url: useId(), domain: useId(), key: useId(), keyHint: useId() };
  const errorIds = { url: useId(), domain: useId(), key: useId(), type: useId() };
  const customAllowed = session.hasFeature(CUSTOM_KEY_FEATURE);
  const canCreate = session.can("team.shortlinks.create_shortlink");
  const [fields, setFields] = useState<ShortlinkFields>({
    type: "random",
    domain: SHORTLINK_DOMAINS[0] ?? "",
    key: "",
    url: initialUrl,
    ...initial?.fields,
  });
  const [errors, setErrors] = useState<FieldErrors>(initial?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<ShortlinkFields>) => setFields((f) => ({ ...f, ...change }));
  const disabled = busy || !canCreate;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canCreate) return;
    setBusy(true);
    setErrors({});
    let created: Shortlink;
    try {
      created = await createShortlink(shortlinkBody(fields));
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 422) {
        const found = shortlinkErrors(err);
        if (Object.values(found).some(Boolean)) {
          setErrors(found);
          return;
        }
      }
      onError(err);
      return;
    }
    onCreated?.(created);
    dialogs.open((close) => <ShortlinkViewDialog shortlink={created} onClose={close} />);
  };

  const error = (name: keyof FieldErrors) =>
    errors[name] ? (
      <p id={errorIds[name]} className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const describedBy = (name: keyof FieldErrors, extra?: string) =>
    [errors[name] ? errorIds[name] : "", extra ?? ""].filter(Boolean).join(" ") || undefined;
  const min = SHORTLINK_KEY.min;
  const max = SHORTLINK_KEY.max;

  return (
    <Modal title={t`Create a shortlink`} onClose={onClose} closable={!busy}>
      <form onSubmit={(e) => void submit(e)} noValidate className="team-form">
        {!canCreate && (
          <p className="team-notice" role="note">
            <Trans>You don't have the permission to create shortlinks.</Trans>
          </p>
        )}
        <div className="field">
          <label htmlFor={ids.url}>
            <Trans>Link to shorten</Trans>
          </label>
          <input
            id={ids.url}
            type="url"
            inputMode="url"
            placeholder="https://"
            dir="ltr"
            value={fields.url}
            onChange={(e) => set({ url: e.target.value })}
            aria-required="true"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={describedBy("url")}
            disabled={disabled}
          />
          {error("url")}
        </div>
        <div className="field">
          <label htmlFor={ids.domain}>
            <Trans>Short domain</Trans>
          </label>
          <select
            id={ids.domain}
            value={fields.domain}
            onChange={(e) => set({ domain: e.target.value })}
            aria-invalid={errors.domain ? true : undefined}
            aria-describedby={describedBy("domain")}
            disabled={disabled}
          >
            {SHORTLINK_DOMAINS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          {error("domain")}
        </div>
        <fieldset className="team-choice" aria-describedby={describedBy("type")}>
          <legend>
            <Trans>Key</Trans>
          </legend>
          <label>
            <input
              type="radio"
              name="shortlink-type"
              value="random"
              checked={fields.type === "random"}
              onChange={() => set({ type: "random" })}
              disabled={disabled}
            />
            <Trans>Random</Trans>
          </label>
          <label>
            <input
              type="radio"
              name="shortlink-type"
              value="custom"
              checked={fields.type === "custom"}
              onChange={() => set({ type: "custom" })}
              disabled={disabled || !customAllowed}
            />
            <Trans>Of my choice</Trans>
          </label>
          {!customAllowed && <FeatureStar />}
          {error("type")}
        </fieldset>
        {fields.type === "custom" && (
          <div className="field">
            <label htmlFor={ids.key}>
              <Trans>Your key</Trans>
            </label>
            <div className="team-key-input" dir="ltr">
              <span className="muted">{fields.domain}/</span>
              <input
                id={ids.key}
                type="text"
                autoComplete="off"
                value={fields.key}
                onChange={(e) => set({ key: e.target.value })}
                aria-invalid={errors.key ? true : undefined}
                aria-describedby={describedBy("key", ids.keyHint)}
                disabled={disabled || !customAllowed}
              />
            </div>
            <p id={ids.keyHint} className="muted">
              <Trans>
                {min} to {max} letters, digits or hyphens. Leave it empty for a random key.
              </Trans>
            </p>
            {error("key")}
          </div>
        )}
        <div className="dialog-actions team-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button primary" disabled={disabled} aria-busy={busy}>
            {busy ? <Trans>Please wait…</Trans> : <Trans>Create</Trans>}
          </button>
        </div>
      </form>
    </Modal>
  );
}

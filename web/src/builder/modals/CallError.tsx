/**
 * Why a builder call failed (contest-builder.md §8, app-shell.md §8). A validation refusal (422) naming fields stays
 * in the call's modal: each field by the label the form shows it with (the network of its source first), its
 * message, and a link that closes the modal and focuses the field. Any other failure is the shell's
 * (useErrorHandler): 401 → sign in again, 403 → the error page, an upgrade or builder plan key → the image alert
 * with subscribe, otherwise the message with the error id and a report action; the form is back under it. On a 401
 * or a 403 page the builder closes at once (nothing can be saved; the page underneath tells why).
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { ApiError } from "../../api/errors";
import { providerOf } from "../../providers";
import { showsErrorPage, useErrorHandler } from "../../shell/useErrorHandler";
import { sameJson, useBuilderEnv, useBuilderSelector } from "../context";
import { fieldLabel } from "../labels";
import { useBuilderNavigate } from "../navigate";

/** The builder's plan and quota keys (api/errors.ts, all 403): shown like the shell's upgrade keys. */
export const BUILDER_PLAN_KEYS: ReadonlySet<string> = new Set([
  "planNotSupported",
  "draftsQuotaExceeded",
  "templatesQuotaExceeded",
  "contestsQuotaExceeded",
]);

/** The fields a 422 refused (path → messages), or null when the failure is not such a refusal. */
export function refusedFields(error: unknown): [string, string[]][] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const fields = Object.entries(error.fields);
  return fields.length > 0 ? fields : null;
}

/**
 * The label the form shows a refused path with: "Contest name" for base.name; "X (Twitter): Text" for
 * sources.0.publication.content (the source's network first, numbered when the form has several of it).
 */
export function refusedFieldLabel(i18n: I18n, path: string, sourceTypes: readonly string[]): string {
  const [group = "", ...rest] = path.split(".");
  const relative = rest.join(".");
  if (group === "base") return relative ? fieldLabel(i18n, "base", relative) : i18n._(msg`Basic information`);
  if (group === "summary") return relative ? fieldLabel(i18n, "summary", relative) : i18n._(msg`Summary`);
  if (group !== "sources") return path;
  const index = Number(rest[0]);
  const type = Number.isInteger(index) ? sourceTypes[index] : undefined;
  if (type === undefined) return i18n._(msg`Sources`);
  let network = providerOf(type)?.display_name ?? type;
  if (sourceTypes.filter((t) => t === type).length > 1) {
    const nth = sourceTypes.slice(0, index + 1).filter((t) => t === type).length;
    network = i18n._(msg`${network} ${nth}`);
  }
  if (rest.length < 2) return network;
  const label = fieldLabel(i18n, "sources", rest.slice(1).join("."));
  return i18n._(msg`${network}: ${label}`);
}

/**
 * Hands a failed call that is not a field refusal to the shell's error handler, once, and brings the form back
 * (or closes the builder when the session or the permission is gone).
 */
export function useCallFailure(failed: boolean, error: unknown) {
  const onError = useErrorHandler();
  const leave = useBuilderNavigate();
  const { actor, closeNow } = useBuilderEnv();
  useEffect(() => {
    if (!failed || refusedFields(error)) return;
    const options = { upgradeKeys: BUILDER_PLAN_KEYS, navigate: leave ?? undefined };
    if (error instanceof ApiError && (error.status === 401 || showsErrorPage(error, options))) closeNow();
    else actor.send({ type: "CANCEL" });
    onError(error, options);
  }, [failed, error, onError, leave, actor, closeNow]);
}

/** The fields a 422 refused, each a link to the field. */
export function CallError({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  const { actor, focusField } = useBuilderEnv();
  const sourceTypes = useBuilderSelector((s) => s.context.form.sources.map((x) => x.type), sameJson);
  const fields = refusedFields(error);
  if (!fields) return null;
  return (
    <div className="builder-call-error" role="alert">
      <p className="field-error">
        <Trans>These fields were refused:</Trans>
      </p>
      <ul>
        {fields.map(([path, messages]) => (
          <li key={path}>
            <a
              href={`#${path}`}
              data-error-path={path}
              onClick={(e) => {
                e.preventDefault();
                // Back to the form (the modal closes), then to the field.
                actor.send({ type: "CANCEL" });
                focusField(path);
              }}
            >
              <span className="builder-side-label">{refusedFieldLabel(i18n, path, sourceTypes)}</span>
            </a>
            <span className="field-error">
              {" – "}
              <span>{messages[0] ?? ""}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

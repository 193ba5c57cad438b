/**
 * The account a source publishes with (publication.account_id): one of the team's linked, usable accounts of the
 * source's network, sent as its network id. The builder already holds them (formContext.accounts, from the builder
 * config — the same accounts GET /teams/current/accounts/list lists, the disabled ones left out), so choosing one
 * costs no call. Sandbox accounts say so; under a real one, what a contest costs of its network's limits
 * (account-quota-line.ts); without any account the widget offers to link one.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { WidgetProps } from "@rjsf/utils";
import { providerOf } from "../../providers";
import type { TeamAccount } from "../form-context";
import { BuilderLink } from "../navigate";
import { useAccountQuotaLine } from "./account-quota-line";
import { useWidgetField } from "./use-field";

export function AccountWidget(props: WidgetProps) {
  const { t } = useLingui();
  const field = useWidgetField(props);
  const provider = field.ctx?.provider ?? null;
  const accounts: readonly TeamAccount[] = (provider && field.ctx?.accounts?.[provider]) || [];
  const network = provider ? (providerOf(provider)?.display_name ?? provider) : "";
  const value = typeof props.value === "number" ? props.value : null;
  const selected = accounts.find((a) => a.account_id === value);
  const quota = useAccountQuotaLine(field.ctx ?? null, selected ?? null, network);
  const quotaId = `${props.id}-quota`;
  const describedBy = [field.describedBy, quota && quotaId].filter(Boolean).join(" ") || undefined;

  if (accounts.length === 0) {
    return (
      <p id={props.id} className="account-empty">
        <Trans>No {network} account is linked to the team.</Trans>{" "}
        <BuilderLink to="/team/accounts">
          <Trans>Link an account</Trans>
        </BuilderLink>
      </p>
    );
  }
  const nameOf = (a: TeamAccount) =>
    a.sandbox ? t`${a.name} (@${a.screen_name}) — sandbox` : t`${a.name} (@${a.screen_name})`;
  return (
    <>
      <div className={`account-picker${field.invalid ? " is-invalid" : ""}`}>
        <select
          id={props.id}
          className="select-input"
          value={value === null ? "" : String(value)}
          disabled={field.disabled}
          aria-invalid={field.invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => props.onChange(e.target.value === "" ? null : Number(e.target.value))}
          onBlur={() => props.onBlur(props.id, value)}
          onFocus={() => props.onFocus(props.id, value)}
        >
          <option value="">{t`Choose an account…`}</option>
          {value !== null && !selected && (
            <option value={String(value)}>{t`An account no longer linked`}</option>
          )}
          {accounts.map((a) => (
            <option key={a._id} value={String(a.account_id)}>
              {nameOf(a)}
            </option>
          ))}
        </select>
        {selected?.sandbox && (
          <span className="sandbox-badge">
            <Trans>Sandbox</Trans>
          </span>
        )}
      </div>
      {quota && (
        <p id={quotaId} className={quota.paused ? "account-quota is-paused" : "account-quota"}>
          {quota.text}
        </p>
      )}
    </>
  );
}

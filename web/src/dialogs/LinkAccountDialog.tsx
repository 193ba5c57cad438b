/**
 * Link a team account (app-shell.md §2, §5, §7): choose a network among those that can be invited (canInvite,
 * never a login-only one) and optionally the e-mail of the person who holds the account; the answer is the
 * invite, whose link dialog follows. With team.accounts.update_account the person can instead connect a real
 * account where the network allows it (Bluesky: handle and app password, ConnectBlueskyForm; an OAuth network
 * whose client this server has, YouTube: "Connect YouTube", a full-page navigation to the connect route, and when
 * it has none a plain note that its accounts are sandbox accounts) or add a sandbox account for rehearsals at once
 * (POST /teams/current/accounts/link).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Account, Invite } from "../../../codegen/types";
import { ApiError } from "../api/errors";
import { providerOf } from "../providers";
import { useSession } from "../session/session";
import { useErrorHandler } from "../shell/useErrorHandler";
import { inviteAccount, linkAccount } from "../team/api";
import { ConnectWayButton } from "../team/ConnectWayButton";
import { useConnectWays } from "../team/connect";
import { invitableProviders } from "../team/providers";
import { fullAccountsQuota, QuotaReason, useQuotaUsage } from "../team/quota-gate";
import "../team/team.css";
import { ProviderMark } from "../components/ProviderMark";
import { ConnectBlueskyForm } from "./ConnectBlueskyForm";
import { useDialogs } from "./DialogHost";
import { InviteLinkDialog } from "./InviteLinkDialog";
import { Modal } from "./Modal";

type Errors = { provider?: string; email?: string };

export function LinkAccountDialog({
  onClose,
  onInvited,
  onLinked,
  initialProvider = "",
}: {
  onClose(): void;
  onInvited?(invite: Invite): void;
  onLinked?(account: Account): void;
  initialProvider?: string;
}) {
  const { t } = useLingui();
  const session = useSession();
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const emailId = useId();
  const providerErrorId = useId();
  const emailErrorId = useId();
  const quotaId = useId();
  const [provider, setProvider] = useState(initialProvider);
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState<"invite" | "link" | "connect" | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const providers = invitableProviders();
  const canInvite = session.can("team.invites.create_invite");
  const canLink = session.can("team.accounts.update_account");
  const canConnect = canLink && providerOf(provider)?.driver === "atproto";
  const ways = useConnectWays();
  const connectable = ways.map((w) => w.provider);
  const chosen = providerOf(provider);
  const network = chosen?.display_name ?? provider;
  // A network linked by OAuth: connected here when its client is configured, else only the sandbox (said plainly).
  const oauth = chosen !== undefined && chosen.driver !== "atproto" && chosen.driver !== undefined;
  const canOAuth = canLink && oauth && connectable.includes(provider);
  // The plan's accounts are counted per network: once the chosen one's are all linked, a new sandbox account or
  // invite would be refused, so the buttons say why first. Connecting a real account stays open: reconnecting
  // one the team already has takes no new place (the server decides).
  const accountsFull = fullAccountsQuota(useQuotaUsage(), provider);
  const blocked = accountsFull !== null;

  const fail = (err: unknown) => {
    setBusy(null);
    if (err instanceof ApiError && err.status === 422) {
      const found: Errors = { provider: err.field("provider"), email: err.field("email") };
      if (found.provider || found.email) {
        setErrors(found);
        return;
      }
    }
    onError(err);
  };

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    if (!canInvite) return;
    if (provider === "") {
      setErrors({ provider: t`Choose a network.` });
      return;
    }
    setBusy("invite");
    setErrors({});
    let created: Invite;
    try {
      created = await inviteAccount(provider, email);
    } catch (err) {
      fail(err);
      return;
    }
    onInvited?.(created);
    dialogs.open((close) => <InviteLinkDialog invite={created} onClose={close} />);
  };

  const linkNow = async () => {
    if (provider === "") {
      setErrors({ provider: t`Choose a network.` });
      return;
    }
    setBusy("link");
    setErrors({});
    let account: Account;
    try {
      account = await linkAccount(provider);
    } catch (err) {
      fail(err);
      return;
    }
    onLinked?.(account);
    onClose();
  };

  return (
    <Modal title={t`Link an account`} onClose={onClose} closable={busy === null}>
      <div className="team-form">
        <fieldset
          className="team-provider-choice"
          aria-describedby={errors.provider ? providerErrorId : undefined}
        >
          <legend>
            <Trans>Network</Trans>
          </legend>
          {providers.map((p) => (
            <label key={p.name} className="team-provider-option">
              <input
                type="radio"
                name="provider"
                value={p.name}
                checked={provider === p.name}
                onChange={() => setProvider(p.name)}
                disabled={busy !== null}
              />
              <ProviderMark provider={p.name} withName />
            </label>
          ))}
        </fieldset>
        {errors.provider && (
          <p id={providerErrorId} className="field-error" role="alert">
            {errors.provider}
          </p>
        )}
      </div>
      {canOAuth && (
        <div className="team-form">
          <p className="muted">
            <Trans>
              {network} opens in this tab: sign in there and allow Fairdraw, then you come back here with the
              account linked.
            </Trans>
          </p>
          <div className="team-connect-buttons">
            {ways
              .filter((w) => w.provider === provider)
              .map((w, i) => (
                <ConnectWayButton key={w.variant ?? ""} way={w} primary={i === 0} />
              ))}
          </div>
        </div>
      )}
      {canLink && oauth && !connectable.includes(provider) && (
        <p className="team-notice" role="note">
          <Trans>
            {network} is not connected to Fairdraw on this server: an account added here is a sandbox account,
            for rehearsals. Nothing reaches {network}.
          </Trans>
        </p>
      )}
      {canConnect && (
        <ConnectBlueskyForm
          provider={provider}
          busy={busy !== null}
          setBusy={(on) => setBusy(on ? "connect" : null)}
          onConnected={(account) => {
            onLinked?.(account);
            onClose();
          }}
        />
      )}
      <form onSubmit={(e) => void invite(e)} noValidate className="team-form">
        {(canConnect || canOAuth) && (
          <h3 className="team-connect-title">
            <Trans>Or invite the account's holder, or rehearse with a sandbox account</Trans>
          </h3>
        )}
        <div className="field">
          <label htmlFor={emailId}>
            <Trans>E-mail of the account's holder (optional)</Trans>
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? emailErrorId : undefined}
            disabled={busy !== null || !canInvite}
          />
          {errors.email && (
            <p id={emailErrorId} className="field-error" role="alert">
              {errors.email}
            </p>
          )}
        </div>
        <p className="muted">
          <Trans>
            The invite link lets the account's holder link it to this team while keeping it theirs. Without an
            e-mail address, pass the link on yourself.
          </Trans>
        </p>
        <div className="dialog-actions team-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy !== null}>
            <Trans>Cancel</Trans>
          </button>
          {canLink && (
            <button
              type="button"
              className="button"
              onClick={() => void linkNow()}
              disabled={busy !== null || blocked}
              aria-busy={busy === "link"}
              aria-describedby={blocked ? quotaId : undefined}
            >
              {busy === "link" ? <Trans>Please wait…</Trans> : <Trans>Add a sandbox account</Trans>}
            </button>
          )}
          {canInvite && (
            <button
              type="submit"
              className="button primary"
              disabled={busy !== null || blocked}
              aria-busy={busy === "invite"}
              aria-describedby={blocked ? quotaId : undefined}
            >
              {busy === "invite" ? <Trans>Please wait…</Trans> : <Trans>Create the invite</Trans>}
            </button>
          )}
          {accountsFull !== null && (canLink || canInvite) && (
            <QuotaReason id={quotaId} name="accounts" limit={accountsFull} />
          )}
        </div>
        {!canInvite && !canLink && (
          <p className="team-notice" role="note">
            <Trans>You don't have the permission to link accounts nor to invite someone to.</Trans>
          </p>
        )}
      </form>
    </Modal>
  );
}

/**
 * An invite's link (app-shell.md §2 "Invite link view"): an active invite shows the time left and a link to
 * copy (the copied notice lasts 1 s); a used, expired or canceled one says so and shows no link.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { Invite } from "../../../codegen/types";
import { formatDate, inviteLink } from "../team/format";
import { INVITE_STATUS_LABELS } from "../team/labels";
import "../team/team.css";
import { ProviderMark } from "../components/ProviderMark";
import { CopyButton } from "../widgets/CopyButton";
import { Countdown } from "../widgets/Countdown";
import { Modal } from "./Modal";

export function InviteLinkDialog({ invite, onClose }: { invite: Invite; onClose(): void }) {
  const { t, i18n } = useLingui();
  const linkId = useId();
  const link = inviteLink(invite.key);
  const email = invite.email;
  const provider = invite.type === "link_account" ? invite.meta.provider : undefined;
  const expires = formatDate(i18n, invite.expires_at, true);
  const used = formatDate(i18n, invite.used_at, true);
  const canceled = formatDate(i18n, invite.canceled_at, true);
  return (
    <Modal
      title={invite.type === "add_member" ? t`Invite to join the team` : t`Invite to link an account`}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          <Trans>Done</Trans>
        </button>
      }
    >
      <dl className="team-details">
        {provider && (
          <>
            <dt>
              <Trans>Network</Trans>
            </dt>
            <dd>
              <ProviderMark provider={provider} withName />
            </dd>
          </>
        )}
        <dt>
          <Trans>Sent to</Trans>
        </dt>
        <dd>{email ?? <span className="muted">{t`Nobody: pass the link on yourself`}</span>}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <span className={`team-status team-status-${invite.status}`}>
            {i18n._(INVITE_STATUS_LABELS[invite.status])}
          </span>
        </dd>
      </dl>
      {invite.status === "active" ? (
        <>
          <p>
            <Trans>
              This link works until {expires}: <Countdown to={invite.expires_at} />
            </Trans>
          </p>
          <div className="team-copy-field">
            <label htmlFor={linkId}>
              <Trans>Invite link</Trans>
            </label>
            <input
              id={linkId}
              type="text"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              dir="ltr"
            />
            <CopyButton text={link} label={t`Copy the invite link`} />
          </div>
          <p className="muted">
            <Trans>Whoever holds this link can use it once, signed in with their own account.</Trans>
          </p>
        </>
      ) : (
        <p role="note">
          {invite.status === "used" ? (
            <Trans>This invite was used on {used}: its link no longer works.</Trans>
          ) : invite.status === "canceled" ? (
            <Trans>This invite was canceled on {canceled}: its link no longer works.</Trans>
          ) : (
            <Trans>This invite expired on {expires}: its link no longer works.</Trans>
          )}
        </p>
      )}
    </Modal>
  );
}

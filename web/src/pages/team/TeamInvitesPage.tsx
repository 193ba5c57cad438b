/**
 * /team/invites (app-shell.md §2, §3, §4, §7; team.invites.view_invite): every invite of the team with its
 * status (active, used, expired, canceled), who sent, used or canceled it and when; an active one shows the
 * time left, its link to copy, and can be canceled (team.invites.cancel_invite).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Invite } from "../../../../codegen/types";
import { CancelInviteDialog } from "../../dialogs/CancelInviteDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { InviteLinkDialog } from "../../dialogs/InviteLinkDialog";
import { InviteMemberDialog } from "../../dialogs/InviteMemberDialog";
import { LinkAccountDialog } from "../../dialogs/LinkAccountDialog";
import { useSession, useUser } from "../../session/session";
import { listInvites } from "../../team/api";
import { formatDate, inviteLink } from "../../team/format";
import { INVITE_STATUS_LABELS } from "../../team/labels";
import { NotAllowed, WhenLoaded } from "../../team/states";
import "../../team/team.css";
import { DataTable } from "../../components/DataTable";
import { ProviderMark } from "../../components/ProviderMark";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { Avatar } from "../../widgets/Avatar";
import { CopyButton } from "../../widgets/CopyButton";
import { Countdown } from "../../widgets/Countdown";

function Person({ person }: { person: { name: string; profile_picture: string | null } | null }) {
  if (!person) return <span className="muted">—</span>;
  return (
    <span className="team-person">
      <Avatar src={person.profile_picture} alt="" size={24} />
      {person.name}
    </span>
  );
}

export default function TeamInvitesPage() {
  const { t } = useLingui();
  usePageTitle(t`Invites`);
  const user = useUser();
  const session = useSession();
  const dialogs = useDialogs();
  const canView = session.can("team.invites.view_invite");
  const canCreate = session.can("team.invites.create_invite");
  const canCancel = session.can("team.invites.cancel_invite");
  const [invites, { reload, update }] = useLoad(`${user.currentTeam._id}:${canView}`, () =>
    canView ? listInvites() : Promise.resolve([]),
  );
  const added = (invite: Invite) => update((list) => [invite, ...list.filter((i) => i._id !== invite._id)]);

  return (
    <div className="team-page">
      <div className="team-page-head">
        <h1>
          <Trans>Invites</Trans>
        </h1>
        {canCreate && (
          <div className="team-row-actions">
            <button
              type="button"
              className="button"
              onClick={() =>
                dialogs.open((close) => (
                  <LinkAccountDialog onClose={close} onInvited={added} onLinked={reload} />
                ))
              }
            >
              <Trans>Invite to link an account</Trans>
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() =>
                dialogs.open((close) => <InviteMemberDialog onClose={close} onInvited={added} />)
              }
            >
              <Trans>Invite a member</Trans>
            </button>
          </div>
        )}
      </div>
      {!canView ? (
        <NotAllowed>
          <Trans>You don't have the permission to see the team's invites.</Trans>
        </NotAllowed>
      ) : (
        <WhenLoaded state={invites} onRetry={reload} empty={<Trans>The team has sent no invite yet.</Trans>}>
          {(list) => (
            <DataTable
              caption={t`The team's invites, newest first`}
              columns={[t`Invite`, t`Status`, t`Sent by`, t`Used or canceled by`, t`Dates`, t`Actions`]}
            >
              {list.map((invite) => (
                <InviteRow
                  key={invite._id}
                  invite={invite}
                  canCancel={canCancel}
                  onView={() => dialogs.open((close) => <InviteLinkDialog invite={invite} onClose={close} />)}
                  onCancel={() =>
                    dialogs.open((close) => (
                      <CancelInviteDialog
                        invite={invite}
                        onClose={close}
                        onCanceled={(done) =>
                          update((list) => list.map((i) => (i._id === done._id ? done : i)))
                        }
                      />
                    ))
                  }
                />
              ))}
            </DataTable>
          )}
        </WhenLoaded>
      )}
    </div>
  );
}

function InviteRow({
  invite,
  canCancel,
  onView,
  onCancel,
}: {
  invite: Invite;
  canCancel: boolean;
  onView(): void;
  onCancel(): void;
}) {
  const { t, i18n } = useLingui();
  const created = formatDate(i18n, invite.created_at, true);
  const used = formatDate(i18n, invite.used_at, true);
  const canceled = formatDate(i18n, invite.canceled_at, true);
  const expires = formatDate(i18n, invite.expires_at, true);
  const email = invite.email;
  const provider = invite.type === "link_account" ? invite.meta.provider : undefined;
  const active = invite.status === "active";
  return (
    <tr data-invite={invite._id} data-status={invite.status}>
      <td>
        {invite.type === "add_member" ? <Trans>Join the team</Trans> : <Trans>Link an account</Trans>}
        {provider && (
          <>
            {" "}
            <ProviderMark provider={provider} withName />
          </>
        )}
        <br />
        <span className="muted">{email ?? t`Link to pass on`}</span>
        {invite.meta.account?.screen_name && (
          <>
            <br />
            <span className="muted" dir="ltr">
              @{invite.meta.account.screen_name}
            </span>
          </>
        )}
      </td>
      <td>
        <span className={`team-status team-status-${invite.status}`}>
          {i18n._(INVITE_STATUS_LABELS[invite.status])}
        </span>
        {active && (
          <>
            <br />
            <Countdown to={invite.expires_at} />
          </>
        )}
      </td>
      <td>
        <Person person={invite.sender} />
      </td>
      <td>
        <Person person={invite.receiver ?? invite.canceler} />
      </td>
      <td className="team-small">
        <Trans>Created {created}</Trans>
        <br />
        {invite.status === "used" ? (
          <Trans>Used {used}</Trans>
        ) : invite.status === "canceled" ? (
          <Trans>Canceled {canceled}</Trans>
        ) : invite.status === "expired" ? (
          <Trans>Expired {expires}</Trans>
        ) : (
          <Trans>Expires {expires}</Trans>
        )}
      </td>
      <td>
        <div className="team-row-actions">
          {active && <CopyButton text={inviteLink(invite.key)} label={t`Copy the invite link`} />}
          <button type="button" className="button small" onClick={onView}>
            <Trans>View</Trans>
          </button>
          {active && canCancel && (
            <button type="button" className="button small team-danger-text" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * /team/members (app-shell.md §2, §3, §6, §7): the team's members with their role and join date; manage a
 * member's permissions (team.members.manage_permissions), remove a member (team.members.delete_member), invite
 * one (team.invites.create_invite; a full team gets the shell's maxMembersExceeded image alert).
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { Member } from "../../../../codegen/types";
import { useDialogs } from "../../dialogs/DialogHost";
import { InviteMemberDialog } from "../../dialogs/InviteMemberDialog";
import { MemberPermissionsDialog } from "../../dialogs/MemberPermissionsDialog";
import { RemoveMemberDialog } from "../../dialogs/RemoveMemberDialog";
import { notify } from "../../feedback/Toasts";
import { useSession, useUser } from "../../session/session";
import { listMembers } from "../../team/api";
import { formatDate } from "../../team/format";
import { fullQuota, QuotaReason, useQuotaUsage } from "../../team/quota-gate";
import { WhenLoaded } from "../../team/states";
import "../../team/team.css";
import { DataTable } from "../../components/DataTable";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { Avatar } from "../../widgets/Avatar";

/** Who the viewer may act on: never the owner, never themselves (leaving is done from /me/teams). */
export function memberActions(
  viewer: { _id: string },
  member: Member,
  can: { managePermissions: boolean; remove: boolean },
) {
  const other = member.pivot.role !== "owner" && member._id !== viewer._id;
  return { permissions: other && can.managePermissions, remove: other && can.remove };
}

export default function TeamMembersPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Members`);
  const user = useUser();
  const session = useSession();
  const dialogs = useDialogs();
  const [members, { reload, update }] = useLoad(user.currentTeam._id, listMembers);
  const can = {
    managePermissions: session.can("team.members.manage_permissions"),
    remove: session.can("team.members.delete_member"),
    invite: session.can("team.invites.create_invite"),
  };
  const quota = user.currentTeam.quotas.members ?? 0;
  const membersFull = fullQuota(useQuotaUsage(), "members");
  const count = members.status === "ready" ? members.data.length : 0;

  const invite = () =>
    dialogs.open((close) => (
      <InviteMemberDialog onClose={close} onInvited={() => notify.success(t`The invite is ready.`)} />
    ));

  return (
    <div className="team-page">
      <div className="team-page-head">
        <h1>
          <Trans>Members</Trans>
        </h1>
        {can.invite && (
          <div className="quota-gated">
            <button
              type="button"
              className="button primary"
              onClick={invite}
              disabled={membersFull !== null}
              aria-describedby={membersFull !== null ? "members-quota" : undefined}
            >
              <Trans>Invite a member</Trans>
            </button>
            {membersFull !== null && <QuotaReason id="members-quota" name="members" limit={membersFull} />}
          </div>
        )}
      </div>
      {members.status === "ready" && (
        <p className="muted">
          <Trans>
            {count} of <Plural value={quota} one="# member" other="# members" />
          </Trans>
        </p>
      )}
      <WhenLoaded state={members} onRetry={reload} empty={<Trans>The team has no member.</Trans>}>
        {(list) => (
          <DataTable caption={t`The team's members`} columns={[t`Member`, t`Role`, t`Joined`, t`Actions`]}>
            {list.map((m) => {
              const name = m.name;
              const actions = memberActions(user, m, can);
              return (
                <tr key={m._id} data-member={m._id}>
                  <td>
                    <span className="team-person">
                      <Avatar src={m.profile_picture} alt="" size={28} />
                      <strong>{name}</strong>
                      {m._id === user._id && <span className="muted">{t`(you)`}</span>}
                    </span>
                  </td>
                  <td>{m.pivot.role === "owner" ? t`Owner` : t`Member`}</td>
                  <td>{formatDate(i18n, m.pivot.created_at)}</td>
                  <td>
                    <div className="team-row-actions">
                      {actions.permissions && (
                        <button
                          type="button"
                          className="button small"
                          aria-label={t`Permissions of ${name}`}
                          onClick={() =>
                            dialogs.open((close) => (
                              <MemberPermissionsDialog
                                member={m}
                                onClose={close}
                                onSaved={(saved) => {
                                  update((list) => list.map((x) => (x._id === saved._id ? saved : x)));
                                  notify.success(t`The permissions of ${name} are saved.`);
                                }}
                              />
                            ))
                          }
                        >
                          <Trans>Permissions</Trans>
                        </button>
                      )}
                      {actions.remove && (
                        <button
                          type="button"
                          className="button small team-danger-text"
                          aria-label={t`Remove ${name}`}
                          onClick={() =>
                            dialogs.open((close) => (
                              <RemoveMemberDialog
                                member={m}
                                onClose={close}
                                onRemoved={(gone) => update((list) => list.filter((x) => x._id !== gone._id))}
                              />
                            ))
                          }
                        >
                          <Trans>Remove</Trans>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </WhenLoaded>
    </div>
  );
}

/** Remove a member from the team (app-shell.md §2, §7 DELETE /teams/current/members/{id}); §8 "member removed". */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Member } from "../../../codegen/types";
import { notify } from "../feedback/Toasts";
import { removeMember } from "../team/api";
import { ConfirmCallDialog } from "../team/ConfirmCallDialog";
import { Avatar } from "../widgets/Avatar";

export function RemoveMemberDialog({
  member,
  onClose,
  onRemoved,
}: {
  member: Member;
  onClose(): void;
  onRemoved?(member: Member): void;
}) {
  const { t } = useLingui();
  const name = member.name;
  return (
    <ConfirmCallDialog
      title={t`Remove this member?`}
      confirmLabel={t`Remove`}
      danger
      run={() => removeMember(member._id)}
      onClose={onClose}
      onDone={() => {
        onRemoved?.(member);
        onClose();
        notify.success(t`Member removed`);
      }}
    >
      <p className="team-person">
        <Avatar src={member.profile_picture} alt="" size={32} /> <strong>{name}</strong>
      </p>
      <p>
        <Trans>
          {name} will no longer see this team. The contests, accounts and shortlinks they made stay with the
          team.
        </Trans>
      </p>
    </ConfirmCallDialog>
  );
}

/** Cancel an active invite (app-shell.md §2, §4, §7 DELETE /teams/current/invites/{id}); §8 "invite canceled". */
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import type { Invite } from "../../../codegen/types";
import { notify } from "../feedback/Toasts";
import { cancelInvite } from "../team/api";
import { ConfirmCallDialog } from "../team/ConfirmCallDialog";

export function CancelInviteDialog({
  invite,
  onClose,
  onCanceled,
}: {
  invite: Invite;
  onClose(): void;
  onCanceled?(invite: Invite): void;
}) {
  const { t } = useLingui();
  const email = invite.email;
  const canceled = useRef<Invite | null>(null);
  return (
    <ConfirmCallDialog
      title={t`Cancel this invite?`}
      confirmLabel={t`Cancel the invite`}
      dismissLabel={t`Keep it`}
      danger
      run={async () => {
        canceled.current = await cancelInvite(invite._id);
      }}
      onClose={onClose}
      onDone={() => {
        onCanceled?.(canceled.current ?? { ...invite, status: "canceled" });
        onClose();
        notify.success(t`Invite canceled`);
      }}
    >
      <p>
        {email ? (
          <Trans>The link sent to {email} will stop working. This can't be undone.</Trans>
        ) : (
          <Trans>The invite link will stop working. This can't be undone.</Trans>
        )}
      </p>
    </ConfirmCallDialog>
  );
}

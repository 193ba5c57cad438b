/**
 * Unlink one of your own accounts (app-shell.md §2, /me/delegation): DELETE /users/me/accounts/{id}. Every team it
 * was lent to loses it. A success toast says "account unlinked" (§8).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { api, unwrap } from "../api/client";
import { notify } from "../feedback/Toasts";
import { ConfirmCallDialog } from "../team/ConfirmCallDialog";

export type UserAccountSummary = { _id: string; name: string; screen_name: string; provider: string };

export function UnlinkUserAccountDialog({
  account,
  onClose,
  onUnlinked,
}: {
  account: UserAccountSummary;
  onClose(): void;
  onUnlinked(): void;
}) {
  const { t } = useLingui();
  const label = account.screen_name ? `${account.name} (@${account.screen_name})` : account.name;
  return (
    <ConfirmCallDialog
      title={t`Unlink an account`}
      confirmLabel={t`Unlink`}
      danger
      hold
      run={async () => {
        await unwrap(api.users.me.accounts[":id"].$delete({ param: { id: account._id } }));
      }}
      onClose={onClose}
      onDone={() => {
        onUnlinked();
        onClose();
        notify.success(t`Account unlinked`);
      }}
    >
      <p>
        <Trans>
          Unlink {label}? Every team you lent it to stops using it. You can link it again with a new
          invitation.
        </Trans>
      </p>
    </ConfirmCallDialog>
  );
}

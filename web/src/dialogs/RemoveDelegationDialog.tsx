/**
 * Remove a delegated account (app-shell.md §2, /me/delegation): the team stops using the account you lent it;
 * the account stays yours. DELETE /users/me/accounts/delegations/{delegation_id}, then a success toast.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { api, unwrap } from "../api/client";
import { notify } from "../feedback/Toasts";
import { ConfirmCallDialog } from "../team/ConfirmCallDialog";

export type DelegationSummary = {
  delegation_id: string;
  name: string;
  screen_name: string;
  provider: string;
  team: { name: string };
};

export function RemoveDelegationDialog({
  delegation,
  onClose,
  onRemoved,
}: {
  delegation: DelegationSummary;
  onClose(): void;
  onRemoved(): void;
}) {
  const { t } = useLingui();
  const account = delegation.screen_name
    ? `${delegation.name} (@${delegation.screen_name})`
    : delegation.name;
  const team = delegation.team.name;
  return (
    <ConfirmCallDialog
      title={t`Remove a lent account`}
      confirmLabel={t`Remove`}
      hold
      run={async () => {
        await unwrap(
          api.users.me.accounts.delegations[":delegation_id"].$delete({
            param: { delegation_id: delegation.delegation_id },
          }),
        );
      }}
      onClose={onClose}
      onDone={() => {
        onRemoved();
        onClose();
        notify.success(t`${account} is no longer lent to ${team}`);
      }}
    >
      <p>
        <Trans>
          {team} will no longer run contests with {account}. The account stays yours and its running contests
          keep their entries.
        </Trans>
      </p>
    </ConfirmCallDialog>
  );
}

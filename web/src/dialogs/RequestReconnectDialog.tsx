/**
 * Ask for an account to be reconnected (app-shell.md §2): whoever linked or lent it is told to sign in to the
 * network again (POST /teams/current/accounts/{id}/request_reconnect).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Account } from "../../../codegen/types";
import { ProviderMark } from "../components/ProviderMark";
import { requestReconnect } from "../team/api";
import { ConfirmCallDialog } from "../team/ConfirmCallDialog";

export function RequestReconnectDialog({
  account,
  onClose,
  onRequested,
}: {
  account: Account;
  onClose(): void;
  onRequested?(account: Account): void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmCallDialog
      title={t`Ask for a reconnection?`}
      confirmLabel={t`Send the request`}
      run={() => requestReconnect(account._id)}
      onClose={onClose}
      onDone={() => {
        onRequested?.(account);
        onClose();
      }}
    >
      <p>
        <ProviderMark provider={account.provider} withName /> <strong>{account.name}</strong>{" "}
        <span className="muted">@{account.screen_name}</span>
      </p>
      <p>
        <Trans>
          The person who linked this account gets a notification asking them to sign in to the network again.
          When nobody in the team linked it, every member is told.
        </Trans>
      </p>
    </ConfirmCallDialog>
  );
}

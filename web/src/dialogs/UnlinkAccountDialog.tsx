/** Unlink a team account (app-shell.md §2, §7 DELETE /teams/current/accounts/{id}); §8 "account unlinked". */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Account } from "../../../codegen/types";
import { ProviderMark } from "../components/ProviderMark";
import { notify } from "../feedback/Toasts";
import { unlinkAccount } from "../team/api";
import { ConfirmCallDialog } from "../team/ConfirmCallDialog";

export function UnlinkAccountDialog({
  account,
  onClose,
  onUnlinked,
}: {
  account: Account;
  onClose(): void;
  onUnlinked?(account: Account): void;
}) {
  const { t } = useLingui();
  const name = account.name;
  return (
    <ConfirmCallDialog
      title={t`Unlink this account?`}
      confirmLabel={t`Unlink`}
      danger
      run={() => unlinkAccount(account._id)}
      onClose={onClose}
      onDone={() => {
        onUnlinked?.(account);
        onClose();
        notify.success(t`Account unlinked`);
      }}
    >
      <p>
        <ProviderMark provider={account.provider} withName /> <strong>{name}</strong>{" "}
        <span className="muted">@{account.screen_name}</span>
      </p>
      <p>
        <Trans>
          The team will no longer publish with it nor load its entries. Contests that used it keep their
          results.
        </Trans>
      </p>
    </ConfirmCallDialog>
  );
}

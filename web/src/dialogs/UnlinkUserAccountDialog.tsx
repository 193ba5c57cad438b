/**
 * Unlink one of your own accounts (app-shell.md §2, /me/delegation): DELETE /users/me/accounts/{id}. Every team it
 * was lent to loses it. A success alert says "account unlinked" (§8).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { api, unwrap } from "../api/client";
import { useErrorHandler } from "../shell/useErrorHandler";
import { HoldButton, type HoldState } from "../widgets/HoldButton";
import { useDialogs } from "./DialogHost";
import { Modal } from "./Modal";

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
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const [state, setState] = useState<HoldState>("hold");
  const label = account.screen_name ? `${account.name} (@${account.screen_name})` : account.name;

  const unlink = async () => {
    setState("loading");
    try {
      await unwrap(api.users.me.accounts[":id"].$delete({ param: { id: account._id } }));
      onUnlinked();
      void dialogs.alert({ type: "success", title: t`Account unlinked` });
    } catch (err) {
      setState("hold");
      onError(err);
    }
  };

  return (
    <Modal title={t`Unlink an account`} onClose={onClose} closable={state !== "loading"} size="small">
      <div data-dialog="unlink-user-account">
        <p>
          <Trans>
            Unlink {label}? Every team you lent it to stops using it. You can link it again with a new
            invitation.
          </Trans>
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} disabled={state === "loading"}>
            <Trans>Cancel</Trans>
          </button>
          <HoldButton dangerous state={state} onConfirm={() => void unlink()}>
            <Trans>Unlink</Trans>
          </HoldButton>
        </div>
      </div>
    </Modal>
  );
}

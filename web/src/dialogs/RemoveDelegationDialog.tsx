/**
 * Remove a delegated account (app-shell.md §2, /me/delegation): the team stops using the account you lent it;
 * the account stays yours. DELETE /users/me/accounts/delegations/{delegation_id}, then a success alert.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { api, unwrap } from "../api/client";
import { useErrorHandler } from "../shell/useErrorHandler";
import { HoldButton, type HoldState } from "../widgets/HoldButton";
import { useDialogs } from "./DialogHost";
import { Modal } from "./Modal";

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
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const [state, setState] = useState<HoldState>("hold");
  const account = delegation.screen_name
    ? `${delegation.name} (@${delegation.screen_name})`
    : delegation.name;
  const team = delegation.team.name;

  const remove = async () => {
    setState("loading");
    try {
      await unwrap(
        api.users.me.accounts.delegations[":delegation_id"].$delete({
          param: { delegation_id: delegation.delegation_id },
        }),
      );
      onRemoved();
      void dialogs.alert({ type: "success", title: t`${account} is no longer lent to ${team}` });
    } catch (err) {
      setState("hold");
      onError(err);
    }
  };

  return (
    <Modal title={t`Remove a lent account`} onClose={onClose} closable={state !== "loading"} size="small">
      <div data-dialog="remove-delegation">
        <p>
          <Trans>
            {team} will no longer run contests with {account}. The account stays yours and its running
            contests keep their entries.
          </Trans>
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} disabled={state === "loading"}>
            <Trans>Cancel</Trans>
          </button>
          <HoldButton state={state} onConfirm={() => void remove()}>
            <Trans>Remove</Trans>
          </HoldButton>
        </div>
      </div>
    </Modal>
  );
}

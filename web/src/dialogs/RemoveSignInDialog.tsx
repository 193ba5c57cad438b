/**
 * Stop signing in with one network (the "unlink user account" dialog of app-shell.md §2, for a login):
 * DELETE /users/me/sign_in/{id}. The e-mail code keeps working: it is how the person signs in without it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { api, unwrap } from "../api/client";
import { ConfirmCallDialog } from "../team/ConfirmCallDialog";
import { useDialogs } from "./DialogHost";

export function RemoveSignInDialog({
  login,
  networkName,
  onClose,
  onRemoved,
}: {
  login: { _id: string; name: string };
  networkName: string;
  onClose(): void;
  onRemoved(): void;
}) {
  const { t } = useLingui();
  const dialogs = useDialogs();
  const name = login.name;
  return (
    <ConfirmCallDialog
      title={t`Stop signing in with ${networkName}`}
      confirmLabel={t`Remove`}
      danger
      run={async () => {
        await unwrap(api.users.me.sign_in[":id"].$delete({ param: { id: login._id } }));
      }}
      onClose={onClose}
      onDone={() => {
        onRemoved();
        void dialogs.alert({ type: "success", title: t`Account unlinked` });
      }}
    >
      <p>
        <Trans>
          Stop signing in with the {networkName} login {name}? You can still sign in with a code sent to your
          e-mail address, and add {networkName} again at any time.
        </Trans>
      </p>
    </ConfirmCallDialog>
  );
}

/**
 * The import of a bought one-shot quick draw (app-shell.md §2 "import one-shot contest"): back from the checkout
 * with the name, network and link chosen before paying, the person checks them and imports the post. Same form
 * and call as the quick draw (QuickdrawImportDialog).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ImportDialogProps, ImportPostDialog } from "./QuickdrawImportDialog";

export function OneShotImportDialog(props: ImportDialogProps) {
  const { t } = useLingui();
  return (
    <ImportPostDialog
      {...props}
      title={t`Import your one-shot contest`}
      intro={
        <p>
          <Trans>Your one-shot quick draw is ready: check the post and its name, then import it.</Trans>
        </p>
      }
    />
  );
}

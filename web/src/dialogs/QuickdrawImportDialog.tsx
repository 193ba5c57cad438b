/**
 * Import a post as a contest (quickdraw, app-shell.md §2 "import contest (quickdraw) … with a name and post
 * preview"): the import form (contest/ImportPostForm) in a dialog that cannot be closed while the call runs.
 */
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { ImportPostForm, type ImportPostFormProps } from "../contest/ImportPostForm";
import { providerOf } from "../providers";
import type { Dialogs } from "./DialogHost";
import { Modal } from "./Modal";
import { TwitterRegistrationNoticeDialog, twitterNoticeSeen } from "./TwitterRegistrationNoticeDialog";

export type ImportDialogProps = Omit<
  ImportPostFormProps,
  "onCancel" | "onBusy" | "intro" | "skipTwitterNotice"
> & {
  onClose(): void;
};

export function ImportPostDialog({
  title,
  intro,
  onClose,
  ...form
}: ImportDialogProps & { title: string; intro?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={title} onClose={onClose} closable={!busy}>
      <ImportPostForm {...form} intro={intro} onCancel={onClose} onBusy={setBusy} skipTwitterNotice />
    </Modal>
  );
}

export function QuickdrawImportDialog(props: ImportDialogProps) {
  const { t } = useLingui();
  return <ImportPostDialog {...props} title={t`Import a post`} />;
}

/**
 * Opens the import dialog, after the X (Twitter) registration notice for a post of X unless the person asked not
 * to see it again (one dialog at a time: the notice comes first, then the import).
 */
export function openQuickdrawImport(
  dialogs: Dialogs,
  props: Omit<ImportDialogProps, "onClose">,
  Dialog: (p: ImportDialogProps) => ReactNode = QuickdrawImportDialog,
): void {
  const open = () => dialogs.open((close) => <Dialog {...props} onClose={close} />);
  if (providerOf(props.post.provider)?.ui.import_notice === true && !twitterNoticeSeen()) {
    dialogs.open((close) => <TwitterRegistrationNoticeDialog onClose={close} onContinue={open} />);
  } else open();
}

// Placeholder until this dialog lands (issue 6, app-shell.md §2 "Dialogs").
import { Modal } from "./Modal";

export function ShortlinksDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal title="ShortlinksDialog" onClose={onClose}>
      {null}
    </Modal>
  );
}

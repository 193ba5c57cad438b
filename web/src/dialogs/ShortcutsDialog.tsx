// Placeholder until this dialog lands (issue 6, app-shell.md §2 "Dialogs").
import { Modal } from "./Modal";

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal title="ShortcutsDialog" onClose={onClose}>
      {null}
    </Modal>
  );
}

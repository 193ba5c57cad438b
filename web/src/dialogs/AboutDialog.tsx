// Placeholder until this dialog lands (issue 6, app-shell.md §2 "Dialogs").
import { Modal } from "./Modal";

export function AboutDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal title="AboutDialog" onClose={onClose}>
      {null}
    </Modal>
  );
}

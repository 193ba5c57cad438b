// Placeholder until this dialog lands (issue 6, app-shell.md §2 "Dialogs").
import { Modal } from "./Modal";

export function LanguageDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal title="LanguageDialog" onClose={onClose}>
      {null}
    </Modal>
  );
}

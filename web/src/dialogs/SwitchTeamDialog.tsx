// Placeholder until this dialog lands (issue 6, app-shell.md §2 "Dialogs").
import { Modal } from "./Modal";

export function SwitchTeamDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal title="SwitchTeamDialog" onClose={onClose}>
      {null}
    </Modal>
  );
}

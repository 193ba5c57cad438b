// Placeholder until the contact dialog lands (issue 6, app-shell.md §2 "Contact support").
import { Modal } from "./Modal";

export type ContactDialogProps = { onClose(): void; errorId?: string; forced?: boolean };

export function ContactDialog({ onClose }: ContactDialogProps) {
  return (
    <Modal title="Contact" onClose={onClose}>
      {null}
    </Modal>
  );
}

/** The dialogs of the person's account: confirm a new e-mail, delete the account, remove a loan, unlink an account. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, fn, within } from "storybook/test";
import { ConfirmEmailDialog } from "../../web/src/dialogs/ConfirmEmailDialog";
import { DeleteAccountDialog } from "../../web/src/dialogs/DeleteAccountDialog";
import { RemoveDelegationDialog } from "../../web/src/dialogs/RemoveDelegationDialog";
import { UnlinkUserAccountDialog } from "../../web/src/dialogs/UnlinkUserAccountDialog";
import { withShell } from "./decorators";

type Which = "confirm-email" | "delete-account" | "remove-delegation" | "unlink-user-account";

function AccountDialog({ which, onClose, onDone }: { which: Which; onClose(): void; onDone(): void }) {
  switch (which) {
    case "confirm-email":
      return <ConfirmEmailDialog email="dana@new-address.test" onClose={onClose} onConfirmed={onDone} />;
    case "delete-account":
      return <DeleteAccountDialog onClose={onClose} />;
    case "remove-delegation":
      return (
        <RemoveDelegationDialog
          delegation={{
            delegation_id: "d1",
            name: "Dana Demo",
            screen_name: "dana.bsky.social",
            provider: "bluesky",
            team: { name: "Acme Agency" },
          }}
          onClose={onClose}
          onRemoved={onDone}
        />
      );
    case "unlink-user-account":
      return (
        <UnlinkUserAccountDialog
          account={{ _id: "a1", name: "Dana Demo", screen_name: "danademo", provider: "twitter" }}
          onClose={onClose}
          onUnlinked={onDone}
        />
      );
  }
}

const meta = {
  title: "Dialogs/Account",
  component: AccountDialog,
  decorators: [withShell],
  args: { which: "confirm-email", onClose: fn(), onDone: fn() },
} satisfies Meta<typeof AccountDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ConfirmEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("textbox")).toHaveLength(6);
    await expect(canvas.getByText("dana@new-address.test")).toBeInTheDocument();
  },
};

export const ConfirmEmailIncomplete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Confirm" }));
    await expect(canvas.getByRole("alert").textContent).toBe("Enter the 6 digits of the code.");
  },
};

export const DeleteAccount: Story = {
  args: { which: "delete-account" },
  play: async ({ canvasElement }) => {
    const hold = within(canvasElement).getByRole("button", { name: /Delete my account/ });
    await expect(hold.textContent).toContain("(hold 5 seconds)");
  },
};

export const RemoveDelegation: Story = {
  args: { which: "remove-delegation" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("dialog").textContent).toContain("Acme Agency");
  },
};

export const UnlinkUserAccount: Story = {
  args: { which: "unlink-user-account" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("dialog").textContent).toContain("Dana Demo (@danademo)");
  },
};

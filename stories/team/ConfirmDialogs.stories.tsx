/** The team's confirmation dialogs: unlink an account, ask for a reconnection, remove a member, cancel an invite. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { CancelInviteDialog } from "../../web/src/dialogs/CancelInviteDialog";
import { RemoveMemberDialog } from "../../web/src/dialogs/RemoveMemberDialog";
import { RequestReconnectDialog } from "../../web/src/dialogs/RequestReconnectDialog";
import { UnlinkAccountDialog } from "../../web/src/dialogs/UnlinkAccountDialog";
import { activeInvite, bobMember, sandboxAccount } from "./fixtures";
import { withProviders } from "./providers";

const meta = {
  title: "Team/ConfirmDialogs",
  component: UnlinkAccountDialog,
  decorators: [withProviders],
  args: { account: sandboxAccount, onClose: fn(), onUnlinked: fn() },
} satisfies Meta<typeof UnlinkAccountDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const UnlinkAccount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("dialog", { name: "Unlink this account?" })).toBeInTheDocument();
    await expect(canvas.getByText("Fairdraw Demo (bluesky)")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Unlink" })).toBeEnabled();
  },
};

export const RequestReconnect: Story = {
  render: (args) => <RequestReconnectDialog account={args.account} onClose={args.onClose} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("dialog", { name: "Ask for a reconnection?" })).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Send the request" })).toBeEnabled();
  },
};

export const RemoveMember: Story = {
  render: (args) => <RemoveMemberDialog member={bobMember} onClose={args.onClose} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("dialog", { name: "Remove this member?" })).toBeInTheDocument();
    await expect(canvas.getByText(/Bob Member will no longer see this team/)).toBeInTheDocument();
  },
};

export const CancelInvite: Story = {
  render: (args) => <CancelInviteDialog invite={activeInvite} onClose={args.onClose} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(/The link sent to carol@fairdraw.test will stop working/),
    ).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Keep it" })).toBeEnabled();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { InviteLinkDialog } from "../../web/src/dialogs/InviteLinkDialog";
import { activeInvite, expiredInvite } from "./fixtures";
import { withProviders } from "./providers";

/** An invite that is still active when the story runs: it expires in two days. */
const active = { ...activeInvite, expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString() };

const meta = {
  title: "Team/InviteLinkDialog",
  component: InviteLinkDialog,
  decorators: [withProviders],
  args: { invite: active, onClose: fn() },
} satisfies Meta<typeof InviteLinkDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Active: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("timer")).toHaveAttribute("data-colour", "green");
    await expect(canvas.getByLabelText("Invite link")).toHaveValue(
      `${window.location.origin}/invite/demo-invite-carol`,
    );
    await expect(canvas.getByRole("button", { name: "Copy the invite link" })).toBeInTheDocument();
  },
};

/** An account invite past its date: no link, no countdown. */
export const Expired: Story = {
  args: { invite: expiredInvite },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("timer")).toBeNull();
    await expect(canvas.getByText("Bluesky")).toBeInTheDocument();
    await expect(canvas.getByText(/This invite expired on/)).toBeInTheDocument();
  },
};

export const Canceled: Story = {
  args: { invite: { ...activeInvite, status: "canceled", canceled_at: "2026-05-03T10:00:00.000Z" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/This invite was canceled on/)).toBeInTheDocument();
    await expect(canvas.queryByLabelText("Invite link")).toBeNull();
  },
};

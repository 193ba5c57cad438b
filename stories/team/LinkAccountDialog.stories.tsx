import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { LinkAccountDialog } from "../../web/src/dialogs/LinkAccountDialog";
import { without, withProviders } from "./providers";

const meta = {
  title: "Team/LinkAccountDialog",
  component: LinkAccountDialog,
  decorators: [withProviders],
  args: { onClose: fn(), onInvited: fn(), onLinked: fn() },
} satisfies Meta<typeof LinkAccountDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Only the networks that can be invited: the login-only ones (LinkedIn, Twitch) are not offered. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "Bluesky" })).toBeInTheDocument();
    await expect(canvas.queryByRole("radio", { name: "LinkedIn" })).toBeNull();
    await expect(canvas.queryByRole("radio", { name: "Twitch" })).toBeNull();
  },
};

export const Filled: Story = {
  args: { initialProvider: "youtube" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "YouTube" })).toBeChecked();
    await userEvent.type(
      canvas.getByLabelText("E-mail of the account's holder (optional)"),
      "holder@example.com",
    );
    await expect(canvas.getByRole("button", { name: "Create the invite" })).toBeEnabled();
  },
};

/** Neither inviting nor linking is allowed. */
export const Disabled: Story = {
  parameters: { user: without("team.invites.create_invite", "team.accounts.update_account") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("button", { name: "Create the invite" })).toBeNull();
    await expect(canvas.getByText(/You don't have the permission to link accounts/)).toBeInTheDocument();
  },
};

/** Bluesky: a real account is connected with its handle and an app password, beside the sandbox for rehearsals. */
export const ConnectBluesky: Story = {
  args: { initialProvider: "bluesky" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByRole("form", { name: "Connect a Bluesky account" });
    await expect(within(form).getByLabelText("App password")).toHaveAttribute("type", "password");
    await expect(within(form).getByRole("link", { name: "Make an app password on Bluesky" })).toHaveAttribute(
      "href",
      "https://bsky.app/settings/app-passwords",
    );
    await expect(canvas.getByRole("button", { name: "Add a sandbox account" })).toBeEnabled();
  },
};

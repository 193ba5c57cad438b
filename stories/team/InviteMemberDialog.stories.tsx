import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { InviteMemberDialog } from "../../web/src/dialogs/InviteMemberDialog";
import { withProviders } from "./providers";

const meta = {
  title: "Team/InviteMemberDialog",
  component: InviteMemberDialog,
  decorators: [withProviders],
  args: { onClose: fn(), onInvited: fn() },
} satisfies Meta<typeof InviteMemberDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The address is optional: the invite can be created at once. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("E-mail address (optional)")).toHaveValue("");
    await expect(canvas.getByRole("button", { name: "Create the invite" })).toBeEnabled();
  },
};

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText("E-mail address (optional)"), "carol@fairdraw.test");
    await expect(canvas.getByLabelText("E-mail address (optional)")).toHaveValue("carol@fairdraw.test");
  },
};

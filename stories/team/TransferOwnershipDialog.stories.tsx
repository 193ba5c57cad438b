import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { TransferOwnershipDialog } from "../../web/src/dialogs/TransferOwnershipDialog";
import { members, ownerMember } from "./fixtures";
import { withProviders } from "./providers";

const meta = {
  title: "Team/TransferOwnershipDialog",
  component: TransferOwnershipDialog,
  decorators: [withProviders],
  args: { team: { _id: "team-other", name: "Other team" }, members, onClose: fn(), onTransferred: fn() },
} satisfies Meta<typeof TransferOwnershipDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText("New owner")).toHaveValue("");
    await expect(canvas.getByRole("button", { name: /Transfer the ownership/ })).toBeDisabled();
    await expect(canvas.queryByRole("option", { name: ownerMember.name })).toBeNull();
  },
};

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByLabelText("New owner"), "Bob Member");
    await expect(canvas.getByRole("button", { name: /Transfer the ownership/ })).toBeEnabled();
  },
};

/** Nobody to give it to yet. */
export const Disabled: Story = {
  args: { members: [ownerMember] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The team has no other member yet/)).toBeInTheDocument();
  },
};

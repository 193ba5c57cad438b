import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { MemberPermissionsDialog } from "../../web/src/dialogs/MemberPermissionsDialog";
import { userWith } from "../../web/src/testing/fixtures";
import { aliceMember, bobMember, ownerMember } from "./fixtures";
import { without, withProviders } from "./providers";

const meta = {
  title: "Team/MemberPermissionsDialog",
  component: MemberPermissionsDialog,
  decorators: [withProviders],
  args: { member: bobMember, onClose: fn(), onSaved: fn() },
} satisfies Meta<typeof MemberPermissionsDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("tab", { name: "Contests" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("checkbox", { name: "See the team's contests" })).toBeChecked();
    await expect(canvas.getByRole("button", { name: "Save the changes" })).toBeDisabled();
  },
};

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("checkbox", { name: "Create a contest" }));
    await expect(canvas.getByText("1 change to save")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Save the changes" })).toBeEnabled();
  },
};

/** The owner's permissions can't be edited. */
export const Owner: Story = {
  args: { member: ownerMember },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText("The owner holds every permission; they can't be changed."),
    ).toBeInTheDocument();
    for (const box of canvas.getAllByRole("checkbox")) await expect(box).toBeDisabled();
  },
};

/** Nobody edits their own permissions. */
export const Self: Story = {
  args: { member: aliceMember },
  parameters: {
    user: userWith((u) => {
      u._id = aliceMember._id;
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("You can't change your own permissions.")).toBeInTheDocument();
  },
};

/** The viewer lacks a permission: its checkbox is disabled. */
export const Disabled: Story = {
  parameters: { user: without("team.contests.do_finaldraw") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("checkbox", { name: /^Run the final draw/ })).toBeDisabled();
    await expect(canvas.getByRole("checkbox", { name: "Run a test draw" })).toBeEnabled();
  },
};

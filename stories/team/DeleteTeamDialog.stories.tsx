import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DeleteTeamDialog } from "../../web/src/dialogs/DeleteTeamDialog";
import { withProviders } from "./providers";

const meta = {
  title: "Team/DeleteTeamDialog",
  component: DeleteTeamDialog,
  decorators: [withProviders],
  args: { team: { _id: "team-other", name: "Other team" }, onClose: fn() },
} satisfies Meta<typeof DeleteTeamDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The hold button waits for the team's name. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: /Delete the team/ })).toBeDisabled();
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText("Type the team's name to confirm"), "other team");
    await expect(canvas.getByRole("button", { name: /Delete the team/ })).toBeDisabled();
  },
};

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText("Type the team's name to confirm"), "Other team");
    const button = canvas.getByRole("button", { name: /Delete the team/ });
    await expect(button).toBeEnabled();
    await expect(button).toHaveTextContent("(hold 5 seconds)");
  },
};

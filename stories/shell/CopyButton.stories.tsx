import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, waitFor, within } from "storybook/test";
import { CopyButton } from "../../web/src/widgets/CopyButton";

const meta = {
  title: "Widgets/CopyButton",
  component: CopyButton,
  args: { text: "https://fairdraw.app/invite/demo-invite-carol", label: "Copy the invitation link" },
} satisfies Meta<typeof CopyButton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status").textContent).toBe("");
  },
};

/** "Copied!" shows for 1 s. */
export const Copied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Copy the invitation link" }));
    await expect(canvas.getByRole("status").textContent).toBe("Copied!");
    await waitFor(() => expect(canvas.getByRole("status").textContent).toBe(""), { timeout: 2000 });
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { HoldButton } from "../../web/src/widgets/HoldButton";

const meta = {
  title: "Widgets/HoldButton",
  component: HoldButton,
  args: { children: "Delete the contest", onConfirm: fn() },
} satisfies Meta<typeof HoldButton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Hold: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button");
    await expect(button.getAttribute("data-state")).toBe("hold");
    await expect(button.textContent).toContain("(hold 2.5 seconds)");
  },
};

export const Dangerous: Story = {
  args: { dangerous: true, children: "Delete my account" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button").textContent).toContain("(hold 5 seconds)");
  },
};

export const Loading: Story = {
  args: { state: "loading" },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button");
    await expect(button).toBeDisabled();
    await expect(button.textContent).toBe("Please wait…");
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button")).toBeDisabled();
  },
};

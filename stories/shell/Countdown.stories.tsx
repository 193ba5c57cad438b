import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, within } from "storybook/test";
import { Countdown } from "../../web/src/widgets/Countdown";
import { inSeconds } from "./decorators";

/** A countdown to `seconds` from the moment it is drawn (a date fixed when the file loads would drift). */
function CountdownIn({ seconds, compact }: { seconds: number; compact?: boolean }) {
  const [to] = useState(() => inSeconds(seconds));
  return <Countdown to={to} compact={compact} />;
}

const meta = {
  title: "Widgets/Countdown",
  component: CountdownIn,
  args: { seconds: 2 * 86_400 + 3 * 3600 },
} satisfies Meta<typeof CountdownIn>;
export default meta;

type Story = StoryObj<typeof meta>;

const colourOf = (el: HTMLElement) => within(el).getByRole("timer").getAttribute("data-colour");

/** Above 600 s left. */
export const Green: Story = {
  play: async ({ canvasElement }) => {
    await expect(colourOf(canvasElement)).toBe("green");
    await expect(within(canvasElement).getByRole("timer").textContent).toMatch(/^2d 0[23]:/);
  },
};

/** Between 300 and 600 s left. */
export const Yellow: Story = {
  args: { seconds: 450 },
  play: async ({ canvasElement }) => {
    await expect(colourOf(canvasElement)).toBe("yellow");
  },
};

/** 300 s or less. */
export const Red: Story = {
  args: { seconds: 120 },
  play: async ({ canvasElement }) => {
    await expect(colourOf(canvasElement)).toBe("red");
  },
};

/** Minutes and seconds only (the builder's last 15 minutes). */
export const Compact: Story = {
  args: { seconds: 14 * 60 + 30, compact: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("timer").textContent).toMatch(/^14:[23]\d$/);
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ContestBaseCard } from "../web/src/components/ContestBaseCard";
import { emptyBase, filledBase } from "./fixtures";

const meta = {
  title: "Contest/ContestBaseCard",
  component: ContestBaseCard,
  args: { base: filledBase },
} satisfies Meta<typeof ContestBaseCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Summer giveaway" })).toBeInTheDocument();
    await expect(canvas.getByText("3 winners")).toBeInTheDocument();
    await expect(canvas.getByText("Manual check")).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { base: emptyBase },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Untitled contest" })).toBeInTheDocument();
    await expect(canvas.getAllByText("Not set")).toHaveLength(2);
    await expect(canvas.getByText("1 winner")).toBeInTheDocument();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("3 gagnants")).toBeInTheDocument();
    await expect(canvas.getByText("Vérification manuelle")).toBeInTheDocument();
  },
};

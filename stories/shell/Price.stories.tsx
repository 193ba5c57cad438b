import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Price } from "../../web/src/widgets/Price";

const meta = {
  title: "Widgets/Price",
  component: Price,
  args: { amount: 1234.56, currency: "eur" },
} satisfies Meta<typeof Price>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Euros: Story = {
  play: async ({ canvasElement }) =>
    expect(within(canvasElement).getByText("1 234,56 €")).toBeInTheDocument(),
};
export const Dollars: Story = {
  args: { currency: "usd" },
  play: async ({ canvasElement }) =>
    expect(within(canvasElement).getByText("$ 1,234.56")).toBeInTheDocument(),
};
export const WholeAmount: Story = {
  args: { amount: 49, currency: "eur" },
  play: async ({ canvasElement }) => expect(within(canvasElement).getByText("49 €")).toBeInTheDocument(),
};
export const Yen: Story = {
  args: { amount: 1234.56, currency: "jpy" },
  play: async ({ canvasElement }) => expect(within(canvasElement).getByText("¥ 1,235")).toBeInTheDocument(),
};
export const Riyals: Story = {
  args: { currency: "sar" },
  play: async ({ canvasElement }) =>
    expect(within(canvasElement).getByText("1,234.56 SAR")).toBeInTheDocument(),
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { NumberWidget } from "../../../web/src/builder/widgets/NumberWidget";
import { formWith, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const PATH = "base.exclude_previous_winners.nb_months";
const withMonths = (nb_months: number | undefined) =>
  formWith([], { exclude_previous_winners: { enabled: true, nb_months } });

const meta = {
  title: "Builder/Widgets/Number",
  component: WidgetStory,
  args: { widget: NumberWidget, path: PATH, label: "Months", context: { form: withMonths(undefined) } },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("spinbutton");
    await expect(input).toHaveAttribute("max", "12");
    fireEvent.change(input, { target: { value: "6" } });
    await expect(input).toHaveValue(6);
  },
};

export const Filled: Story = {
  args: { context: { form: withMonths(3) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("spinbutton")).toHaveValue(3);
  },
};

export const Invalid: Story = {
  args: {
    context: {
      form: withMonths(40),
      errors: { [PATH]: [{ key: "validation.range", values: { min: 1, max: 12 }, rule: "range" }] },
    },
  },
  play: expectInvalid((canvas) => canvas.getByRole("spinbutton")),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: withMonths(3) } },
  play: expectDisabled((canvas) => canvas.getByRole("spinbutton")),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByRole("spinbutton")),
};

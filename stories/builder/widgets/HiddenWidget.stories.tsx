import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { HiddenWidget } from "../../../web/src/builder/widgets/HiddenWidget";
import { formWith, WidgetStory } from "./fixtures";

/** Nothing shows: the value is kept as it is (a hidden field has no filled, invalid, disabled or gated look). */
const meta = {
  title: "Builder/Widgets/Hidden",
  component: WidgetStory,
  args: { widget: HiddenWidget, path: "base.type", label: "Type", context: { form: formWith() } },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector('input[type="hidden"]');
    await expect(input).toHaveValue("tunnel");
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { RetweetRateGaugeWidget } from "../../../web/src/builder/widgets/RetweetRateGaugeWidget";
import { formWith, requiredError, WidgetStory } from "./fixtures";
import { expectInvalid } from "./plays";

const PATH = "sources.0.check_retweet_rate.max_percent_contests";
const twitter = (value?: number) =>
  formWith([
    { id: 100, type: "twitter", check_retweet_rate: { enabled: true, max_percent_contests: value } },
  ]);

const meta = {
  title: "Builder/Widgets/RetweetRateGauge",
  component: WidgetStory,
  args: {
    widget: RetweetRateGaugeWidget,
    path: PATH,
    label: "Retweet rate threshold",
    context: { form: twitter(), provider: "twitter" },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole("slider", { name: "Retweet rate threshold" });
    await expect(slider).toHaveAttribute("aria-valuetext", "50 %, Recommended");
    fireEvent.keyDown(slider, { key: "PageDown" });
    fireEvent.keyDown(slider, { key: "PageDown" });
    await expect(slider).toHaveAttribute("aria-valuetext", "30 %, Strict");
  },
};

export const Filled: Story = {
  args: { context: { form: twitter(80), provider: "twitter" } },
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole("slider");
    fireEvent.keyDown(slider, { key: "Home" });
    await expect(slider).toHaveAttribute("aria-valuenow", "10");
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    await expect(slider).toHaveAttribute("aria-valuenow", "10");
  },
};

export const Invalid: Story = {
  args: { context: { form: twitter(), provider: "twitter", errors: { [PATH]: requiredError } } },
  play: expectInvalid((canvas) => canvas.getByRole("slider")),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: twitter(60), provider: "twitter" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("slider")).toHaveAttribute("aria-disabled", "true");
  },
};

export const PlanGated: Story = {
  args: { gated: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("slider")).toHaveAttribute("tabindex", "-1");
  },
};

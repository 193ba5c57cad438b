import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { ToggleWidget } from "../../../web/src/builder/widgets/ToggleWidget";
import { formWith, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const PATH = "base.manual_check.enabled";
const withManualCheck = (enabled: boolean) => formWith([], { manual_check: { enabled, list: [] } });

const meta = {
  title: "Builder/Widgets/Toggle",
  component: WidgetStory,
  args: {
    widget: ToggleWidget,
    path: PATH,
    label: "Manual check",
    schema: { type: "boolean" },
    context: { form: withManualCheck(false) },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole("switch", { name: "Manual check" });
    fireEvent.click(toggle);
    await expect(toggle).toBeChecked();
  },
};

export const Filled: Story = {
  args: { context: { form: withManualCheck(true) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("switch")).toBeChecked();
  },
};

export const Invalid: Story = {
  args: {
    context: {
      form: withManualCheck(true),
      errors: { [PATH]: [{ key: "validation.incompatible_with", rule: "incompatible_with" }] },
    },
  },
  play: expectInvalid((canvas) => canvas.getByRole("switch")),
};

export const Disabled: Story = {
  args: {
    path: "sources.0.anti_bots.enabled",
    label: "Anti-bots filter",
    context: {
      form: formWith([{ id: 100, type: "twitter", anti_bots: { enabled: true } }]),
      provider: "twitter",
    },
  },
  play: async ({ canvasElement }) => {
    // can_edit is false for this field in the twitter sidecar.
    await expect(within(canvasElement).getByRole("switch", { name: "Anti-bots filter" })).toBeDisabled();
  },
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByRole("switch")),
};

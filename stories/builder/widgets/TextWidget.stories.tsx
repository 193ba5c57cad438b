import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, waitFor, within } from "storybook/test";
import { TextWidget } from "../../../web/src/builder/widgets/TextWidget";
import { formWith, requiredError, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const meta = {
  title: "Builder/Widgets/Text",
  component: WidgetStory,
  args: {
    widget: TextWidget,
    path: "base.name",
    label: "Contest name",
    context: { form: formWith([], { name: "" }) },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(canvas.getByRole("textbox"), { target: { value: "Summer giveaway" } });
    await expect(canvas.getByText("15 / 50")).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: { context: { form: formWith([], { name: "Summer giveaway 2026" }) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox")).toHaveValue("Summer giveaway 2026");
  },
};

export const Invalid: Story = {
  args: { context: { form: formWith([], { name: "" }), errors: { "base.name": requiredError } } },
  play: expectInvalid((canvas) => canvas.getByRole("textbox")),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: formWith([], { name: "Locked name" }) } },
  play: expectDisabled((canvas) => canvas.getByRole("textbox")),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByRole("textbox")),
};

export const PasteReplacesLinks: Story = {
  args: { context: { form: formWith([], { name: "" }), createShortlinksOnPaste: "always" } },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole("textbox") as HTMLInputElement;
    fireEvent.paste(box, { clipboardData: { getData: () => "https://example.com/promo" } });
    await waitFor(() => expect(box.value).toBe("https://fdraw.co/k1"));
  },
};

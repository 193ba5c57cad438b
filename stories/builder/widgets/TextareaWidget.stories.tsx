import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { TextareaWidget } from "../../../web/src/builder/widgets/TextareaWidget";
import { formWith, requiredError, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const PATH = "sources.0.publication.content";
const source = (content: string) => formWith([{ id: 100, type: "facebook", publication: { content } }]);

const meta = {
  title: "Builder/Widgets/Textarea",
  component: WidgetStory,
  args: {
    widget: TextareaWidget,
    path: PATH,
    label: "Publication text",
    context: { form: source(""), provider: "facebook" },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(canvas.getByRole("textbox"), {
      target: { value: "Comment with your favourite flavour!" },
    });
    await expect(canvas.getByText("36 / 1,000")).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: {
    context: {
      form: source("🍦 Summer giveaway!\nComment with your favourite #flavour to win."),
      provider: "facebook",
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/ \/ 1,000$/)).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: { context: { form: source(""), provider: "facebook", errors: { [PATH]: requiredError } } },
  play: expectInvalid((canvas) => canvas.getByRole("textbox")),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: source("Fixed text"), provider: "facebook" } },
  play: expectDisabled((canvas) => canvas.getByRole("textbox")),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByRole("textbox")),
};

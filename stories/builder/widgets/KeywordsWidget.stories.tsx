import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { KeywordsWidget } from "../../../web/src/builder/widgets/KeywordsWidget";
import { formWith, textListSchema, tooFewError, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const PATH = "base.exclude_contains_badword.list";
const withWords = (list: string[]) =>
  formWith([], { exclude_contains_badword: { enabled: true, touched: true, list } });

const meta = {
  title: "Builder/Widgets/Keywords",
  component: WidgetStory,
  args: {
    widget: KeywordsWidget,
    path: PATH,
    label: "Bad words",
    schema: textListSchema,
    context: { form: withWords([]) },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Bad words");
    fireEvent.change(input, { target: { value: "  free   stuff " } });
    fireEvent.keyDown(input, { key: "Enter" });
    await expect(canvas.getByText("free stuff")).toBeInTheDocument();
    fireEvent.keyDown(input, { key: "Backspace" });
    await expect(canvas.queryByText("free stuff")).toBeNull();
  },
};

export const Filled: Story = {
  args: { context: { form: withWords(["spam", "scam", "free money"]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Remove scam" }));
    await expect(canvas.getAllByRole("listitem")).toHaveLength(2);
  },
};

export const Invalid: Story = {
  args: {
    context: {
      form: withWords([]),
      errors: {
        [PATH]: tooFewError(100),
      },
    },
  },
  play: expectInvalid((canvas) => canvas.getByLabelText("Bad words")),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: withWords(["spam"]) } },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: "Remove spam" })),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByLabelText("Bad words")),
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { ManualCheckReasonsWidget } from "../../../web/src/builder/widgets/ManualCheckReasonsWidget";
import { formWith, textListSchema, tooFewError, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const PATH = "base.manual_check.list";
const withReasons = (list: string[]) => formWith([], { manual_check: { enabled: true, list } });

const meta = {
  title: "Builder/Widgets/ManualCheckReasons",
  component: WidgetStory,
  args: {
    widget: ManualCheckReasonsWidget,
    path: PATH,
    label: "Rejection reasons",
    schema: textListSchema,
    context: { form: withReasons([]) },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "+ Takes part in too many contests" }));
    await expect(
      canvas.getByRole("button", { name: "Remove Takes part in too many contests" }),
    ).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: { context: { form: withReasons(["tooManyContests", "seemsAutomated", "Fake prize hunter"]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Rejection reasons");
    fireEvent.change(input, { target: { value: "no" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await expect(canvas.getByText("no: At least 3 characters.")).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: {
    context: {
      form: withReasons([]),
      errors: {
        [PATH]: tooFewError(100),
      },
    },
  },
  play: expectInvalid((canvas) => canvas.getByLabelText("Rejection reasons")),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: withReasons(["seemsAutomated"]) } },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: "+ Takes part in too many contests" })),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByLabelText("Rejection reasons")),
};

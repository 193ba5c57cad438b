import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { ManualCheckReasonsWidget } from "../../../web/src/builder/widgets/ManualCheckReasonsWidget";
import { formWith, WidgetStory } from "./fixtures";

const PATH = "base.manual_check.list";
const withReasons = (list: string[]) => formWith([], { manual_check: { enabled: true, list } });
const schema = { type: "array" as const, items: { type: "string" as const } };

const meta = {
  title: "Builder/Widgets/ManualCheckReasons",
  component: WidgetStory,
  args: {
    widget: ManualCheckReasonsWidget,
    path: PATH,
    label: "Rejection reasons",
    schema,
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
        [PATH]: [{ key: "validation.between.array", values: { min: 1, max: 100 }, rule: "array_min" }],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Rejection reasons")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: withReasons(["seemsAutomated"]) } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("button", { name: "+ Takes part in too many contests" }),
    ).toBeDisabled();
  },
};

export const PlanGated: Story = {
  args: { gated: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Rejection reasons")).toBeDisabled();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { SelectWidget } from "../../../web/src/builder/widgets/SelectWidget";
import { formWith, requiredError, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const PATH = "sources.0.actions.comment.accept";
const twitter = (accept: string | null) =>
  formWith([{ id: 100, type: "twitter", actions: { comment: { enabled: true, accept } } }]);

const meta = {
  title: "Builder/Widgets/Select",
  component: WidgetStory,
  args: {
    widget: SelectWidget,
    path: PATH,
    label: "Comments that count",
    context: { form: twitter(null), provider: "twitter" },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole("combobox");
    fireEvent.change(select, { target: { value: "only_replies" } });
    await expect(select).toHaveValue("only_replies");
  },
};

export const Filled: Story = {
  args: { context: { form: twitter("replies_and_quotes"), provider: "twitter" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("option", { name: "Replies and quotes" })).toHaveProperty(
      "selected",
      true,
    );
  },
};

export const Invalid: Story = {
  args: { context: { form: twitter(null), provider: "twitter", errors: { [PATH]: requiredError } } },
  play: expectInvalid((canvas) => canvas.getByRole("combobox")),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: twitter("only_quotes"), provider: "twitter" } },
  play: expectDisabled((canvas) => canvas.getByRole("combobox")),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByRole("combobox")),
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { ReactionsWidget } from "../../../web/src/builder/widgets/ReactionsWidget";
import { formWith, tooFewError, WidgetStory } from "./fixtures";
import { expectDisabled } from "./plays";

const PATH = "sources.0.actions.react.accept.list";
const ALL = ["like", "love", "wow", "haha", "sad", "angry"];
const schema = { type: "array" as const, items: { type: "string" as const, enum: ALL } };
const facebook = (list: string[]) =>
  formWith([{ id: 100, type: "facebook", actions: { react: { enabled: true, accept: { list } } } }]);

const meta = {
  title: "Builder/Widgets/Reactions",
  component: WidgetStory,
  args: {
    widget: ReactionsWidget,
    path: PATH,
    label: "Reactions that count",
    schema,
    context: { form: facebook(ALL), provider: "facebook" },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("checkbox", { name: "Angry" }));
    await expect(canvas.getByRole("checkbox", { name: "Angry" })).not.toBeChecked();
    await expect(canvas.getAllByRole("checkbox")).toHaveLength(6);
  },
};

export const Filled: Story = {
  args: { context: { form: facebook(["like", "love"]), provider: "facebook" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("checkbox", { name: "Sad" })).not.toBeChecked();
  },
};

export const Invalid: Story = {
  args: {
    context: {
      form: facebook([]),
      provider: "facebook",
      errors: {
        [PATH]: tooFewError(6),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("group").className).toContain("is-invalid");
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: expectDisabled((canvas) => canvas.getByRole("checkbox", { name: "Like" })),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByRole("checkbox", { name: "Love" })),
};

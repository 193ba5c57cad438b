import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { WinningMomentsWidget } from "../../../web/src/builder/widgets/WinningMomentsWidget";
import { formWith, WidgetStory } from "./fixtures";
import { expectDisabled } from "./plays";

const PATH = "sources.0.winning_moments.list";
const twitter = (list: unknown[], base: Record<string, unknown> = {}) =>
  formWith([{ id: 100, type: "twitter", winning_moments: { enabled: true, list } }], {
    nb_winners: 3,
    ...base,
  });
const moments = [
  { date: "2026-07-02T08:14:31.000Z", won: true },
  { date: "2026-07-04T17:02:05.000Z", won: false },
  { date: "2026-07-07T21:45:59.000Z", won: false },
];

const meta = {
  title: "Builder/Widgets/WinningMoments",
  component: WidgetStory,
  args: {
    widget: WinningMomentsWidget,
    path: PATH,
    label: "Winning moments",
    schema: { type: "array" },
    context: { form: twitter([]), provider: "twitter" },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Shuffle the moments" }));
    await expect(canvas.getAllByRole("listitem")).toHaveLength(3);
  },
};

export const Filled: Story = {
  args: { context: { form: twitter(moments), provider: "twitter" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Won")).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: {
    context: {
      form: twitter(moments.slice(0, 2)),
      provider: "twitter",
      errors: {
        [PATH]: [{ key: "validation.array_length_equals_field", rule: "array_length_equals_field" }],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("2 moments · for 3 winners")).toBeInTheDocument();
  },
};

export const WaitsForTheDates: Story = {
  args: { context: { form: twitter([], { start_date: null }), provider: "twitter" } },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: "Shuffle the moments" })),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: twitter(moments), provider: "twitter" } },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: "Shuffle the moments" })),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: "Shuffle the moments" })),
};

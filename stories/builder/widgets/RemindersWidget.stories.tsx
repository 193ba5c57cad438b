import type { RJSFSchema } from "@rjsf/utils";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { RemindersWidget } from "../../../web/src/builder/widgets/RemindersWidget";
import { formWith, requiredError, WidgetStory } from "./fixtures";
import { expectDisabled } from "./plays";

const PATH = "sources.0.reminders.list";
const schema: RJSFSchema = {
  type: "array",
  items: { type: "object", properties: { type: { type: ["string", "null"], default: null } } },
};
const twitter = (list: unknown[], base: Record<string, unknown> = {}) =>
  formWith([{ id: 100, type: "twitter", reminders: { enabled: true, list } }], base);
const filled = [
  {
    id: "r1",
    type: "quote",
    creation_date: "2026-07-03T10:00:00.000Z",
    content: "Two days left to enter! #SummerDraw",
    media: { files: [], count: 0 },
    dark: true,
  },
  {
    id: "r2",
    type: "retweet",
    creation_date: "2026-07-06T10:00:00.000Z",
    content: "",
    media: { files: [], count: 0 },
    dark: false,
  },
];

const meta = {
  title: "Builder/Widgets/Reminders",
  component: WidgetStory,
  args: {
    widget: RemindersWidget,
    path: PATH,
    label: "Reminders",
    schema,
    context: { form: twitter([]), provider: "twitter" },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Add a reminder" }));
    const reminder = canvas.getByRole("group", { name: "Reminder 1" });
    fireEvent.change(within(reminder).getByRole("combobox", { name: "Type" }), {
      target: { value: "reply" },
    });
    await expect(within(reminder).getByRole("textbox", { name: "Text" })).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: { context: { form: twitter(filled), provider: "twitter" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole("group", { name: "Reminder 2" })).queryByRole("textbox")).toBeNull();
    fireEvent.click(canvas.getByRole("button", { name: "Remove reminder 2" }));
    await expect(canvas.queryByRole("group", { name: "Reminder 2" })).toBeNull();
  },
};

export const WaitsForTheDates: Story = {
  args: { context: { form: twitter([], { close_date: null }), provider: "twitter" } },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: "Add a reminder" })),
};

export const Invalid: Story = {
  args: {
    context: {
      form: twitter([{ ...filled[0], type: null, creation_date: null }]),
      provider: "twitter",
      errors: { [`${PATH}.0.type`]: requiredError, [`${PATH}.0.creation_date`]: requiredError },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText("– Is required.")).toHaveLength(2);
  },
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: twitter(filled), provider: "twitter" } },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: "Add a reminder" })),
};

export const PlanGated: Story = {
  args: {
    gated: true,
    context: { form: twitter(filled), provider: "twitter", features: ["contestBuilder"] },
  },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: "Add a reminder" })),
};

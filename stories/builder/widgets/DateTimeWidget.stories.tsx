import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { DateTimeWidget } from "../../../web/src/builder/widgets/DateTimeWidget";
import { formWith, requiredError, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const meta = {
  title: "Builder/Widgets/DateTime",
  component: WidgetStory,
  args: {
    widget: DateTimeWidget,
    path: "base.close_date",
    label: "Close date",
    context: { form: formWith([], { close_date: null }) },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Close date: choose a date" }));
    const focused = canvasElement.ownerDocument.activeElement as HTMLElement;
    fireEvent.keyDown(focused, { key: "ArrowDown" });
    fireEvent.click(canvasElement.ownerDocument.activeElement as HTMLElement);
    await expect(canvas.getByRole("combobox", { name: "Time" })).toBeEnabled();
  },
};

export const Filled: Story = {
  args: { context: { form: formWith([]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: /^Close date: .+\. Change the date$/ }));
    fireEvent.change(canvas.getByRole("combobox", { name: "Time" }), { target: { value: "9:45" } });
    fireEvent.click(canvas.getByRole("button", { name: "Apply" }));
    await expect(
      canvas.getByRole("button", { name: /^Close date: .+\. Change the date$/ }),
    ).toHaveTextContent(/09:45|9:45/);
  },
};

export const FrenchWeekStartsOnMonday: Story = {
  args: { context: { form: formWith([]), locale: "fr" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: /^Close date:/ }));
    await expect(canvasElement.querySelector(".rdp-weekday")).toHaveAttribute("aria-label", "lundi");
  },
};

export const WaitsForTheStart: Story = {
  args: { context: { form: formWith([], { start_date: null, close_date: null }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Close date: choose a date" })).toBeDisabled();
    await expect(canvas.getByText("Choose the start date first.")).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: {
    context: { form: formWith([], { close_date: null }), errors: { "base.close_date": requiredError } },
  },
  play: expectInvalid((canvas) => canvas.getByRole("button", { name: /^Close date:/ })),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: formWith([]) } },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: /^Close date:/ })),
};

export const PlanGated: Story = {
  args: {
    gated: true,
    path: "base.autodraw.date",
    label: "Draw date",
    context: { form: formWith([], { autodraw: { enabled: true, date: null } }) },
  },
  play: expectDisabled((canvas) => canvas.getByRole("button", { name: /^Draw date:/ })),
};

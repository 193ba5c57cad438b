import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { ExcludedAccountsWidget } from "../../../web/src/builder/widgets/ExcludedAccountsWidget";
import { formWith, WidgetStory } from "./fixtures";

const PATH = "base.exclude_accounts.list";
const withAccounts = (list: string[]) =>
  formWith([], { exclude_accounts: { enabled: true, touched: true, list } });
const schema = { type: "array" as const, items: { type: "string" as const } };

const meta = {
  title: "Builder/Widgets/ExcludedAccounts",
  component: WidgetStory,
  args: {
    widget: ExcludedAccountsWidget,
    path: PATH,
    label: "Excluded accounts",
    schema,
    context: { form: withAccounts([]) },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Excluded accounts");
    fireEvent.change(input, { target: { value: "alice @bob" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await expect(canvas.getByText("@alice")).toBeInTheDocument();
    await expect(canvas.getByText("@bob")).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: { context: { form: withAccounts(["@fairdraw", "@fd_sandbox"]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Excluded accounts");
    fireEvent.change(input, { target: { value: "FAIRDRAW" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await expect(canvas.getByText("@FAIRDRAW: Already in the list.")).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: {
    context: {
      form: withAccounts([]),
      errors: {
        [PATH]: [{ key: "validation.between.array", values: { min: 1, max: 100 }, rule: "array_min" }],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Excluded accounts")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: withAccounts(["@fairdraw"]) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Excluded accounts")).toBeDisabled();
  },
};

export const PlanGated: Story = {
  args: { gated: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Excluded accounts")).toBeDisabled();
  },
};

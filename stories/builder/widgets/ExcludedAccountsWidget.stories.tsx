import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { ExcludedAccountsWidget } from "../../../web/src/builder/widgets/ExcludedAccountsWidget";
import { formWith, textListSchema, tooFewError, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const PATH = "base.exclude_accounts.list";
const withAccounts = (list: string[]) =>
  formWith([], { exclude_accounts: { enabled: true, touched: true, list } });

const meta = {
  title: "Builder/Widgets/ExcludedAccounts",
  component: WidgetStory,
  args: {
    widget: ExcludedAccountsWidget,
    path: PATH,
    label: "Excluded accounts",
    schema: textListSchema,
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
        [PATH]: tooFewError(100),
      },
    },
  },
  play: expectInvalid((canvas) => canvas.getByLabelText("Excluded accounts")),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: withAccounts(["@fairdraw"]) } },
  play: expectDisabled((canvas) => canvas.getByLabelText("Excluded accounts")),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByLabelText("Excluded accounts")),
};

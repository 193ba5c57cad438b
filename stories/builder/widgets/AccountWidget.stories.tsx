import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { AccountWidget } from "../../../web/src/builder/widgets/AccountWidget";
import { formWith, requiredError, WidgetStory } from "./fixtures";
import { expectDisabled, expectInvalid } from "./plays";

const PATH = "sources.0.publication.account_id";
const twitter = (account_id: number | null) =>
  formWith([{ id: 100, type: "twitter", publication: { account_id } }]);

const meta = {
  title: "Builder/Widgets/Account",
  component: WidgetStory,
  args: {
    widget: AccountWidget,
    path: PATH,
    label: "Publishing account",
    context: { form: twitter(null), provider: "twitter" },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(canvas.getByRole("combobox"), { target: { value: "1002" } });
    await expect(canvas.getByText("Sandbox")).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: { context: { form: twitter(1001), provider: "twitter" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox")).toHaveValue("1001");
  },
};

export const NoAccount: Story = {
  args: { context: { form: formWith([{ id: 100, type: "threads" }]), provider: "threads" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Link an account" })).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: { context: { form: twitter(null), provider: "twitter", errors: { [PATH]: requiredError } } },
  play: expectInvalid((canvas) => canvas.getByRole("combobox")),
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: twitter(1001), provider: "twitter" } },
  play: expectDisabled((canvas) => canvas.getByRole("combobox")),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: expectDisabled((canvas) => canvas.getByRole("combobox")),
};

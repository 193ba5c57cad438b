import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { ShortlinksDialog } from "../../web/src/dialogs/ShortlinksDialog";
import { customShortlink, shortlink } from "./fixtures";
import { without, withoutFeature, withProviders } from "./providers";

const meta = {
  title: "Team/ShortlinksDialog",
  component: ShortlinksDialog,
  decorators: [withProviders],
  args: { onClose: fn(), shortlinks: [customShortlink, shortlink] },
} satisfies Meta<typeof ShortlinksDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("https://fdr.aw/summer-2026")).toBeInTheDocument();
    await expect(canvas.getByText("42 visits")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Create a shortlink" })).toBeInTheDocument();
  },
};

export const Default: Story = {
  args: { shortlinks: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("The team has no shortlink yet.")).toBeInTheDocument();
  },
};

/** Visits are a plan feature. */
export const PlanGated: Story = {
  parameters: { user: withoutFeature("shortlinks.statistics") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("https://fdraw.co/aB3xYz")).toBeInTheDocument();
    await expect(canvas.queryByText("42 visits")).toBeNull();
  },
};

export const Disabled: Story = {
  parameters: { user: without("team.shortlinks.view_shortlink", "team.shortlinks.create_shortlink") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText("You don't have the permission to see the team's shortlinks."),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: "Create a shortlink" })).toBeNull();
  },
};

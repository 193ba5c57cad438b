import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { ShortlinkViewDialog } from "../../web/src/dialogs/ShortlinkViewDialog";
import { customShortlink, shortlink } from "./fixtures";
import { withoutFeature, withProviders } from "./providers";

const meta = {
  title: "Team/ShortlinkViewDialog",
  component: ShortlinkViewDialog,
  decorators: [withProviders],
  args: { shortlink, onClose: fn() },
} satisfies Meta<typeof ShortlinkViewDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("https://fdraw.co/aB3xYz")).toBeInTheDocument();
    await expect(canvas.getByText("42")).toBeInTheDocument();
    await expect(canvas.getByText("17")).toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: "Open its page" })).toHaveAttribute(
      "href",
      "/team/shortlinks/aB3xYz?domain=fdraw.co",
    );
  },
};

export const Filled: Story = {
  args: { shortlink: customShortlink },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("https://fdr.aw/summer-2026")).toBeInTheDocument();
    await expect(canvas.getByText("Chosen")).toBeInTheDocument();
  },
};

export const PlanGated: Story = {
  parameters: { user: withoutFeature("shortlinks.statistics") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Visit statistics come with a higher plan.")).toBeInTheDocument();
    await expect(canvas.queryByText("42")).toBeNull();
  },
};

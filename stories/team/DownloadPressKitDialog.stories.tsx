import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { DownloadPressKitDialog } from "../../web/src/dialogs/DownloadPressKitDialog";
import { withProviders } from "./providers";

const meta = {
  title: "Team/DownloadPressKitDialog",
  component: DownloadPressKitDialog,
  decorators: [withProviders],
  args: { onClose: fn() },
} satisfies Meta<typeof DownloadPressKitDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "Download fairdraw-logo.svg" })).toHaveAttribute(
      "href",
      "/press-kit/fairdraw-logo.svg",
    );
    await expect(canvas.getAllByRole("link", { name: /^Download/ })).toHaveLength(3);
  },
};

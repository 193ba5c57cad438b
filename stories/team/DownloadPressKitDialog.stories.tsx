import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { DownloadPressKitDialog } from "../../web/src/dialogs/DownloadPressKitDialog";
import manifest from "../../web/src/dialogs/press-kit.json";
import { withProviders } from "./providers";

const meta = {
  title: "Team/DownloadPressKitDialog",
  component: DownloadPressKitDialog,
  decorators: [withProviders],
  args: { onClose: fn() },
} satisfies Meta<typeof DownloadPressKitDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const kilobytes = (bytes: number) =>
  new Intl.NumberFormat("en", { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(
    bytes / 1024,
  );

// What `npm run press-kit` made (press-kit.json): the whole kit as a ZIP, then one link per file of the kit.
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(
      within(canvasElement.ownerDocument.body).getByRole("dialog", { name: "Press kit" }),
    );
    const zip = dialog.getByRole("link", {
      name: `Download the whole kit (ZIP, ${kilobytes(manifest.zip.bytes)})`,
    });
    await expect(zip).toHaveAttribute("href", `/press-kit/${manifest.zip.name}`);
    await expect(zip).toHaveAttribute("download", manifest.zip.name);

    const files = dialog.getAllByRole("link", { name: /^Download (?!the whole kit)/ });
    await expect(files.map((a) => a.getAttribute("href"))).toEqual(
      manifest.files.map((f) => `/press-kit/${f.name}`),
    );
    await expect(manifest.files.length).toBeGreaterThan(0);
    await expect(dialog.getByRole("link", { name: "Download fairdraw-logo.svg" })).toHaveAttribute(
      "href",
      "/press-kit/fairdraw-logo.svg",
    );
    // Each file says what it is and its size.
    const logo = dialog.getByRole("link", { name: "Download fairdraw-logo.svg" }).closest("li");
    await expect(logo).toHaveTextContent("The logo");
    await expect(logo).toHaveTextContent(/fairdraw-logo\.svg, \d+ kB/);
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { CreateShortlinkDialog } from "../../web/src/dialogs/CreateShortlinkDialog";
import { without, withoutFeature, withProviders } from "./providers";

const meta = {
  title: "Team/CreateShortlinkDialog",
  component: CreateShortlinkDialog,
  decorators: [withProviders],
  args: { onClose: fn() },
} satisfies Meta<typeof CreateShortlinkDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Short domain")).toHaveValue("fdraw.co");
    await expect(canvas.getByRole("radio", { name: "Random" })).toBeChecked();
    await expect(canvas.queryByLabelText("Your key")).toBeNull();
  },
};

export const Filled: Story = {
  args: {
    initial: {
      fields: { type: "custom", domain: "fdr.aw", key: "summer-2026", url: "https://example.com/summer" },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Your key")).toHaveValue("summer-2026");
    await expect(canvas.getByText("fdr.aw/")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Create" })).toBeEnabled();
  },
};

export const Invalid: Story = {
  args: {
    initial: {
      fields: { type: "custom", key: "no", url: "ftp://example.com" },
      errors: { url: "Must be a valid URL (http, https).", key: "Must be between 3 and 128 characters." },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Link to shorten")).toHaveAttribute("aria-invalid", "true");
    await expect(canvas.getByText("Must be a valid URL (http, https).")).toBeInTheDocument();
    await expect(canvas.getByText("Must be between 3 and 128 characters.")).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  parameters: { user: without("team.shortlinks.create_shortlink") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("You don't have the permission to create shortlinks.")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Create" })).toBeDisabled();
    await expect(canvas.getByLabelText("Link to shorten")).toBeDisabled();
  },
};

export const PlanGated: Story = {
  parameters: { user: withoutFeature("shortlinksCustomKey") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "Of my choice" })).toBeDisabled();
    await expect(
      canvas.getByRole("link", { name: "Needs a higher plan: see the plans" }),
    ).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import "../../web/src/contest/contests.css";
import { ContestPreviewDialog } from "../../web/src/dialogs/ContestPreviewDialog";
import { loadFromChain } from "../../web/src/testing/contest-fixtures";
import { Providers } from "../../web/src/testing/Providers";

const meta = {
  title: "Contests/ContestPreviewDialog",
  component: ContestPreviewDialog,
  decorators: [
    (Story) => (
      <Providers>
        <Story />
      </Providers>
    ),
  ],
  args: { contestId: "first", onClose: fn(), load: loadFromChain },
} satisfies Meta<typeof ContestPreviewDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Tunnel: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole("dialog", { name: "Spring giveaway" })).toBeInTheDocument();
    await expect(body.getByRole("button", { name: /Previous contest/ })).toBeDisabled();
    await expect(body.getByRole("link", { name: "Full page" })).toHaveAttribute("href", "/contest/first/");
  },
};

export const NavigatesWithArrows: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole("dialog", { name: "Spring giveaway" });
    await userEvent.keyboard("{ArrowRight}");
    await expect(await body.findByRole("dialog", { name: "Imported post" })).toBeInTheDocument();
    await expect(body.getByText("Sandbox")).toBeInTheDocument();
    await userEvent.keyboard("{ArrowRight}");
    await expect(await body.findByRole("dialog", { name: "Winter giveaway" })).toBeInTheDocument();
    await userEvent.keyboard("{ArrowLeft}");
    await expect(await body.findByRole("dialog", { name: "Imported post" })).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  args: { contestId: "missing" },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText("This contest does not exist.")).toBeInTheDocument();
  },
};

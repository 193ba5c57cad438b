import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { StartFinalDrawDialog } from "../../web/src/dialogs/StartFinalDrawDialog";
import { finalDraw, reviewContest } from "../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../web/src/testing/Providers";

const meta = {
  title: "Lifecycle/StartFinalDrawDialog",
  component: StartFinalDrawDialog,
  decorators: [
    (Story) => (
      <Providers>
        <Story />
      </Providers>
    ),
  ],
  args: {
    contest: reviewContest,
    entrants: 90,
    onClose: fn(),
    onDrawn: fn(),
    draw: fn(async () => finalDraw),
  },
} satisfies Meta<typeof StartFinalDrawDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ConsentNeeded: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = body.getByRole("dialog", { name: "Start the final draw" });
    await expect(within(dialog).getByText(/The draw picks among 90 valid entries/)).toBeInTheDocument();
    await expect(within(dialog).getByRole("button", { name: /Draw the winners/ })).toBeDisabled();
  },
};

export const Consented: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole("dialog");
    await userEvent.click(within(dialog).getByRole("checkbox"));
    await expect(within(dialog).getByRole("button", { name: /Draw the winners/ })).toBeEnabled();
    await expect(within(dialog).getByRole("button", { name: /Draw the winners/ })).toHaveTextContent(
      "(hold 5 seconds)",
    );
  },
};

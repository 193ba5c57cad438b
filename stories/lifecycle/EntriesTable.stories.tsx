import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { EntriesTable } from "../../web/src/lifecycle/EntrantRow";
import { entryFixture, invalidEntries, validEntries } from "../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../web/src/testing/Providers";

const meta = {
  title: "Lifecycle/EntriesTable",
  component: EntriesTable,
  decorators: [
    (Story) => (
      <Providers>
        <Story />
      </Providers>
    ),
  ],
  args: { entries: validEntries, caption: "Valid entries", onReview: fn() },
} satisfies Meta<typeof EntriesTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Valid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole("table", { name: "Valid entries" });
    await expect(within(table).getAllByRole("row")).toHaveLength(4);
    await expect(canvas.getByText("Approved")).toBeInTheDocument();
    await expect(canvas.getByText("Rejected")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Review Ana Lima" }));
    await expect(args.onReview).toHaveBeenCalledWith(validEntries[0]);
  },
};

export const InvalidWithReasons: Story = {
  args: { entries: invalidEntries, caption: "Removed entries" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Looks automated")).toBeInTheDocument();
    await expect(canvas.getByText("Keyword missing")).toBeInTheDocument();
    await expect(canvas.getByText("Won a recent contest")).toBeInTheDocument();
    // Removed entries are not drawn, so there is nothing to review.
    await expect(canvas.queryByRole("button", { name: /Review/ })).toBeNull();
  },
};

export const WinnersAndSubstitutes: Story = {
  args: {
    entries: [
      entryFixture({ _id: "twitter:1", name: "Winner One", screen_name: "w1", winner: true }),
      entryFixture({ _id: "twitter:2", name: "Sub One", screen_name: "s1", substitute: true, position: 1 }),
    ],
    onReview: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Winner")).toBeInTheDocument();
    await expect(canvas.getByText("Substitute")).toBeInTheDocument();
  },
};

export const WithoutReview: Story = {
  args: { onReview: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: /Review/ })).toBeNull();
  },
};

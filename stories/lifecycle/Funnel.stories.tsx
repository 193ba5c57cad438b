import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Funnel } from "../../web/src/lifecycle/Funnel";
import { funnelFixture, LIST_READS } from "../../web/src/testing/lifecycle-fixtures";

const meta = {
  title: "Lifecycle/Funnel",
  component: Funnel,
  args: { funnel: funnelFixture },
} satisfies Meta<typeof Funnel>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", { name: "How the filters sorted the entries" });
    const rows = within(table).getAllByRole("row").slice(1);
    // Read, the five filters that removed entries (in the filters' order), valid.
    await expect(rows.map((r) => r.querySelector("td")?.textContent)).toEqual([
      "120",
      "−minus 4",
      "−minus 2",
      "−minus 9",
      "−minus 3",
      "−minus 12",
      "90",
    ]);
    await expect(rows.slice(1, -1).map((r) => r.dataset.reason)).toEqual([
      "previous_winner",
      "bad_word",
      "anti_bot",
      "duplicate",
      "missing_keywords",
    ]);
    await expect(within(table).getByText("Keyword missing")).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole("alert")).toBeNull();
  },
};

export const NothingRemoved: Story = {
  args: { funnel: { total: 40, valid: 40, removed: { anti_bot: 0 } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No filter removed any entry.")).toBeInTheDocument();
  },
};

export const Truncated: Story = {
  args: {
    funnel: {
      ...funnelFixture,
      truncated: true,
      limit: 3000,
      total: 3000,
      valid: 2970,
      removed: { duplicate: 30 },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/only the first 3,000 were read/)).toBeInTheDocument();
  },
};

export const DoesNotAddUp: Story = {
  args: { funnel: { total: 10, valid: 9, removed: { bad_word: 3 } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("These numbers do not add up");
  },
};

/** What the network let us read: every reply, and the 100 most recent of 412 likers (that action not checked). */
export const ListsReadInPart: Story = {
  args: { funnel: { ...funnelFixture, lists: LIST_READS } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("What the networks let us read")).toBeInTheDocument();
    const items = canvasElement.querySelectorAll(".list-reads-list li");
    await expect([...items].map((li) => li.textContent)).toEqual([
      "Comment on X (Twitter): 50 listed of 50",
      "Like on X (Twitter): 100 listed of 412 The network lists only part of them: this action was not checked, nobody was removed for it.",
    ]);
  },
};

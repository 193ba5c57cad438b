import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { OverTimeChart } from "../../web/src/lifecycle/OverTimeChart";

const days = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"];

const meta = {
  title: "Lifecycle/OverTimeChart",
  component: OverTimeChart,
  args: {
    data: {
      unit: "day",
      buckets: days.map((at, i) => ({ at: `${at}T00:00:00.000Z`, entries: [5, 12, 0, 3][i] ?? 0 })),
    },
    timeZone: "UTC",
  },
} satisfies Meta<typeof OverTimeChart>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The contest statistics: entries per day. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        "Entries per day from Mar 1, 2026 to Mar 4, 2026: 20 in all; the busiest day, Mar 2, 2026, had 12.",
      ),
    ).toBeInTheDocument();
    const headers = canvas.getAllByRole("columnheader").map((h) => h.textContent);
    await expect(headers).toEqual(["Day", "Entries"]);
    await expect(canvasElement.querySelector(".over-time-legend")).toBeNull();
  },
};

/** A shortlink's visits per UTC day, with the new visitors drawn inside the bars (the caller's words). */
export const Filled: Story = {
  args: {
    data: { unit: "day", buckets: days.map((at, i) => ({ at, entries: [8, 3, 0, 5][i] ?? 0 })) },
    wording: {
      counted: "Visits",
      empty: "No visits in this period.",
      summary: ({ first, last, total }) => `Visits per day from ${first} to ${last} (UTC): ${total}.`,
    },
    second: { counted: "New visitors", values: [6, 1, 0, 2] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText("Visits per day from Mar 1, 2026 to Mar 4, 2026 (UTC): 16."),
    ).toBeInTheDocument();
    const headers = canvas.getAllByRole("columnheader").map((h) => h.textContent);
    await expect(headers).toEqual(["Day", "Visits", "New visitors"]);
    const first = canvas.getAllByRole("row")[1];
    await expect(
      within(first as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Mar 1, 2026", "8", "6"]);
    await expect(canvasElement.querySelectorAll("rect.over-time-second")).toHaveLength(3);
    await expect(canvasElement.querySelector(".over-time-legend")?.textContent).toBe(" Visits New visitors");
  },
};

export const Empty: Story = {
  args: { data: { unit: "day", buckets: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No entries yet.")).toBeInTheDocument();
  },
};

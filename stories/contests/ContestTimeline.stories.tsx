import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ContestTimeline } from "../../web/src/contest/ContestTimeline";
import "../../web/src/contest/contests.css";
import { contests } from "../../web/src/testing/contest-fixtures";

const meta = {
  title: "Contests/ContestTimeline",
  component: ContestTimeline,
  args: { contest: contests.planned },
} satisfies Meta<typeof ContestTimeline>;
export default meta;

type Story = StoryObj<typeof meta>;

const steps = (el: HTMLElement) =>
  within(el)
    .getAllByRole("listitem")
    .map((li) => `${li.dataset.step}:${li.dataset.state}`);

export const Planned: Story = {
  play: async ({ canvasElement }) => {
    await expect(steps(canvasElement).slice(0, 2)).toEqual(["created:done", "started:current"]);
  },
};

export const StartedClassic: Story = {
  args: { contest: contests.startedClassic },
  play: async ({ canvasElement }) => {
    await expect(steps(canvasElement).slice(0, 3)).toEqual([
      "started:done",
      "loaded:current",
      "closed:upcoming",
    ]);
  },
};

export const Ended: Story = {
  args: { contest: contests.ended },
  play: async ({ canvasElement }) => {
    await expect(steps(canvasElement).every((s) => s.endsWith(":done"))).toBe(true);
  },
};

export const Canceled: Story = {
  args: { contest: contests.canceledMerged },
  play: async ({ canvasElement }) => {
    await expect(steps(canvasElement).at(-1)).toBe("canceled:done");
  },
};

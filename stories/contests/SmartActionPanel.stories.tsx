import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SmartActionPanel } from "../../web/src/contest/SmartActionPanel";
import "../../web/src/contest/contests.css";
import { contests, NOW } from "../../web/src/testing/contest-fixtures";
import { Providers } from "../../web/src/testing/Providers";

const meta = {
  title: "Contests/SmartActionPanel",
  component: SmartActionPanel,
  decorators: [
    (Story) => (
      <Providers>
        <Story />
      </Providers>
    ),
  ],
  args: {
    contest: contests.planned,
    now: NOW,
    rights: { edit: true, delete: true, loadEntries: true, openBuilder: true },
    onEdit: fn(),
    onDelete: fn(),
    onLoadEntries: fn(),
    onOpenBuilder: fn(),
  },
} satisfies Meta<typeof SmartActionPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

const region = (el: HTMLElement) => within(el).getByRole("region", { name: "What to do next" });

export const Planned: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(region(canvasElement)).getByRole("button", { name: "Edit" }));
    await expect(args.onEdit).toHaveBeenCalled();
  },
};

export const PlannedTooCloseToEdit: Story = {
  args: { contest: contests.plannedLocked },
  play: async ({ canvasElement }) => {
    const panel = within(region(canvasElement));
    await expect(panel.getByRole("button", { name: "Edit" })).toBeDisabled();
    await expect(panel.getByText(/can no longer be edited/)).toBeInTheDocument();
  },
};

export const StartedClassic: Story = {
  args: { contest: contests.startedClassic },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(region(canvasElement)).getByRole("button", { name: "Load entries" }));
    await expect(args.onLoadEntries).toHaveBeenCalled();
  },
};

export const StartedTunnel: Story = {
  args: { contest: contests.startedTunnel },
  play: async ({ canvasElement }) => {
    await expect(
      within(region(canvasElement)).getByRole("link", { name: "View entries" }),
    ).toBeInTheDocument();
  },
};

export const ClosedWithAutodraw: Story = {
  args: { contest: contests.closedAutodraw },
  play: async ({ canvasElement }) => {
    await expect(within(region(canvasElement)).getByText(/drawn automatically/)).toBeInTheDocument();
  },
};

export const ClosedTunnel: Story = {
  args: { contest: contests.closedTunnel },
  play: async ({ canvasElement }) => {
    await expect(
      within(region(canvasElement)).getByRole("link", { name: "Go to the drawing" }),
    ).toBeInTheDocument();
  },
};

export const ClosedClassicNotSetUp: Story = {
  args: { contest: contests.closedClassic },
  play: async ({ canvasElement }) => {
    await expect(
      within(region(canvasElement)).getByRole("link", { name: "Set up the contest" }),
    ).toBeInTheDocument();
  },
};

export const ClosedClassicSetUp: Story = {
  args: { contest: contests.closedClassicSetUp },
  play: async ({ canvasElement }) => {
    await expect(
      within(region(canvasElement)).getByRole("link", { name: "Go to the drawing" }),
    ).toBeInTheDocument();
  },
};

export const Ended: Story = {
  args: { contest: contests.ended },
  play: async ({ canvasElement }) => {
    await expect(
      within(region(canvasElement)).getByRole("link", { name: "See the results" }),
    ).toBeInTheDocument();
  },
};

export const CanceledByMerge: Story = {
  args: { contest: contests.canceledMerged },
  play: async ({ canvasElement }) => {
    await expect(within(region(canvasElement)).getByText(/merged into another contest/)).toBeInTheDocument();
  },
};

export const Draft: Story = {
  args: { contest: contests.draft },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(region(canvasElement)).getByRole("button", { name: "Continue in the builder" }),
    );
    await expect(args.onOpenBuilder).toHaveBeenCalled();
  },
};

/** A member who may neither edit, delete nor load: the panel explains instead of offering. */
export const WithoutPermissions: Story = {
  args: {
    contest: contests.startedClassic,
    rights: { edit: false, delete: false, loadEntries: false, openBuilder: false },
  },
  play: async ({ canvasElement }) => {
    const panel = within(region(canvasElement));
    await expect(panel.queryByRole("button")).toBeNull();
    await expect(panel.getByText("You don't have the permission to load entries.")).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ProviderMark, ProviderMarks } from "../../web/src/components/ProviderMark";
import { ContestStatusBadge, ContestTypeBadge, SandboxLabel } from "../../web/src/contest/badges";
import type { ContestStatus } from "../../web/src/contest/types";
import { PROVIDERS } from "../../web/src/providers";

const STATUSES: ContestStatus[] = ["draft", "template", "planned", "started", "closed", "ended", "canceled"];

function Badges() {
  return (
    <div className="contest-badges">
      {STATUSES.map((s) => (
        <ContestStatusBadge key={s} status={s} />
      ))}
      <ContestTypeBadge type="classic" />
      <ContestTypeBadge type="tunnel" />
      <SandboxLabel />
      <ProviderMarks providers={PROVIDERS.filter((p) => p.contestbuilder).map((p) => p.name)} />
      <ProviderMark provider="bluesky" withName />
    </div>
  );
}

const meta = {
  title: "Contests/Badges",
  component: Badges,
} satisfies Meta<typeof Badges>;
export default meta;

type Story = StoryObj<typeof meta>;

export const All: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const label of ["Draft", "Template", "Planned", "Started", "Closed", "Ended", "Canceled"]) {
      await expect(canvas.getByText(label)).toBeInTheDocument();
    }
    await expect(canvas.getByText("Classic")).toBeInTheDocument();
    await expect(canvas.getByText("Tunnel")).toBeInTheDocument();
    await expect(canvas.getByText("Sandbox")).toBeInTheDocument();
    await expect(canvas.getByRole("img", { name: "X (Twitter)" })).toBeInTheDocument();
    await expect(canvas.getByText("Bluesky")).toBeInTheDocument();
  },
};

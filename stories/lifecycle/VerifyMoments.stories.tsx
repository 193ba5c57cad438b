import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { VerifyData } from "../../web/src/lifecycle/VerifyView";
import VerifyPage from "../../web/src/pages/verify/VerifyPage";
import { installFakeApi } from "../../web/src/testing/fake-api";
import { CONTEST_ID } from "../../web/src/testing/lifecycle-fixtures";
import {
  verifyMomentsCommitted,
  verifyMomentsMoved,
  verifyMomentsRevealed,
} from "../../web/src/testing/moment-fixtures";
import { Providers } from "../../web/src/testing/Providers";

type Args = { answer: VerifyData };

function Page(_: Args) {
  return (
    <Providers user={null} path={`/verify/${CONTEST_ID}`} route="/verify/:contestId">
      <VerifyPage />
    </Providers>
  );
}

const meta = {
  title: "Lifecycle/VerifyPage/WinningMoments",
  component: Page,
  args: { answer: verifyMomentsRevealed },
  beforeEach: ({ args }) =>
    installFakeApi({ [`GET /verify/${CONTEST_ID}`]: () => ({ body: args.answer }) }).restore,
} satisfies Meta<typeof Page>;
export default meta;

type Story = StoryObj<typeof meta>;

const checkMoments = async (canvasElement: HTMLElement) => {
  const region = await within(canvasElement).findByRole("region", { name: "Winning moments" });
  await userEvent.click(
    within(region).getByRole("button", { name: "Check the winning moments in my browser" }),
  );
  await waitFor(() => expect(within(region).getAllByRole("status")).toHaveLength(4));
  return within(region).getAllByRole("status");
};

export const Committed: Story = {
  args: { answer: verifyMomentsCommitted },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole("region", { name: "Winning moments" });
    await expect(within(region).getByText(/The moments stay secret until entries close/)).toBeInTheDocument();
    await expect(within(region).queryByRole("button")).toBeNull();
  },
};

export const Verified: Story = {
  play: async ({ canvasElement }) => {
    const checks = await checkMoments(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["true", "true", "true", "true"]);
  },
};

export const MomentMoved: Story = {
  args: { answer: verifyMomentsMoved },
  play: async ({ canvasElement }) => {
    const checks = await checkMoments(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["false", "true", "true", "true"]);
  },
};

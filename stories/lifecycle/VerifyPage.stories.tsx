import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { VerifyData } from "../../web/src/lifecycle/VerifyView";
import VerifyPage from "../../web/src/pages/verify/VerifyPage";
import { installFakeApi } from "../../web/src/testing/fake-api";
import {
  CONTEST_ID,
  verifyDrawn,
  verifyPending,
  verifyTampered,
} from "../../web/src/testing/lifecycle-fixtures";
import {
  verifyMomentsCommitted,
  verifyMomentsMoved,
  verifyMomentsRejected,
  verifyMomentsRevealed,
} from "../../web/src/testing/moment-fixtures";
import { Providers } from "../../web/src/testing/Providers";

type Args = { answer: VerifyData | null };

function Page(_: Args) {
  return (
    <Providers user={null} path={`/verify/${CONTEST_ID}`} route="/verify/:contestId">
      <VerifyPage />
    </Providers>
  );
}

const meta = {
  title: "Lifecycle/VerifyPage",
  component: Page,
  args: { answer: verifyDrawn },
  beforeEach: ({ args }) =>
    installFakeApi({
      [`GET /verify/${CONTEST_ID}`]: () =>
        args.answer
          ? { body: args.answer }
          : { status: 404, body: { error: "notFound", message: "This contest does not exist.", uid: "x" } },
    }).restore,
} satisfies Meta<typeof Page>;
export default meta;

type Story = StoryObj<typeof meta>;

const rerun = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole("button", { name: "Re-run the draw in my browser" }));
  await waitFor(() => expect(canvas.getAllByRole("status")).toHaveLength(3));
  return canvas.getAllByRole("status");
};

export const Verified: Story = {
  play: async ({ canvasElement }) => {
    const checks = await rerun(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["true", "true", "true"]);
    await expect(within(canvasElement).getByText(/Every check passed/)).toBeInTheDocument();
  },
};

export const Mismatch: Story = {
  args: { answer: verifyTampered },
  play: async ({ canvasElement }) => {
    const checks = await rerun(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["true", "true", "false"]);
    await expect(within(canvasElement).getByText(/A check failed/)).toBeInTheDocument();
  },
};

export const NotDrawnYet: Story = {
  args: { answer: verifyPending },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("status")).toHaveTextContent("The draw has not happened yet.");
    await expect(canvas.queryByRole("button", { name: "Re-run the draw in my browser" })).toBeNull();
  },
};

export const UnknownContest: Story = {
  args: { answer: null },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole("heading", { level: 1, name: "This contest does not exist" }),
    ).toBeInTheDocument();
  },
};

// Winning moments: the commitment before the close, then the moments re-checked in the browser.
const checkMoments = async (canvasElement: HTMLElement) => {
  const region = await within(canvasElement).findByRole("region", { name: "Winning moments" });
  await userEvent.click(
    within(region).getByRole("button", { name: "Check the winning moments in my browser" }),
  );
  await waitFor(() => expect(within(region).getAllByRole("status")).toHaveLength(4));
  return within(region).getAllByRole("status");
};

export const MomentsCommitted: Story = {
  args: { answer: verifyMomentsCommitted },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole("region", { name: "Winning moments" });
    await expect(within(region).getByText(/The moments stay secret until entries close/)).toBeInTheDocument();
    await expect(within(region).queryByRole("button")).toBeNull();
  },
};

export const MomentsVerified: Story = {
  args: { answer: verifyMomentsRevealed },
  play: async ({ canvasElement }) => {
    const checks = await checkMoments(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["true", "true", "true", "true"]);
  },
};

export const MomentsMoved: Story = {
  args: { answer: verifyMomentsMoved },
  play: async ({ canvasElement }) => {
    const checks = await checkMoments(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["false", "true", "true", "true"]);
  },
};

export const MomentsWinnerRejected: Story = {
  args: { answer: verifyMomentsRejected },
  play: async ({ canvasElement }) => {
    const checks = await checkMoments(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["true", "true", "true", "true"]);
    await expect(within(canvasElement).getByText(/rejected by the manual check/)).toBeInTheDocument();
  },
};

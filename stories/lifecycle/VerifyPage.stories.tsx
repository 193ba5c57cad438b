import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { momentsEntriesHash } from "../../engine/lifecycle";
import type { VerifyData } from "../../web/src/lifecycle/VerifyView";
import VerifyPage from "../../web/src/pages/verify/VerifyPage";
import { installFakeApi } from "../../web/src/testing/fake-api";
import {
  CONTEST_ID,
  verifyDrawn,
  verifyPending,
  verifyTampered,
  verifyWithReads,
} from "../../web/src/testing/lifecycle-fixtures";
import {
  MOMENT_ENTRIES,
  verifyMomentsCommitted,
  verifyMomentsMoved,
  verifyMomentsRejected,
  verifyMomentsRevealed,
} from "../../web/src/testing/moment-fixtures";
import { Providers } from "../../web/src/testing/Providers";

type Args = {
  answer: VerifyData | null;
  /** The moments' entries pages after the first, as GET /verify/{id}/moments/{source}/entries/{page} answers them. */
  momentPages?: Record<string, { id: string; at: string }[]>;
};

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
      [`GET /verify/${CONTEST_ID}/moments/:sourceId/entries/:page`]: (call) => {
        const items = args.momentPages?.[call.params.page ?? ""];
        return items
          ? { body: { items } }
          : { status: 404, body: { error: "notFound", message: "No such page.", uid: "x" } };
      },
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

/** A list frozen with what the network let us read: shown beside the fingerprint, covered by it. */
export const VerifiedWithListReads: Story = {
  args: { answer: verifyWithReads },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("What the networks let us read")).toBeInTheDocument();
    await expect(within(canvasElement).getByText("100 listed of 412")).toBeInTheDocument();
    const checks = await rerun(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["true", "true", "true"]);
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

// Winning moments: the commitment before the close, then the moments re-checked in the browser: the commitment,
// the entries list put together page by page against its published hash and size, then one check per moment.
const MOMENT_CHECKS = [
  "moments-commitment",
  "moments-list",
  "moment-winner",
  "moment-winner",
  "moment-winner",
];

const checkMoments = async (canvasElement: HTMLElement) => {
  const region = await within(canvasElement).findByRole("region", { name: "Winning moments" });
  await userEvent.click(
    within(region).getByRole("button", { name: "Check the winning moments in my browser" }),
  );
  await waitFor(() => expect(within(region).getAllByRole("status")).toHaveLength(MOMENT_CHECKS.length));
  const checks = within(region).getAllByRole("status");
  await expect(checks.map((c) => c.dataset.check)).toEqual(MOMENT_CHECKS);
  return checks;
};

/** The revealed moments' entries published over two pages: the first three with GET /verify, the rest on page 2. */
function pagedMoments(answer: VerifyData): VerifyData {
  return {
    ...answer,
    winning_moments: (answer.winning_moments ?? []).map((m) =>
      m.entries ? { ...m, entries: m.entries.slice(0, 3), entries_pages: 2 } : m,
    ),
  };
}

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
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["true", "true", "true", "true", "true"]);
    await expect(within(canvasElement).getByText(/Every check passed/)).toBeInTheDocument();
  },
};

export const MomentsListPaged: Story = {
  args: { answer: pagedMoments(verifyMomentsRevealed), momentPages: { "2": MOMENT_ENTRIES.slice(3) } },
  play: async ({ canvasElement }) => {
    const checks = await checkMoments(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["true", "true", "true", "true", "true"]);
    await expect(within(canvasElement).getByText(/Every check passed/)).toBeInTheDocument();
  },
};

// Page 2 served with one entry's time changed after the hash was published: the list check fails.
export const MomentsListPageChanged: Story = {
  args: {
    answer: pagedMoments(verifyMomentsRevealed),
    momentPages: {
      "2": MOMENT_ENTRIES.slice(3).map((e, i) => (i === 0 ? { ...e, at: "2030-03-04T15:45:00.000Z" } : e)),
    },
  },
  play: async ({ canvasElement }) => {
    const checks = await checkMoments(canvasElement);
    await expect(checks[1]?.dataset.passed).toBe("false");
    await expect(checks[1]).toHaveTextContent(`Published: ${momentsEntriesHash(MOMENT_ENTRIES)}`);
    await expect(within(canvasElement).getByText(/A check failed/)).toBeInTheDocument();
  },
};

export const MomentsListPageMissing: Story = {
  args: { answer: pagedMoments(verifyMomentsRevealed), momentPages: {} },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole("region", { name: "Winning moments" });
    await userEvent.click(
      within(region).getByRole("button", { name: "Check the winning moments in my browser" }),
    );
    await expect(await within(region).findByRole("alert")).toHaveTextContent(
      "A page of the list could not be loaded",
    );
    await expect(within(region).queryAllByRole("status")).toHaveLength(0);
  },
};

export const MomentsMoved: Story = {
  args: { answer: verifyMomentsMoved },
  play: async ({ canvasElement }) => {
    const checks = await checkMoments(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["false", "true", "true", "true", "true"]);
  },
};

export const MomentsWinnerRejected: Story = {
  args: { answer: verifyMomentsRejected },
  play: async ({ canvasElement }) => {
    const checks = await checkMoments(canvasElement);
    await expect(checks.map((c) => c.dataset.passed)).toEqual(["true", "true", "true", "true", "true"]);
    await expect(within(canvasElement).getByText(/rejected by the manual check/)).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { User } from "../../codegen/types";
import ContestDrawingPage from "../../web/src/pages/contest/ContestDrawingPage";
import { type FakeRoutes, installFakeApi } from "../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../web/src/testing/fixtures";
import {
  CONTEST_ID,
  entriesAnswer,
  finalDraw,
  reviewContest,
  testDraw,
  verifyDrawn,
  verifyPending,
} from "../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../web/src/testing/Providers";

const C = `/teams/current/contests/${CONTEST_ID}`;

type Args = { user: User; routes: FakeRoutes };

function Page({ user }: Args) {
  return (
    <Providers user={user} path={`/contest/${CONTEST_ID}/drawing`} route="/contest/:contestId/drawing">
      <ContestDrawingPage />
    </Providers>
  );
}

const closed: FakeRoutes = {
  [`GET ${C}`]: () => ({ body: reviewContest }),
  [`GET ${C}/draws`]: () => ({ body: { data: [] } }),
  [`GET /verify/${CONTEST_ID}`]: () => ({ body: verifyPending }),
  [`GET ${C}/entries`]: () => ({ body: entriesAnswer(true) }),
};

const meta = {
  title: "Lifecycle/ContestDrawingPage",
  component: Page,
  args: { user: demoUser, routes: closed },
  beforeEach: ({ args }) => installFakeApi(args.routes).restore,
} satisfies Meta<typeof Page>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ClosedBeforeTheDraw: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: "Start the final draw" })).toBeEnabled();
    await expect(await canvas.findByText(verifyPending.seed_commitment ?? "")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Run a test draw" })).toBeEnabled();
  },
};

export const WithTestDraws: Story = {
  args: {
    routes: { ...closed, [`GET ${C}/draws`]: () => ({ body: { data: [testDraw(1), testDraw(2)] } }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const headings = await canvas.findAllByRole("heading", { name: /Test draw \d/ });
    // Newest first.
    await expect(headings.map((h) => h.textContent)).toEqual(["Test draw 2", "Test draw 1"]);
  },
};

export const TestDrawsNotInThePlan: Story = {
  args: {
    user: userWith((u) => {
      u.currentTeam.features = u.currentTeam.features.filter((f) => f !== "testDraws");
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Test draws come with a higher plan.")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Run a test draw" })).toBeDisabled();
  },
};

export const NotClosedYet: Story = {
  args: { routes: { ...closed, [`GET ${C}`]: () => ({ body: { ...reviewContest, status: "started" } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText("The final draw is possible once the contest is closed."),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: "Start the final draw" })).toBeNull();
  },
};

export const Drawn: Story = {
  args: {
    routes: {
      ...closed,
      [`GET ${C}`]: () => ({ body: { ...reviewContest, status: "ended", drawn_at: finalDraw.created_at } }),
      [`GET ${C}/draws`]: () => ({ body: { data: [finalDraw] } }),
      [`GET /verify/${CONTEST_ID}`]: () => ({ body: verifyDrawn }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const final = await canvas.findByRole("region", { name: "Final draw" });
    await expect(await within(final).findAllByRole("link", { name: /@fan_/ })).toHaveLength(5);
    await expect(
      within(final).getByRole("link", { name: "Anyone can check this draw on its public page" }),
    ).toHaveAttribute("href", `/verify/${CONTEST_ID}`);
  },
};

/** Fewer accounts take part than the Entries page counts valid entries: the page says why, with the counts. */
export const FewerTakePartThanValidEntries: Story = {
  args: {
    routes: {
      ...closed,
      [`GET ${C}/entries`]: () => ({
        body: entriesAnswer(true, {
          valid: 66,
          drawable: 64,
          not_drawn: { repeated: 2, rejected: 0, moment_winners: 0 },
        }),
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const note = await canvas.findByRole("note");
    await expect(note).toHaveTextContent("2 entries come from accounts that entered more than once");
    await expect(canvas.getByText(/64 accounts take part\./)).toBeInTheDocument();
  },
};

/** The drawn people by picture, name and handle, as the draws answer names them. */
export const DrawnWithNames: Story = {
  args: {
    routes: {
      ...closed,
      [`GET ${C}`]: () => ({ body: { ...reviewContest, status: "ended", drawn_at: finalDraw.created_at } }),
      [`GET ${C}/draws`]: () => ({
        body: {
          data: [finalDraw],
          accounts: Object.fromEntries(
            [...finalDraw.winners, ...finalDraw.substitutes].map((id, i) => [
              id,
              { provider: "twitter", screen_name: `fan_${i}`, name: `Fan Number ${i}`, url: null },
            ]),
          ),
        },
      }),
      [`GET /verify/${CONTEST_ID}`]: () => ({ body: verifyDrawn }),
    },
  },
  play: async ({ canvasElement }) => {
    const final = await within(canvasElement).findByRole("region", { name: "Final draw" });
    await expect(await within(final).findByText("Fan Number 0")).toBeInTheDocument();
    await expect(final.textContent).not.toContain("twitter:");
  },
};

export const DrawsCouldNotLoad: Story = {
  args: {
    routes: {
      ...closed,
      [`GET ${C}/draws`]: () => ({ status: 500, body: { error: "server", message: "Down.", uid: "e" } }),
    },
  },
  play: async ({ canvasElement }) => {
    const final = await within(canvasElement).findByRole("region", { name: "Final draw" });
    await expect(await within(final).findByRole("alert")).toHaveTextContent("Down.");
  },
};

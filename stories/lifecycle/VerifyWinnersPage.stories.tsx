import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import VerifyWinnersPage from "../../web/src/pages/verify/VerifyWinnersPage";
import { installFakeApi } from "../../web/src/testing/fake-api";
import { CONTEST_ID, verifyDrawn, verifyPending } from "../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../web/src/testing/Providers";

type Args = { answer: unknown };

function Page(_: Args) {
  return (
    <Providers user={null} path={`/verify/${CONTEST_ID}/winners`} route="/verify/:contestId/winners">
      <VerifyWinnersPage />
    </Providers>
  );
}

const meta = {
  title: "Lifecycle/VerifyWinnersPage",
  component: Page,
  args: { answer: { ...verifyDrawn, team_name: "Lumen Coffee" } },
  beforeEach: ({ args }) =>
    installFakeApi({ [`GET /verify/${CONTEST_ID}`]: () => ({ body: args.answer }) }).restore,
} satisfies Meta<typeof Page>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The page a brand shares: the team, the contest, the date, the winners' cards and the proof. */
export const Drawn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("A giveaway by Lumen Coffee")).toBeInTheDocument();
    const list = canvas.getByRole("list", { name: "Drawn winners" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(verifyDrawn.winners.length);
    await expect(canvas.getByRole("link", { name: "Check how they were drawn" })).toHaveAttribute(
      "href",
      `/verify/${CONTEST_ID}`,
    );
  },
};

export const NotDrawnYet: Story = {
  args: { answer: { ...verifyPending, team_name: "Lumen Coffee" } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText("The winners are not drawn yet."),
    ).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ApiError } from "../../web/src/api/errors";
import type { ContestData } from "../../web/src/contest/types";
import { SetupContestDialog } from "../../web/src/dialogs/SetupContestDialog";
import { contests } from "../../web/src/testing/contest-fixtures";
import { userWith } from "../../web/src/testing/fixtures";
import { Providers } from "../../web/src/testing/Providers";

const withWinners = userWith((u) => {
  u.currentTeam.quotas = { ...u.currentTeam.quotas, winners: 20 };
});
/** The starter plan: previous winners only, no other draw filter. */
const starter = userWith((u) => {
  u.currentTeam.quotas = { ...u.currentTeam.quotas, winners: 10 };
  u.currentTeam.features = ["draw.excludePreviousWinners", "accountAgeFilter", "excludeAccounts"];
});

const setUp: ContestData = {
  ...contests.closedClassicSetUp,
  config: { ...contests.closedClassicSetUp.config, nb_winners: 2 },
  cb_data: {
    base: {
      nb_winners: 2,
      exclude_previous_winners: { enabled: true, nb_months: 6 },
      exclude_accounts: { enabled: true, touched: false, list: ["@fairdraw", "@rival"] },
      exclude_contains_badword: { enabled: false, touched: false, list: [] },
      manual_check: { enabled: true, list: ["seemsAutomated", "Shop account"] },
    },
  },
};

const meta = {
  title: "Contests/SetupContestDialog",
  component: SetupContestDialog,
  decorators: [
    (Story, { parameters }) => (
      <Providers user={(parameters.user as typeof withWinners | undefined) ?? withWinners}>
        <Story />
      </Providers>
    ),
  ],
  args: {
    contest: contests.closedClassic,
    onClose: fn(),
    onSaved: fn(),
    save: fn(async () => contests.closedClassicSetUp),
  },
} satisfies Meta<typeof SetupContestDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotSetUp: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByLabelText("Number of winners")).toHaveValue(3);
    await userEvent.click(body.getByRole("button", { name: "Save the setup" }));
    await expect(args.save).toHaveBeenCalledWith(contests.closedClassic._id, { nb_winners: 3 });
    await expect(args.onSaved).toHaveBeenCalled();
  },
};

export const Filled: Story = {
  args: { contest: setUp },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByLabelText("Won in the last … months")).toHaveValue(6);
    await expect(body.getByLabelText("Accounts to remove, one a line")).toHaveValue("@fairdraw\n@rival");
    await expect(body.getByLabelText("Seems to be a bot")).toBeChecked();
  },
};

export const Invalid: Story = {
  args: {
    save: fn(async () => {
      throw new ApiError(422, {
        error: "validation",
        message: "The given data was invalid.",
        errors: { nb_winners: ["Is not into a valid interval."] },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(body.getByRole("button", { name: "Save the setup" }));
    await expect(await body.findByText("Is not into a valid interval.")).toBeInTheDocument();
    await expect(body.getByLabelText("Number of winners")).toHaveAttribute("aria-invalid", "true");
  },
};

export const Saving: Story = {
  args: { save: fn(() => new Promise<ContestData>(() => {})) },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(body.getByRole("button", { name: "Save the setup" }));
    await expect(body.getByRole("button", { name: "Saving…" })).toBeDisabled();
    await expect(body.getByLabelText("Number of winners")).toBeDisabled();
  },
};

export const PlanGated: Story = {
  parameters: { user: starter },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByLabelText("Remove the winners of the team's recent contests")).toBeEnabled();
    await expect(body.getByLabelText("Check the entrants by hand before the draw")).toBeDisabled();
    await expect(body.getAllByRole("link", { name: "Needs a higher plan: see the plans" })).toHaveLength(3);
  },
};

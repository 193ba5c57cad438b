import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { commentTermsOf, manualCheckReasonsOf } from "../../web/src/lifecycle/contest-rules";
import { ManualCheckPanel } from "../../web/src/lifecycle/ManualCheckPanel";
import { entryFixture, reviewContest } from "../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../web/src/testing/Providers";

const entry = entryFixture();

const meta = {
  title: "Lifecycle/ManualCheckPanel",
  component: ManualCheckPanel,
  decorators: [
    (Story) => (
      <Providers>
        <Story />
      </Providers>
    ),
  ],
  args: {
    entry,
    terms: commentTermsOf(reviewContest, entry.source_id),
    reasons: manualCheckReasonsOf(reviewContest),
    decide: fn(async (body) => ({
      ...entry,
      manual_check: {
        ...entry.manual_check,
        status: body.decision === "approve" ? ("approved" as const) : ("rejected" as const),
        reasons: body.reasons,
      },
    })),
    onDecided: fn(),
    openProfile: fn(async () => ({
      entrant_id: entry._id,
      profile_url: entry.account.url ?? "",
      opened_at: "2030-03-08T10:00:00.000Z",
    })),
    onProfileOpened: fn(),
  },
} satisfies Meta<typeof ManualCheckPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

const button = (canvas: ReturnType<typeof within>, name: string) => canvas.getByRole("button", { name });

export const ProfileNotOpened: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(button(canvas, "Approve")).toBeDisabled();
    await expect(button(canvas, "Reject")).toBeDisabled();
    await expect(canvas.getByText(/Open the entrant's profile first/)).toBeInTheDocument();
    const comment = canvas.getByRole("figure", { name: "Comment 1 / 2" });
    await expect(comment.querySelector("mark.hl-keyword")).toHaveTextContent("keyword: Summer");
    await expect(comment.querySelector("mark.hl-prediction")).toHaveTextContent("prediction: 2-1");
  },
};

export const Approve: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("link", { name: /Open the profile/ }));
    await expect(args.openProfile).toHaveBeenCalled();
    await waitFor(() => expect(button(canvas, "Approve")).toBeEnabled());
    await expect(button(canvas, "Reject")).toBeDisabled();
    await userEvent.click(button(canvas, "Approve"));
    await waitFor(() => expect(args.onDecided).toHaveBeenCalled());
    await expect(args.decide).toHaveBeenCalledWith({ decision: "approve", reasons: [] });
  },
};

export const RejectWithReasons: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("link", { name: /Open the profile/ }));
    await userEvent.click(canvas.getByLabelText("Seems to be a bot"));
    await expect(button(canvas, "Approve")).toBeDisabled();
    await waitFor(() => expect(button(canvas, "Reject")).toBeEnabled());
    await userEvent.click(button(canvas, "Reject"));
    await waitFor(() => expect(args.onDecided).toHaveBeenCalled());
    await expect(args.decide).toHaveBeenCalledWith({ decision: "reject", reasons: ["seemsAutomated"] });
  },
};

export const ProfileOpenedBefore: Story = {
  args: { entry: entryFixture({ manual_check: { ...entry.manual_check, profile_opened: true } }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(button(canvas, "Approve")).toBeEnabled();
    await expect(args.openProfile).not.toHaveBeenCalled();
  },
};

export const SteppingThroughComments: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: /Next comment/ }));
    await expect(canvas.getByRole("figure", { name: "Comment 2 / 2" })).toHaveTextContent(
      "@friend look at this",
    );
    await expect(canvas.getByRole("button", { name: /Next comment/ })).toBeDisabled();
  },
};

export const AlreadyRejected: Story = {
  args: {
    entry: entryFixture({
      manual_check: {
        ...entry.manual_check,
        status: "rejected",
        reasons: ["teamOrFriendAccount"],
        checked_at: null,
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Rejected")).toBeInTheDocument();
    await expect(canvas.getByLabelText("Account of the team or a friend")).toBeChecked();
  },
};

export const NoComment: Story = {
  args: { entry: entryFixture({ manual_check: { ...entry.manual_check, comments: [] } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("This entrant wrote no comment.")).toBeInTheDocument();
  },
};

export const Locked: Story = {
  args: { locked: "The contest is drawn: its entries can no longer be checked." },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("link", { name: /Open the profile/ }));
    await expect(button(canvas, "Approve")).toBeDisabled();
    await expect(canvas.getByRole("group", { name: "Reasons to reject" })).toBeDisabled();
    await expect(args.openProfile).not.toHaveBeenCalled();
  },
};

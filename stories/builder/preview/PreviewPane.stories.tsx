import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { PreviewPane } from "../../../web/src/builder/preview";
import { teamAccounts, testConfig, WithProviders } from "../widgets/fixtures";
import { emptyPreviewForm, facebookOnlyForm, previewForm, twitterOnlyForm } from "./fixtures";

const meta = {
  title: "Builder/Preview/PreviewPane",
  component: PreviewPane,
  decorators: [
    (Story) => (
      <WithProviders>
        <div style={{ padding: "1rem", maxInlineSize: "44rem" }}>
          <Story />
        </div>
      </WithProviders>
    ),
  ],
  args: { form: twitterOnlyForm, config: testConfig, locale: "en", accounts: teamAccounts },
} satisfies Meta<typeof PreviewPane>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens a tab by its name and answers the panel it shows. */
function openTab(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement);
  fireEvent.click(canvas.getByRole("tab", { name }));
  return within(canvas.getByRole("tabpanel"));
}

export const MainPublication: Story = {
  play: async ({ canvasElement }) => {
    const panel = openTab(canvasElement, "Main publication");
    await expect(panel.getByText("#SummerDraw")).toHaveClass("post-hashtag");
    await expect(panel.getByText("@Partner_Shop")).toHaveClass("post-mention");
    await expect(panel.getByRole("link", { name: "https://fairdraw.app/rules" })).toBeInTheDocument();
  },
};

export const Reminder: Story = {
  play: async ({ canvasElement }) => {
    const panel = openTab(canvasElement, "Reminder 1");
    await expect(panel.getByText("Dark post: shown only as an ad, not on the profile")).toBeInTheDocument();
    const repost = openTab(canvasElement, "Reminder 2");
    await expect(repost.getByText("Fairdraw reposted")).toBeInTheDocument();
  },
};

export const WinningMomentWon: Story = {
  play: async ({ canvasElement }) => {
    const panel = openTab(canvasElement, "Winning moment: won");
    await expect(panel.getByText("Replying to a participant")).toBeInTheDocument();
  },
};

export const WinningMomentLost: Story = {
  play: async ({ canvasElement }) => {
    const panel = openTab(canvasElement, "Winning moment: lost");
    await expect(panel.getByText("Not this time, try again tomorrow")).toBeInTheDocument();
  },
};

export const RemindToFollow: Story = {
  play: async ({ canvasElement }) => {
    const panel = openTab(canvasElement, "Remind to follow");
    await expect(panel.getByText("@fairdraw", { selector: ".post-mention" })).toBeInTheDocument();
  },
};

export const ClosingPublication: Story = {
  play: async ({ canvasElement }) => {
    const panel = openTab(canvasElement, "Closing publication");
    await expect(panel.getByText("3f9a1c0b7d2e4f60")).toHaveAttribute("data-token", "{SEED}");
  },
};

export const WinnersPublication: Story = {
  play: async ({ canvasElement }) => {
    const panel = openTab(canvasElement, "Winners publication");
    await expect(panel.getByText("@winner_1, @winner_2")).toHaveAttribute("data-token", "{WINNERS}");
    await expect(canvasElement.querySelector('[role="tabpanel"] .media-grid')).toHaveAttribute(
      "data-count",
      "4",
    );
  },
};

export const PrivateMessage: Story = {
  play: async ({ canvasElement }) => {
    openTab(canvasElement, "Private message");
    const message = within(canvasElement).getByRole("article", { name: "Private message" });
    await expect(within(message).getByText("Alex")).toHaveAttribute("data-token", "{NAME}");
  },
};

export const KeyboardBetweenTabs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole("tab", { name: "Main publication" });
    first.focus();
    fireEvent.keyDown(first, { key: "End" });
    await expect(canvas.getByRole("tab", { name: "Private message" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    fireEvent.keyDown(canvasElement.ownerDocument.activeElement as HTMLElement, { key: "Home" });
    await expect(first).toHaveAttribute("aria-selected", "true");
  },
};

export const Facebook: Story = {
  args: { form: facebookOnlyForm },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("tab")).toHaveLength(3);
    const panel = openTab(canvasElement, "Closing publication");
    await expect(panel.getByText("Replying to the main publication")).toBeInTheDocument();
  },
};

export const SeveralSources: Story = {
  args: { form: previewForm },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("tablist")).toHaveLength(2);
  },
};

export const NoSource: Story = {
  args: { form: emptyPreviewForm },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("Add a source to see its publications here."),
    ).toBeInTheDocument();
  },
};

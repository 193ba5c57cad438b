/** The shell's small dialogs: switch team, language, about, keyboard shortcuts and the skip-tutorial question. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { AboutDialog } from "../../web/src/dialogs/AboutDialog";
import { LanguageDialog } from "../../web/src/dialogs/LanguageDialog";
import { ShortcutsDialog } from "../../web/src/dialogs/ShortcutsDialog";
import { SwitchTeamDialog } from "../../web/src/dialogs/SwitchTeamDialog";
import { SkipTutorialDialog } from "../../web/src/pages/WelcomePage";
import { userWith } from "../../web/src/testing/fixtures";
import { withShell } from "./decorators";

type Which = "switch-team" | "language" | "about" | "shortcuts" | "skip-tutorial";

function ShellDialog({ which, onClose }: { which: Which; onClose(): void }) {
  switch (which) {
    case "switch-team":
      return <SwitchTeamDialog onClose={onClose} />;
    case "language":
      return <LanguageDialog onClose={onClose} />;
    case "about":
      return <AboutDialog onClose={onClose} />;
    case "shortcuts":
      return <ShortcutsDialog onClose={onClose} />;
    case "skip-tutorial":
      return <SkipTutorialDialog onClose={onClose} onSkip={onClose} />;
  }
}

const meta = {
  title: "Dialogs/Shell",
  component: ShellDialog,
  decorators: [withShell],
  args: { which: "switch-team", onClose: fn() },
} satisfies Meta<typeof ShellDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const SwitchTeam: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: /Demo team/ }).getAttribute("aria-current")).toBe("true");
    await expect(canvas.getByRole("button", { name: /Other team/ })).toBeInTheDocument();
  },
};

export const SwitchTeamAsMember: Story = {
  parameters: {
    user: userWith((u) => {
      u.teams = [
        { _id: "team-demo", name: "Demo team", profile_picture: null, plan: "business", role: "member" },
        { _id: "team-2", name: "Agency", profile_picture: null, plan: "professional", role: "owner" },
        { _id: "team-3", name: "Side project", profile_picture: null, plan: "basic", role: "owner" },
      ];
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("listitem")).toHaveLength(3);
  },
};

export const Language: Story = {
  args: { which: "language" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).toBe("true");
    await expect(canvasElement.querySelectorAll("svg[data-flag]")).toHaveLength(5);
  },
};

export const About: Story = {
  args: { which: "about" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Version")).toBeInTheDocument();
    await expect(canvas.getByRole("navigation", { name: "Fairdraw on social networks" })).toBeInTheDocument();
  },
};

export const Shortcuts: Story = {
  args: { which: "shortcuts" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("rowheader")).toHaveLength(8);
  },
};

export const SkipTutorial: Story = {
  args: { which: "skip-tutorial" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("dialog", { name: "Skip the tutorial?" })).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Skip" })).toBeInTheDocument();
  },
};

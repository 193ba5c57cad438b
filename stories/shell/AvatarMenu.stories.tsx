import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { AvatarMenu } from "../../web/src/layout/AvatarMenu";
import { userWith } from "../../web/src/testing/fixtures";
import { withShell } from "./decorators";

const meta = {
  title: "Shell/AvatarMenu",
  component: AvatarMenu,
  decorators: [withShell],
} satisfies Meta<typeof AvatarMenu>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Account menu" });
    await expect(button.getAttribute("aria-expanded")).toBe("false");
  },
};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Account menu" }));
    const items = canvas.getAllByRole("listitem").map((li) => li.textContent);
    await expect(items).toEqual([
      "Profile",
      "Subscription",
      "Switch team",
      "Switch language",
      "Tutorial",
      "Contact",
      "About",
      "Log out",
    ]);
  },
};

export const OpenWithoutContact: Story = {
  parameters: {
    user: userWith((u) => {
      u.retweet_rate = 25;
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Account menu" }));
    await expect(canvas.queryByRole("button", { name: "Contact" })).toBeNull();
    await expect(canvas.getByRole("link", { name: "Log out" }).getAttribute("href")).toBe("/logout");
  },
};

export const OpensTheLanguageDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Account menu" }));
    fireEvent.click(canvas.getByRole("button", { name: "Switch language" }));
    await expect(canvas.getByRole("dialog", { name: "Language" })).toBeInTheDocument();
  },
};

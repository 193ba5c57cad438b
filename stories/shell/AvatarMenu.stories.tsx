import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
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

/** Opens the menu as a user does (Radix opens on pointer down or the keyboard) and gives the menu, in its portal. */
async function openMenu(canvasElement: HTMLElement) {
  const trigger = within(canvasElement).getByRole("button", { name: "Account menu" });
  await userEvent.click(trigger);
  await waitFor(() => expect(trigger.getAttribute("aria-expanded")).toBe("true"));
  return within(await within(canvasElement.ownerDocument.body).findByRole("menu"));
}

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Account menu" });
    await expect(button.getAttribute("aria-haspopup")).toBe("menu");
    await expect(button.getAttribute("aria-expanded")).toBe("false");
    await expect(within(canvasElement.ownerDocument.body).queryByRole("menu")).toBeNull();
  },
};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    const items = menu.getAllByRole("menuitem").map((item) => item.textContent);
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
    await expect(menu.getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe("/me/settings");
  },
};

export const OpenWithoutContact: Story = {
  parameters: {
    user: userWith((u) => {
      u.retweet_rate = 25;
    }),
  },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    await expect(menu.getAllByRole("menuitem")).toHaveLength(7);
    await expect(menu.queryByRole("menuitem", { name: "Contact" })).toBeNull();
    await expect(menu.getByRole("menuitem", { name: "Log out" }).getAttribute("href")).toBe("/logout");
  },
};

export const OpensTheLanguageDialog: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const menu = await openMenu(canvasElement);
    await userEvent.click(menu.getByRole("menuitem", { name: "Switch language" }));
    const dialog = await body.findByRole("dialog", { name: "Language" });
    await waitFor(() => expect(body.queryByRole("menu")).toBeNull());
    await expect(within(dialog).getByRole("button", { name: "English" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await expect(within(dialog).getAllByRole("button", { pressed: false }).length).toBeGreaterThanOrEqual(4);
  },
};

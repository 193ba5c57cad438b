import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { NotificationBell } from "../../web/src/layout/NotificationBell";
import { userWith } from "../../web/src/testing/fixtures";
import { inSeconds, withShell } from "./decorators";

const withNotifications = userWith((u) => {
  u.notifications = {
    new_count: 1,
    list: [
      {
        _id: "6650000000000000000000b2",
        created_at: inSeconds(-120),
        content: {
          key: "broadcast",
          data: {},
          title: "Entries of Spring draw are loaded",
          description: "1 204 entries, 37 excluded by your rules.",
          link: "/contest/c1/entries",
        },
        team_id: "team-demo",
        read: false,
        broadcast_user_id: null,
      },
      {
        _id: "6650000000000000000000b1",
        created_at: inSeconds(-3 * 86_400),
        content: { key: "broadcast", data: {}, title: "Welcome to Fairdraw", description: null, link: null },
        team_id: null,
        read: true,
        broadcast_user_id: null,
      },
    ],
  };
});

const meta = {
  title: "Shell/NotificationBell",
  component: NotificationBell,
  decorators: [withShell],
  parameters: { user: withNotifications },
} satisfies Meta<typeof NotificationBell>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Opens the centre as a user does and gives its panel (a Radix Popover: a dialog in a portal). */
async function openPanel(canvasElement: HTMLElement, name: string | RegExp) {
  const bell = within(canvasElement).getByRole("button", { name });
  await userEvent.click(bell);
  await waitFor(() => expect(bell.getAttribute("aria-expanded")).toBe("true"));
  return within(
    await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: "Notifications" }),
  );
}

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole("button", { name: "Notifications, 1 new" });
    await expect(bell.getAttribute("aria-expanded")).toBe("false");
    await expect(within(canvasElement.ownerDocument.body).queryByRole("dialog")).toBeNull();
  },
};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement, "Notifications, 1 new");
    await expect(panel.getByRole("heading", { name: "Notifications" })).toBeInTheDocument();
    const items = panel.getAllByRole("listitem");
    await expect(items.map((i) => i.className)).toEqual(["notification unread", "notification read"]);
    await expect(
      panel.getByRole("link", { name: "Entries of Spring draw are loaded" }).getAttribute("href"),
    ).toBe("/contest/c1/entries");
    // Opening does not mark them read: the count stays until "Mark all as read".
    await expect(panel.getByRole("button", { name: "Mark all as read" })).toBeEnabled();
    await expect(
      within(canvasElement).getByRole("button", { name: "Notifications, 1 new" }),
    ).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    user: userWith((u) => {
      u.notifications = { list: [], new_count: 0 };
    }),
  },
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement, "Notifications");
    await expect(panel.getByText("No notifications yet.")).toBeInTheDocument();
    await expect(panel.queryByRole("listitem")).toBeNull();
    await expect(panel.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  },
};

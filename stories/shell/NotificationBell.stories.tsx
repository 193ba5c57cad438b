import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
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

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole("button", { name: "Notifications, 1 new" });
    await expect(bell.getAttribute("aria-expanded")).toBe("false");
  },
};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Opening marks them read: the call it makes has no server here and fails silently.
    fireEvent.click(canvas.getByRole("button", { name: /Notifications/ }));
    const panel = canvas.getByRole("region", { name: "Notifications" });
    await expect(within(panel).getAllByRole("listitem")).toHaveLength(2);
    await expect(
      within(panel).getByRole("link", { name: "Entries of Spring draw are loaded" }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Notifications" })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    user: userWith((u) => {
      u.notifications = { list: [], new_count: 0 };
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole("button", { name: "Notifications" }));
    await expect(canvas.getByText("No notifications yet.")).toBeInTheDocument();
  },
};

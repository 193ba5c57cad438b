import type { Meta, StoryObj } from "@storybook/react-vite";
import { Route, Routes } from "react-router";
import { expect, within } from "storybook/test";
import { AppLayout } from "../../web/src/layout/AppLayout";
import { userWith } from "../../web/src/testing/fixtures";
import { inSeconds, withShell } from "./decorators";

function LayoutWithPage() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={<h1>The page</h1>} />
      </Route>
    </Routes>
  );
}

const meta = {
  title: "Shell/AppLayout",
  component: LayoutWithPage,
  decorators: [withShell],
} satisfies Meta<typeof LayoutWithPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Dashboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = canvas.getByRole("navigation", { name: "Main menu" });
    await expect(within(main).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await expect(canvas.getByRole("link", { name: "Demo team" }).getAttribute("href")).toBe("/team/");
    await expect(canvas.getByRole("link", { name: "Dana Demo" }).getAttribute("href")).toBe("/me/settings");
    await expect(canvas.getByRole("button", { name: "Notifications" })).toBeInTheDocument();
    await expect(canvas.queryByRole("navigation", { name: "Section menu" })).toBeNull();
    await expect(canvas.getByRole("heading", { name: "The page" })).toBeInTheDocument();
  },
};

export const TeamSection: Story = {
  parameters: { path: "/team/members" },
  play: async ({ canvasElement }) => {
    const sub = within(canvasElement).getByRole("navigation", { name: "Section menu" });
    await expect(within(sub).getAllByRole("link")).toHaveLength(8);
    await expect(within(sub).getByRole("link", { name: "Members" }).getAttribute("aria-current")).toBe(
      "page",
    );
  },
};

export const MeSection: Story = {
  parameters: { path: "/me/settings" },
  play: async ({ canvasElement }) => {
    const sub = within(canvasElement).getByRole("navigation", { name: "Section menu" });
    await expect(
      within(sub)
        .getAllByRole("link")
        .map((l) => l.getAttribute("href")),
    ).toEqual(["/me/teams", "/me/delegation", "/me/contests", "/me/activity", "/me/settings"]);
  },
};

export const BasicPlanBanner: Story = {
  parameters: {
    user: userWith((u) => {
      u.currentTeam.plan = "basic";
      u.currentTeam.features = [];
    }),
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "See what a plan unlocks" });
    await expect(link.getAttribute("href")).toBe("/team/subscription");
  },
};

export const FrozenTeam: Story = {
  parameters: {
    path: "/team/members",
    user: userWith((u) => {
      u.currentTeam.frozen = { limit_date: inSeconds(5 * 86_400) };
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[data-status]")?.getAttribute("data-status")).toBe("402");
    await expect(within(canvasElement).getByRole("timer")).toBeInTheDocument();
  },
};

export const WithNotifications: Story = {
  parameters: {
    user: userWith((u) => {
      u.notifications = {
        new_count: 2,
        list: [
          {
            _id: "6650000000000000000000a2",
            created_at: inSeconds(-300),
            content: {
              key: "broadcast",
              data: {},
              title: "Your contest Spring draw has started",
              description: "Entries are coming in.",
              link: "/contest/c1/",
            },
            team_id: "team-demo",
            read: false,
            broadcast_user_id: null,
          },
          {
            _id: "6650000000000000000000a1",
            created_at: inSeconds(-86_400),
            content: {
              key: "broadcast",
              data: {},
              title: "Alice joined the team",
              description: null,
              link: null,
            },
            team_id: "team-demo",
            read: true,
            broadcast_user_id: null,
          },
        ],
      };
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Notifications, 2 new" })).toBeInTheDocument();
  },
};

/** The notification centre: header, mark all as read, unread items marked, empty state, time on its own line. */
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { produce } from "immer";
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../../codegen/types";
import { activateLocale } from "../../../web/src/i18n/activate";
import { NotificationBell } from "../../../web/src/layout/NotificationBell";
import { useSession } from "../../../web/src/session/session";
import { demoUser } from "../../../web/src/testing/fixtures";
import { mockApi } from "../mock-api";
import { renderShell } from "../shell/render";

beforeAll(() => activateLocale("en"));

type Item = User["notifications"]["list"][number];

function item(id: string, title: string, read: boolean, minutesAgo: number): Item {
  return {
    _id: id.padStart(24, "0"),
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    content: { key: "broadcast", data: {}, title, description: `About ${title}`, link: null },
    team_id: null,
    read,
    broadcast_user_id: null,
  } as Item;
}

const withNotifications = (list: Item[], newCount: number) =>
  produce(demoUser, (u) => {
    u.notifications = { list, new_count: newCount };
  });

let pushNew: ((n: Item) => void) | undefined;
/** Stands for the realtime provider: prepends a notification the way add_notification does. */
function SocketStandIn() {
  const session = useSession();
  pushNew = (n) => {
    if (session.status !== "ready") return;
    session.setUser(
      produce(session.user, (d) => {
        d.notifications.list.unshift(n);
        d.notifications.new_count += 1;
      }),
    );
  };
  return null;
}

describe("NotificationBell", () => {
  it("opens a panel with a header, the unread items marked and each time on its own line", async () => {
    const user = userEvent.setup();
    renderShell(<NotificationBell />, {
      user: withNotifications([item("2", "Second", false, 5), item("1", "First", true, 90)], 1),
    });
    await user.click(screen.getByRole("button", { name: "Notifications, 1 new" }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    expect(within(panel).getByRole("heading", { name: "Notifications" })).toBeTruthy();
    const items = within(panel).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.className).toBe("notification unread");
    expect(items[0]?.textContent).toContain("Unread:");
    expect(items[1]?.className).toBe("notification read");
    expect(items[1]?.textContent).not.toContain("Unread:");
    const time = items[0]?.querySelector("time");
    expect(time?.textContent).toBe("5 minutes ago");
    expect(time?.classList.contains("notification-time")).toBe(true);
  });

  it("marks all as read with one call naming the newest, and the count goes", async () => {
    const api = mockApi({
      "POST /users/me": (call) => ({ body: { data: { ...demoUser, _echo: call.body } } }),
    });
    const user = userEvent.setup();
    renderShell(<NotificationBell />, {
      user: withNotifications([item("2", "Second", false, 5), item("1", "First", false, 90)], 2),
    });
    await user.click(screen.getByRole("button", { name: "Notifications, 2 new" }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    await user.click(within(panel).getByRole("button", { name: "Mark all as read" }));
    expect(api.to("POST /users/me").map((c) => c.body)).toEqual([
      { last_read_notification_id: "2".padStart(24, "0") },
    ]);
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
    for (const li of within(panel).getAllByRole("listitem")) expect(li.className).toBe("notification read");
    expect(within(panel).getByRole("button", { name: "Mark all as read" }).hasAttribute("disabled")).toBe(
      true,
    );
  });

  it("says so when there is nothing, with nothing to mark", async () => {
    const user = userEvent.setup();
    renderShell(<NotificationBell />, { user: withNotifications([], 0) });
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    expect(within(panel).getByText("No notifications yet.")).toBeTruthy();
    expect(within(panel).queryByRole("list")).toBeNull();
    expect(within(panel).getByRole("button", { name: "Mark all as read" }).hasAttribute("disabled")).toBe(
      true,
    );
  });

  it("lays out an item pushed while the panel is open like the others", async () => {
    const user = userEvent.setup();
    renderShell(
      <>
        <SocketStandIn />
        <NotificationBell />
      </>,
      { user: withNotifications([item("1", "First", false, 90)], 1) },
    );
    await user.click(screen.getByRole("button", { name: "Notifications, 1 new" }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    act(() => pushNew?.(item("3", "Fresh", false, 0)));
    const items = within(panel).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("Fresh");
    expect(items[0]?.className).toBe(items[1]?.className);
    expect([...(items[0]?.querySelectorAll("[class]") ?? [])].map((e) => e.className)).toEqual(
      [...(items[1]?.querySelectorAll("[class]") ?? [])].map((e) => e.className),
    );
    expect(screen.getByRole("button", { name: "Notifications, 2 new" })).toBeTruthy();
  });
});

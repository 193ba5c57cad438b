import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import { notificationText } from "../../../web/src/layout/notification-text";

beforeAll(() => activateLocale("en"));

describe("notificationText", () => {
  it("words a known key from its data in the person's language", async () => {
    const content = {
      key: "contestJobFailed",
      data: { contest: { _id: "c1", name: "Summer" } },
      title: null,
      description: null,
    };
    expect(notificationText(i18n, content).title).toBe("A scheduled step of Summer failed.");
    await activateLocale("fr");
    expect(notificationText(i18n, content).title).not.toBe("A scheduled step of Summer failed.");
    await activateLocale("en");
  });

  it("tells the team a winner refused a private message", () => {
    const content = {
      key: "privateMessageRefused",
      data: {
        contest: { _id: "c1", name: "Summer" },
        winner: { screen_name: "alice.bsky.social" },
        account: { screen_name: "brand.bsky.social" },
      },
      title: null,
      description: null,
    };
    expect(notificationText(i18n, content)).toEqual({
      title: "@alice.bsky.social does not accept private messages from @brand.bsky.social.",
      description: "The message to this winner of Summer was not delivered. Reach them another way.",
    });
  });

  it("falls back to the server's title, then to a generic line, for an unknown key", () => {
    const base = { key: "somethingNew", data: {}, description: null };
    expect(notificationText(i18n, { ...base, title: "Hello" }).title).toBe("Hello");
    expect(notificationText(i18n, { ...base, title: null }).title).toBe("New notification");
  });
});

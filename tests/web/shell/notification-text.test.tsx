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

  it("falls back to the server's title, then to a generic line, for an unknown key", () => {
    const base = { key: "somethingNew", data: {}, description: null };
    expect(notificationText(i18n, { ...base, title: "Hello" }).title).toBe("Hello");
    expect(notificationText(i18n, { ...base, title: null }).title).toBe("New notification");
  });
});

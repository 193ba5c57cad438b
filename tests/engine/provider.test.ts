/** What a network's definition says winners can be sent (capabilities.private_messages), read one way everywhere. */
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../api/catalog";
import {
  grantedScopesOf,
  mentionOf,
  privateMessageMode,
  privateMessageWindowDays,
  unreadableActions,
} from "../../engine/provider";

const providers = loadCatalog().providers;

describe("privateMessageMode", () => {
  it("reads none, reply_to_comment or direct from the network's definition", () => {
    expect(privateMessageMode(providers.get("youtube"))).toBe("none");
    expect(privateMessageMode(providers.get("facebook"))).toBe("reply_to_comment");
    expect(privateMessageWindowDays(providers.get("facebook"))).toBe(7);
    expect(privateMessageMode(providers.get("bluesky"))).toBe("direct");
  });

  it("takes a definition without capabilities as direct, as before they existed", () => {
    expect(privateMessageMode({ name: "partial" } as never)).toBe("direct");
    expect(privateMessageMode(undefined)).toBe("direct");
  });
});

describe("unreadableActions", () => {
  it("names the actions whose required scope the account's grant lacks (TikTok's comments without comment.list)", () => {
    const tiktok = providers.get("tiktok");
    expect(unreadableActions(tiktok, ["user.info.basic", "video.publish"])).toEqual(["comment"]);
    expect(unreadableActions(tiktok, ["user.info.basic", "comment.list"])).toEqual([]);
    expect(unreadableActions(providers.get("youtube"), [])).toEqual([]);
  });

  it("refuses nothing for an account whose grant is not kept (a sandbox or app-password account)", () => {
    expect(unreadableActions(providers.get("tiktok"), null)).toEqual([]);
    expect(grantedScopesOf({})).toBeNull();
    expect(grantedScopesOf({ granted_scopes: ["comment.list", 3] })).toEqual(["comment.list"]);
  });
});

describe("mentionOf", () => {
  it("names a person by @handle, or by name on a network whose people have no handle (a Facebook Page)", () => {
    const person = { screen_name: "ana_lima", name: "Ana Lima" };
    expect(mentionOf(providers.get("twitter"), person)).toBe("@ana_lima");
    expect(mentionOf(providers.get("bluesky"), { ...person, screen_name: "@ana.bsky.social" })).toBe(
      "@ana.bsky.social",
    );
    expect(mentionOf(providers.get("facebook"), person)).toBe("Ana Lima");
    // Without a name to say, the handle is all there is.
    expect(mentionOf(providers.get("facebook"), { screen_name: "10234", name: null })).toBe("@10234");
  });
});

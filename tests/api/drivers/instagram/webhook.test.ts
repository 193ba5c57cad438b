import { describe, expect, it } from "vitest";
import { instagramNetwork } from "../../../../api/drivers/instagram/network";
import { instagramWebhookEvents } from "../../../../api/drivers/instagram/webhook";

/** A delivery as Meta's Webhooks reference shows it for Instagram `comments`. */
const delivery = (changes: unknown[], time: number = 1_764_320_400) => ({
  object: "instagram",
  entry: [{ id: "17841400000000001", time, changes }],
});
const comment = (id: string, extra: Record<string, unknown> = {}) => ({
  field: "comments",
  value: {
    from: { id: "90000000000000001", username: "fan1" },
    media: { id: "17900000000000001", media_product_type: "FEED" },
    id,
    text: "I enter @friend",
    ...extra,
  },
});

describe("Instagram's comments webhook", () => {
  it("makes one comment event per change, by the comment's id, with its media, author, text and time", () => {
    const events = instagramWebhookEvents(delivery([comment("17865799348089039")]));
    expect(events).toEqual([
      {
        id: "17865799348089039",
        post_id: "17900000000000001",
        action: "comment",
        entrant: { external_id: "90000000000000001", screen_name: "fan1", name: null },
        text: "I enter @friend",
        at: "2025-11-28T09:00:00.000Z",
      },
    ]);
  });

  it("takes a reply (parent_id) as a comment too, and keeps the order Meta sent", () => {
    const events = instagramWebhookEvents(
      delivery([comment("2"), comment("1", { parent_id: "2" }), comment("3")]),
    );
    expect(events.map((e) => e.id)).toEqual(["2", "1", "3"]);
  });

  it("leaves out other objects, other fields and changes without a comment id, media or author", () => {
    expect(instagramWebhookEvents({ object: "page", entry: [{ changes: [comment("1")] }] })).toEqual([]);
    expect(
      instagramWebhookEvents(
        delivery([
          { field: "mentions", value: { media_id: "1", comment_id: "2" } },
          comment("", {}),
          comment("5", { media: {} }),
          comment("6", { from: { username: "x" } }),
          { field: "comments" },
        ]),
      ),
    ).toEqual([]);
    expect(instagramWebhookEvents(null)).toEqual([]);
    expect(instagramWebhookEvents("not json")).toEqual([]);
  });

  it("gives the same id to the same comment delivered twice, so the route stores it once", () => {
    const twice = instagramWebhookEvents(delivery([comment("42"), comment("42")]));
    expect(new Set(twice.map((e) => e.id)).size).toBe(1);
  });

  it("reads a time given in milliseconds as well as seconds", () => {
    const [e] = instagramWebhookEvents(delivery([comment("7")], 1_764_320_400_000));
    expect(e?.at).toBe("2025-11-28T09:00:00.000Z");
  });

  it("is the network entry's webhook part", () => {
    expect(instagramNetwork.webhook?.events(delivery([comment("8")]))).toHaveLength(1);
  });
});

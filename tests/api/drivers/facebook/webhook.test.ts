import { describe, expect, it } from "vitest";
import { facebookFeedEvents } from "../../../../api/drivers/facebook/webhook";

const feed = (...values: Record<string, unknown>[]) => ({
  object: "page",
  entry: [{ id: "1044", time: 1, changes: values.map((value) => ({ field: "feed", value })) }],
});
const from = { id: "2900", name: "Ana" };

describe("Facebook feed webhook events", () => {
  it("turns comments, their edits and removals, and reactions into events with stable ids", () => {
    const events = facebookFeedEvents(
      feed(
        {
          item: "comment",
          verb: "add",
          post_id: "1044_7",
          comment_id: "7_1",
          created_time: 1_780_000_000,
          message: "Me!",
          from,
        },
        {
          item: "comment",
          verb: "edited",
          post_id: "1044_7",
          comment_id: "7_1",
          created_time: 1_780_000_060,
          message: "Me!!",
          from,
        },
        {
          item: "comment",
          verb: "remove",
          post_id: "1044_7",
          comment_id: "7_1",
          created_time: 1_780_000_120,
          from,
        },
        {
          item: "reaction",
          verb: "add",
          post_id: "1044_7",
          reaction_type: "love",
          created_time: 1_780_000_000,
          from,
        },
      ),
    );
    expect(events.map((e) => [e.id, e.action, e.text])).toEqual([
      ["7_1", "comment", "Me!"],
      ["7_1/edited/2026-05-28T20:27:40.000Z", "comment", "Me!!"],
      ["7_1/remove", "remove", null],
      ["reaction:1044_7:2900", "react", "love"],
    ]);
    expect(events[0]).toMatchObject({
      post_id: "1044_7",
      at: "2026-05-28T20:26:40.000Z",
      entrant: { external_id: "2900", name: "Ana" },
    });
  });

  it("leaves out what is not a comment or reaction, other fields, other objects and malformed changes", () => {
    expect(
      facebookFeedEvents(
        feed(
          { item: "status", verb: "add", post_id: "1044_7", created_time: 1, from },
          { item: "comment", verb: "hide", post_id: "1044_7", comment_id: "7_2", created_time: 1, from },
          { item: "comment", verb: "add", post_id: "1044_7", created_time: 1, from },
          { item: "comment", verb: "add", post_id: "1044_7", comment_id: "7_3", from },
        ),
      ),
    ).toEqual([]);
    expect(facebookFeedEvents({ object: "instagram", entry: [] })).toEqual([]);
    expect(
      facebookFeedEvents({ object: "page", entry: [{ changes: [{ field: "mention", value: {} }] }] }),
    ).toEqual([]);
    expect(facebookFeedEvents(null)).toEqual([]);
  });
});

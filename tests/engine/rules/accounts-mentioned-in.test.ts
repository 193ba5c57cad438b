import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const NOT_MENTIONED = { key: "validation.accounts_mentioned_in" };
const rule = "array|accounts_mentioned_in:sources.$SOURCE.publication.content";
const path = "sources.0.actions.follow.other_accounts.list";
const publishing = (content: unknown) => ({ sources: [{ publication: { content } }] });

describe("accounts_mentioned_in", () => {
  it.each(
    sentences<{ does: string; value: unknown; content: unknown; expected: Outcome }>([
      {
        does: "accepts an account mentioned in the publication",
        value: ["@brand"],
        content: "Follow @brand to win!",
        expected: VALID,
      },
      {
        does: "compares handles case-insensitively",
        value: ["@Brand", "@partner"],
        content: "Follow @BRAND and @Partner",
        expected: VALID,
      },
      {
        does: "accepts a listed handle written without its @",
        value: ["brand"],
        content: "Follow @brand",
        expected: VALID,
      },
      {
        does: "accepts a mention followed by punctuation",
        value: ["@brand"],
        content: "Thanks (@brand).",
        expected: VALID,
      },
      {
        does: "refuses when one listed account is not mentioned",
        value: ["@brand", "@partner"],
        content: "Follow @brand",
        expected: NOT_MENTIONED,
      },
      {
        does: "accepts a bluesky domain handle mentioned at the end of a sentence",
        value: ["@alice.bsky.social"],
        content: "Follow @Alice.bsky.social.",
        expected: VALID,
      },
      {
        does: "refuses a bluesky handle when only its first label is mentioned",
        value: ["@alice.bsky.social"],
        content: "Follow @alice to win",
        expected: NOT_MENTIONED,
      },
      {
        does: "refuses a handle that only starts a longer mention",
        value: ["@brand"],
        content: "Follow @brandnew",
        expected: NOT_MENTIONED,
      },
      {
        does: "refuses a handle that only appears without its @",
        value: ["@brand"],
        content: "Follow brand",
        expected: NOT_MENTIONED,
      },
      {
        does: "refuses a handle that only appears in an e-mail address",
        value: ["@brand"],
        content: "Write to contact@brand.com",
        expected: NOT_MENTIONED,
      },
      {
        does: "refuses while the publication has no text",
        value: ["@brand"],
        content: undefined,
        expected: NOT_MENTIONED,
      },
      {
        does: "refuses an element that is not a text",
        value: [42],
        content: "Follow @42",
        expected: NOT_MENTIONED,
      },
      { does: "accepts an empty list (empty passes)", value: [], content: "", expected: VALID },
    ]),
  )("%s", (_, { value, content, expected }) => {
    expect(outcome({ rule, path, value, form: publishing(content) })).toEqual(expected);
  });

  it("says 'The additional accounts need to be mentionned in the main publication.' (sic)", () => {
    expect(englishText({ rule, path, value: ["@brand"], form: publishing("Hello") })).toBe(
      "The additional accounts need to be mentionned in the main publication.",
    );
  });

  it("reads the publication of the field's own source", () => {
    const form = {
      sources: [{ publication: { content: "Follow @brand" } }, { publication: { content: "Hello" } }],
    };
    expect(
      outcome({ rule, path: "sources.0.actions.follow.other_accounts.list", value: ["@brand"], form }),
    ).toBe(VALID);
    expect(
      outcome({ rule, path: "sources.1.actions.follow.other_accounts.list", value: ["@brand"], form }),
    ).toEqual(NOT_MENTIONED);
  });
});

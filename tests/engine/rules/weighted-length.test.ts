import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const atMost = (n: number) => ({ key: "validation.between.string.max", values: { n } });
const a = (n: number) => "a".repeat(n);
const URL = "https://example.com/a/very/long/path/that/twitter/shortens";

describe("weighted_length", () => {
  describe("on a twitter publication (280 by default)", () => {
    const rule = "weighted_length";
    const path = "sources.0.publication.content";
    it.each(
      sentences<{ does: string; value: string; expected: Outcome }>([
        { does: "accepts 280 characters", value: a(280), expected: VALID },
        { does: "refuses 281 characters", value: a(281), expected: atMost(280) },
        { does: "accepts 140 CJK characters, each counting 2", value: "中".repeat(140), expected: VALID },
        { does: "refuses 141 CJK characters", value: "中".repeat(141), expected: atMost(280) },
        { does: "accepts 140 emoji, each counting 2", value: "🎉".repeat(140), expected: VALID },
        { does: "refuses 141 emoji", value: "🎉".repeat(141), expected: atMost(280) },
        {
          does: "counts a long URL as 23 (256 + space + URL = 280)",
          value: `${a(256)} ${URL}`,
          expected: VALID,
        },
        {
          does: "counts a long URL as 23 (257 + space + URL = 281)",
          value: `${a(257)} ${URL}`,
          expected: atMost(280),
        },
        { does: "counts {1} as 18 (262 + 18 = 280)", value: `${a(262)}{1}`, expected: VALID },
        { does: "counts {1} as 18 (263 + 18 = 281)", value: `${a(263)}{1}`, expected: atMost(280) },
        { does: "counts any number token like {12} as 18", value: `${a(263)}{12}`, expected: atMost(280) },
        { does: "counts {SEED} as 16 (264 + 16 = 280)", value: `${a(264)}{SEED}`, expected: VALID },
        { does: "counts {SEED} as 16 (265 + 16 = 281)", value: `${a(265)}{SEED}`, expected: atMost(280) },
        {
          does: "counts {DRAW_LINK} as a short link (256 + space + 23 = 280)",
          value: `${a(256)} {DRAW_LINK}`,
          expected: VALID,
        },
        {
          does: "counts {DRAW_LINK} as a short link (257 + space + 23 = 281)",
          value: `${a(257)} {DRAW_LINK}`,
          expected: atMost(280),
        },
        { does: "counts {NAME} as 16 (264 + 16 = 280)", value: `${a(264)}{NAME}`, expected: VALID },
        { does: "counts {NAME} as 16 (265 + 16 = 281)", value: `${a(265)}{NAME}`, expected: atMost(280) },
      ]),
    )("%s", (_, { value, expected }) => {
      expect(outcome({ rule, path, value })).toEqual(expected);
    });

    it("says 'May not be greater than 280 characters.'", () => {
      expect(englishText({ rule, path, value: a(281) })).toBe("May not be greater than 280 characters.");
    });

    it.each([42, true, { text: a(500) }])("lets %j pass: it is not a text", (value) => {
      expect(outcome({ rule, path, value })).toBe(VALID);
    });
  });

  it.each(
    sentences<{ does: string; value: string; expected: Outcome }>([
      { does: "accepts 5000 characters", value: a(5000), expected: VALID },
      { does: "refuses 5001 characters", value: a(5001), expected: atMost(5000) },
      {
        does: "counts the winner's {NAME} as 16 (4984 + 16 = 5000)",
        value: `${a(4984)}{NAME}`,
        expected: VALID,
      },
      {
        does: "counts the winner's {NAME} as 16 (4985 + 16 = 5001)",
        value: `${a(4985)}{NAME}`,
        expected: atMost(5000),
      },
    ]),
  )("%s in a private message (weighted_length:5000)", (_, { value, expected }) => {
    const rule = "weighted_length:5000";
    expect(outcome({ rule, path: "sources.0.winners_private_message.content", value })).toEqual(expected);
  });

  it.each(
    sentences<{ does: string; value: string; expected: Outcome }>([
      { does: "accepts 200 characters", value: a(200), expected: VALID },
      { does: "refuses 201 characters", value: a(201), expected: atMost(200) },
    ]),
  )("%s in a remind-to-follow text (weighted_length:200)", (_, { value, expected }) => {
    const rule = "weighted_length:200";
    expect(outcome({ rule, path: "sources.0.remind_to_follow.list.0.content", value })).toEqual(expected);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PLACEHOLDER_WEIGHTS,
  publicationWeightedLength,
  weightedLength,
  withPlaceholdersReplaced,
} from "../../../engine/text/twitter-length";

const FAMILY = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}";
const POEM =
  "故人西辞黄鹤楼，烟花三月下扬州。孤帆远影碧空尽，唯见长江天际流。朱雀桥边野草花，乌衣巷口夕阳斜。旧时王谢堂前燕，飞入寻常百姓家。" +
  "朝辞白帝彩云间，千里江陵一日还。两岸猿声啼不住，轻舟已过万重山。泪湿罗巾梦不成，夜深前殿按歌声。红颜未老恩先断，斜倚薰笼坐到明。" +
  "独在异乡为异客，每逢佳节倍思亲。遥知兄弟登高处，遍插茱萸少一人。";

describe("weightedLength", () => {
  // Cases and expectations from twitter-text's conformance/validate.yml (WeightedTweetsWithDiscountedEmojiCounterTest,
  // UnicodeDirectionalMarkerCounterTest and the older "lengths" section), the v3 counting twitter-text 3 uses.
  it.each([
    { description: "a regular tweet with a url", text: "Hi http://test.co", expected: 26 },
    { description: "just a url", text: "http://test.co", expected: 23 },
    { description: "a long tweet", text: `285 chars-${"xxxxxxxxxx-".repeat(25)}`, expected: 285 },
    {
      description: "a long tweet with a url in the middle",
      text: `285 chars- http://www.twitter.com/jack ${"xxxxxxxxxx-".repeat(24)}`,
      expected: 299,
    },
    {
      description: "a long tweet with a url at the end",
      text: `${"xxxxxxxxxx-".repeat(24)} http://www.twitter.com/jack `,
      expected: 289,
    },
    { description: "10 urls", text: "https://www.twitter.com/aloha ".repeat(10), expected: 240 },
    { description: "160 CJK characters", text: POEM, expected: 320 },
    { description: "160 emoji", text: "😷".repeat(160), expected: 320 },
    { description: "3 latin characters and 160 CJK characters", text: `the${POEM}`, expected: 323 },
    {
      description: "a decomposed character normalised into one",
      text: `282 chars-${"xxxxxxxxxx-".repeat(24)}xxxxxA\u0301x`,
      expected: 281,
    },
    {
      description: "a mix of single and double weight characters",
      text: `H\u{1F431}\u263A${FAMILY}`,
      expected: 7,
    },
    { description: "emoji inside the basic multilingual plane", text: "😷👾😡🔥💩", expected: 10 },
    {
      description: "emoji with skin tone modifiers and joiners",
      text: "\u{1F64B}\u{1F3FD}\u{1F468}\u200D\u{1F3A4}",
      expected: 4,
    },
    {
      description: "general punctuation with visible spaces",
      text: "This is a tweet with general punctuation characters: \u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u200B ‐ ‑ ‒ – — ― ‖  ‗ ‘ ’ ‚ ‛ “ ” „ ‟ ′ ″ ‴ ‵ ‶ ‷",
      expected: 110,
    },
    {
      description: "a 64-character domain, which is not a url",
      text: "randomurlrandomurlrandomurlrandomurlrandomurlrandomurlrandomurls.com",
      expected: 68,
    },
    { description: "140 family emoji", text: FAMILY.repeat(140), expected: 280 },
    {
      description: "Unicode 10.0 emoji",
      text: "Unicode 10.0 emoji: \u{1F92A}; \u{1F9D5}; \u{1F9D5}\u{1F3FE}; \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
      expected: 34,
    },
    {
      description: "Unicode 9.0 emoji",
      text: "Unicode 9.0 emoji: \u{1F920}; \u{1F483}; \u{1F483}\u{1F3FE}",
      expected: 29,
    },
    {
      description: "directional markers around a url",
      text: "\u2066\u202Ahttp://foobar.پاکستان/\u202C\u2069",
      expected: 31,
    },
    { description: "invalid characters", text: "ABC\u202A\uFFFFABC\uFFFE", expected: 12 },
    {
      description: "several urls, one without protocol",
      text: "Test https://test.com test https://test.com test.com test",
      expected: 86,
    },
  ])("weighs $description as $expected (twitter-text conformance)", ({ text, expected }) => {
    expect(weightedLength(text)).toBe(expected);
  });

  it.each([
    { description: "plain ASCII, one per character", text: "This is a test.", expected: 15 },
    { description: "accented Latin, one per character", text: "Éléonore", expected: 8 },
    { description: "CJK, two per character", text: "日本語", expected: 6 },
    { description: "Korean, two per character", text: "한국어", expected: 6 },
    { description: "an emoji, two", text: "🎁", expected: 2 },
    {
      description: "any url, 23",
      text: "https://example.com/a/very/long/path/that/goes/on?and=on",
      expected: 23,
    },
    { description: "a url without protocol, 23", text: "example.com", expected: 23 },
    { description: "nothing, 0", text: "", expected: 0 },
  ])("counts $description", ({ text, expected }) => {
    expect(weightedLength(text)).toBe(expected);
  });

  it("reaches exactly 280 with 280 ASCII characters and 281 with one more", () => {
    expect(weightedLength("a".repeat(280))).toBe(280);
    expect(weightedLength("a".repeat(281))).toBe(281);
  });

  it("reaches exactly 280 with 140 CJK characters", () => {
    expect(weightedLength("の".repeat(140))).toBe(280);
    expect(weightedLength("の".repeat(141))).toBe(282);
  });
});

describe("publicationWeightedLength", () => {
  it.each([
    { text: "{1}", expected: 18 },
    { text: "{12}", expected: 18 },
    { text: "{SEED}", expected: 16 },
    { text: "{NAME}", expected: 16 },
    { text: "{DRAW_LINK}", expected: 23 },
    { text: "Winner {1}", expected: 25 },
    { text: "Seed: {SEED}", expected: 22 },
    { text: "Bravo {NAME} !", expected: 24 },
    { text: "Results: {DRAW_LINK}", expected: 32 },
    { text: "{DRAW_LINK} {DRAW_LINK}", expected: 47 },
    { text: "{1} {2} {3}", expected: 56 },
    { text: "{1} {SEED} {NAME} {DRAW_LINK}", expected: 76 },
    { text: "{DRAW_LINK}.", expected: 24 },
    { text: "抽選 {1}", expected: 23 },
  ])("weighs $text as $expected once its placeholders are filled in", ({ text, expected }) => {
    expect(publicationWeightedLength(text)).toBe(expected);
  });

  it.each([
    { text: "{FOO}", expected: 5 },
    { text: "{seed}", expected: 6 },
    { text: "{ 1 }", expected: 5 },
    { text: "{}", expected: 2 },
  ])("leaves $text, which is not a placeholder, counted as typed", ({ text, expected }) => {
    expect(publicationWeightedLength(text)).toBe(expected);
  });

  it("puts a publication with a number token exactly at the 280 limit", () => {
    expect(publicationWeightedLength(`${"a".repeat(262)}{1}`)).toBe(280);
    expect(publicationWeightedLength(`${"a".repeat(263)}{1}`)).toBe(281);
  });

  it("puts a publication with a draw link exactly at the 280 limit", () => {
    expect(publicationWeightedLength(`${"a".repeat(256)} {DRAW_LINK}`)).toBe(280);
    expect(publicationWeightedLength(`${"a".repeat(257)} {DRAW_LINK}`)).toBe(281);
  });

  it("uses the spec's weights for the placeholders", () => {
    expect(PLACEHOLDER_WEIGHTS).toEqual({ number: 18, seed: 16, name: 16 });
    expect(withPlaceholdersReplaced("{1}{SEED}{NAME}")).toHaveLength(18 + 16 + 16);
  });

  it("weighs a text without placeholders exactly as twitter-text does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        fc.pre(!text.includes("{"));
        expect(publicationWeightedLength(text)).toBe(weightedLength(text));
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addExcludedAccounts,
  addKeyword,
  addManualCheckReason,
  addTwitterKeyword,
  checkExcludedAccount,
  checkExcludedAccounts,
  checkKeyword,
  checkManualCheckReason,
  checkTwitterKeyword,
} from "../../../engine/text/normalize";
import { definition, HANDLE_NETWORKS } from "./providers";

type Normaliser = (list: readonly string[], input: string) => string[];

const twitter = definition("twitter");
const bluesky = definition("bluesky");

const normalisers: [string, Normaliser][] = [
  ["addKeyword", addKeyword],
  ["addTwitterKeyword", addTwitterKeyword],
  ["addManualCheckReason", addManualCheckReason],
  ...HANDLE_NETWORKS.map((network): [string, Normaliser] => [
    `addExcludedAccounts (${network.name})`,
    (list, input) => addExcludedAccounts(network, list, input),
  ]),
  [
    "addExcludedAccounts (every network, the contest's list)",
    (list, input) => addExcludedAccounts(HANDLE_NETWORKS, list, input),
  ],
];

describe("keywords (bad words, facebook keywords)", () => {
  it.each([
    { list: [], input: "win", expected: ["win"] },
    { list: [], input: "  big \t  prize \n ", expected: ["big prize"] },
    { list: [], input: "#giveaway", expected: ["#giveaway"] },
    { list: [], input: "", expected: [] },
    { list: [], input: " \t\n ", expected: [] },
    { list: [], input: "#", expected: [] },
    { list: [], input: "  #  ", expected: [] },
    { list: [], input: "##", expected: ["##"] },
    { list: ["big prize"], input: "big   prize", expected: ["big prize"] },
    { list: ["Win"], input: "win", expected: ["Win", "win"] },
    { list: ["a"], input: "b", expected: ["a", "b"] },
  ])("adding $input to $list gives $expected", ({ list, input, expected }) => {
    expect(addKeyword(list, input)).toEqual(expected);
  });

  it.each([
    { input: "", reason: "empty" },
    { input: "   ", reason: "empty" },
    { input: " # ", reason: "lone_hash" },
    { input: " big  prize", reason: "duplicate" },
  ])("refuses $input with the reason $reason", ({ input, reason }) => {
    expect(checkKeyword(["big prize"], input)).toEqual({
      accepted: false,
      value: input.replace(/\s+/g, " ").trim(),
      reason,
    });
  });

  it("tells the cleaned value of an accepted keyword", () => {
    expect(checkKeyword([], " free   stuff ")).toEqual({ accepted: true, value: "free stuff" });
  });
});

describe("twitter keywords", () => {
  it.each([
    { list: [], input: "  #win  ", expected: ["#win"] },
    { list: [], input: "big   prize", expected: ["big   prize"] },
    { list: [], input: "", expected: [] },
    { list: [], input: "   ", expected: [] },
    { list: [], input: " # ", expected: [] },
    { list: ["#win"], input: " #win", expected: ["#win"] },
    { list: ["big prize"], input: "big  prize", expected: ["big prize", "big  prize"] },
  ])("adding $input to $list gives $expected", ({ list, input, expected }) => {
    expect(addTwitterKeyword(list, input)).toEqual(expected);
  });

  it.each([
    { input: "  ", value: "", reason: "empty" },
    { input: "#", value: "#", reason: "lone_hash" },
    { input: "#win ", value: "#win", reason: "duplicate" },
  ])("refuses $input with the reason $reason", ({ input, value, reason }) => {
    expect(checkTwitterKeyword(["#win"], input)).toEqual({ accepted: false, value, reason });
  });
});

describe("manual-check reasons", () => {
  const twoChars = "ab";
  const threeChars = "abc";
  const fiftyChars = "r".repeat(50);
  const fiftyOneChars = "r".repeat(51);

  it.each([
    { label: "keeps a reason of exactly 3 characters", input: threeChars, expected: [threeChars] },
    { label: "keeps a reason of exactly 50 characters", input: fiftyChars, expected: [fiftyChars] },
    { label: "ignores a reason of 2 characters", input: twoChars, expected: [] },
    { label: "ignores a reason of 51 characters", input: fiftyOneChars, expected: [] },
    { label: "ignores 2 characters padded with spaces", input: "  ab  ", expected: [] },
    { label: "keeps 3 characters padded with spaces, trimmed", input: "  abc  ", expected: ["abc"] },
    { label: "ignores an empty input", input: "", expected: [] },
  ])("$label", ({ input, expected }) => {
    expect(addManualCheckReason([], input)).toEqual(expected);
  });

  it.each([
    { input: "", reason: "empty" },
    { input: "   ", reason: "empty" },
    { input: " # ", reason: "lone_hash" },
    { input: " big  prize", reason: "duplicate" },
  ])("refuses $input with the reason $reason", ({ input, reason }) => {
    expect(checkKeyword(["big prize"], input)).toEqual({
      accepted: false,
      value: input.replace(/\s+/g, " ").trim(),
      reason,
    });
  });

  it("tells the cleaned value of an accepted keyword", () => {
    expect(checkKeyword([], " free   stuff ")).toEqual({ accepted: true, value: "free stuff" });
  });
});

describe("twitter keywords", () => {
  it.each([
    { list: [], input: "  #win  ", expected: ["#win"] },
    { list: [], input: "big   prize", expected: ["big   prize"] },
    { list: [], input: "", expected: [] },
    { list: [], input: "   ", expected: [] },
    { list: [], input: " # ", expected: [] },
    { list: ["#win"], input: " #win", expected: ["#win"] },
    { list: ["big prize"], input: "big  prize", expected: ["big prize", "big  prize"] },
  ])("adding $input to $list gives $expected", ({ list, input, expected }) => {
    expect(addTwitterKeyword(list, input)).toEqual(expected);
  });

  it.each([
    { input: "  ", value: "", reason: "empty" },
    { input: "#", value: "#", reason: "lone_hash" },
    { input: "#win ", value: "#win", reason: "duplicate" },
  ])("refuses $input with the reason $reason", ({ input, value, reason }) => {
    expect(checkTwitterKeyword(["#win"], input)).toEqual({ accepted: false, value, reason });
  });
});

describe("manual-check reasons", () => {
  const twoChars = "ab";
  const threeChars = "abc";
  const fiftyChars = "r".repeat(50);
  const fiftyOneChars = "r".repeat(51);

  it.each([
    { input: threeChars, expected: [threeChars] },
    { input: fiftyChars, expected: [fiftyChars] },
    { input: twoChars, expected: [] },
    { input: fiftyOneChars, expected: [] },
    { input: "  ab  ", expected: [] },
    { input: "  abc  ", expected: ["abc"] },
    { input: "", expected: [] },
  ])("adding a $input.length-character input gives $expected.length entries", ({ input, expected }) => {
    expect(addManualCheckReason([], input)).toEqual(expected);
  });

  it.each([
    { input: "", reason: "empty" },
    { input: twoChars, reason: "too_short" },
    { input: fiftyOneChars, reason: "too_long" },
    { input: "Fake account", reason: "duplicate" },
  ])("refuses $input with the reason $reason", ({ input, reason }) => {
    expect(checkManualCheckReason(["Fake account"], input)).toMatchObject({ accepted: false, reason });
  });

  it("counts an emoji as one character, as the validator does", () => {
    expect(checkManualCheckReason([], "🎁🎁🎁")).toEqual({ accepted: true, value: "🎁🎁🎁" });
    expect(checkManualCheckReason([], "🎁".repeat(51))).toMatchObject({
      accepted: false,
      reason: "too_long",
    });
  });

  it("keeps a reason that differs only in case from an existing one", () => {
    expect(addManualCheckReason(["Spam"], "spam")).toEqual(["Spam", "spam"]);
  });
});

describe("excluded accounts on twitter", () => {
  const fifteen = "a".repeat(15);
  const sixteen = "a".repeat(16);

  it.each([
    { list: [], input: "@brand", expected: ["@brand"] },
    { list: [], input: "brand", expected: ["@brand"] },
    { list: [], input: "  brand  ", expected: ["@brand"] },
    { list: [], input: "@a", expected: ["@a"] },
    { list: [], input: `@${fifteen}`, expected: [`@${fifteen}`] },
    { list: [], input: fifteen, expected: [`@${fifteen}`] },
    { list: [], input: `@${sixteen}`, expected: [] },
    { list: [], input: sixteen, expected: [] },
    { list: [], input: "@", expected: [] },
    { list: [], input: "@@brand", expected: [] },
    { list: [], input: "@bad-handle", expected: [] },
    { list: [], input: "@émile", expected: [] },
    { list: [], input: "@Under_score_1", expected: ["@Under_score_1"] },
    { list: ["@brand"], input: "@brand", expected: ["@brand"] },
    { list: ["@brand"], input: "@BRAND", expected: ["@brand"] },
    { list: ["@Brand"], input: "brand", expected: ["@Brand"] },
    { list: [], input: "@a @b", expected: ["@a", "@b"] },
    { list: [], input: "@a,@b", expected: ["@a", "@b"] },
    { list: [], input: "a, b ,c", expected: ["@a", "@b", "@c"] },
    { list: [], input: " , @a,, \n @b , ", expected: ["@a", "@b"] },
    { list: [], input: "@a @A a", expected: ["@a"] },
    { list: [], input: `@ok @${sixteen} @bad! fine`, expected: ["@ok", "@fine"] },
    { list: ["@x"], input: "@x @y", expected: ["@x", "@y"] },
  ])("adding $input to $list gives $expected", ({ list, input, expected }) => {
    expect(addExcludedAccounts(twitter, list, input)).toEqual(expected);
  });

  it("explains each piece of a split input, a repeat inside it included", () => {
    expect(checkExcludedAccounts(twitter, ["@known"], "new, KNOWN @new @way_too_long_handle")).toEqual([
      { accepted: true, value: "@new" },
      { accepted: false, value: "@KNOWN", reason: "duplicate" },
      { accepted: false, value: "@new", reason: "duplicate" },
      { accepted: false, value: "@way_too_long_handle", reason: "invalid_handle", example: "@fairdraw" },
    ]);
  });

  it("explains a blank input as empty", () => {
    expect(checkExcludedAccounts(twitter, [], " ,  , ")).toEqual([
      { accepted: false, value: "", reason: "empty" },
    ]);
    expect(checkExcludedAccount(twitter, [], "  ")).toEqual({ accepted: false, value: "", reason: "empty" });
  });

  it("checks a single account with the @ added", () => {
    expect(checkExcludedAccount(twitter, [], "brand")).toEqual({ accepted: true, value: "@brand" });
    expect(checkExcludedAccount(twitter, [], sixteen)).toEqual({
      accepted: false,
      value: `@${sixteen}`,
      reason: "invalid_handle",
      example: "@fairdraw",
    });
  });

  it("refuses a handle with a dot, bluesky's or a domain", () => {
    expect(addExcludedAccounts(twitter, [], "@alice.bsky.social @news.example.com")).toEqual([]);
    expect(checkExcludedAccount(twitter, [], "@alice.bsky.social")).toMatchObject({
      accepted: false,
      reason: "invalid_handle",
    });
  });
});

describe("excluded accounts and accounts to follow on bluesky", () => {
  it.each([
    { list: [], input: "@alice.bsky.social", expected: ["@alice.bsky.social"] },
    { list: [], input: "news.example.com", expected: ["@news.example.com"] },
    { list: [], input: "@News.Example.COM", expected: ["@news.example.com"] },
    { list: [], input: "alice", expected: ["@alice.bsky.social"] },
    {
      list: [],
      input: "@alice.bsky.social, @news.example.com bob",
      expected: ["@alice.bsky.social", "@news.example.com", "@bob.bsky.social"],
    },
    { list: [], input: "@alice..bsky.social", expected: [] },
    { list: [], input: "@-alice.bsky.social", expected: [] },
    { list: [], input: "@alice_b.bsky.social", expected: [] },
    { list: ["@alice.bsky.social"], input: "@ALICE.bsky.social", expected: ["@alice.bsky.social"] },
    { list: ["@alice.bsky.social"], input: "alice", expected: ["@alice.bsky.social"] },
    // A list written before the rule, with a bare name, still knows that account.
    { list: ["@brand"], input: "@brand.bsky.social", expected: ["@brand"] },
  ])("adding $input to $list gives $expected", ({ list, input, expected }) => {
    expect(addExcludedAccounts(bluesky, list, input)).toEqual(expected);
  });

  it("explains a refused handle with an account of the network", () => {
    expect(checkExcludedAccount(bluesky, [], "@alice..bsky.social")).toEqual({
      accepted: false,
      value: "@alice..bsky.social",
      reason: "invalid_handle",
      example: "@fairdraw.bsky.social",
    });
    expect(checkExcludedAccount(bluesky, ["@news.example.com"], "NEWS.example.com")).toEqual({
      accepted: false,
      value: "@news.example.com",
      reason: "duplicate",
    });
  });
});

describe("the contest's own excluded accounts (every network)", () => {
  it("keeps an account as typed when one network takes it", () => {
    expect(addExcludedAccounts(HANDLE_NETWORKS, [], "@Alice.bsky.social @Brand fair-draw.tv")).toEqual([
      "@Alice.bsky.social",
      "@Brand",
      "@fair-draw.tv",
    ]);
  });

  it("refuses what no network takes, with no example", () => {
    expect(checkExcludedAccount(HANDLE_NETWORKS, [], "@bad!")).toEqual({
      accepted: false,
      value: "@bad!",
      reason: "invalid_handle",
    });
  });

  it("calls an account a repeat only when every network that takes it already holds it", () => {
    expect(checkExcludedAccount(HANDLE_NETWORKS, ["@Brand"], "brand")).toEqual({
      accepted: false,
      value: "@brand",
      reason: "duplicate",
    });
    // "@alice" is alice.bsky.social on bluesky, but a new account on twitter, instagram, ...
    expect(checkExcludedAccount(HANDLE_NETWORKS, ["@alice.bsky.social"], "alice")).toEqual({
      accepted: true,
      value: "@alice",
    });
  });
});

describe("every normaliser", () => {
  // Inputs that mix arbitrary text with the characters the normalisers care about, so both paths are exercised.
  const input = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.string({ unit: fc.constantFrom("a", "B", "_", "1", "#", "@", " ", ",", "\t", "\n", "é", "🎁") }),
    fc.stringMatching(/^@?\w{1,16}$/),
    fc.stringMatching(/^@?[A-Za-z0-9-]{1,12}(?:\.[A-Za-z0-9-]{1,12}){0,3}$/),
  );
  const list = fc.array(input, { maxLength: 5 });

  it.each(normalisers)("%s never throws on arbitrary strings and never mutates the list", (_, add) => {
    fc.assert(
      fc.property(list, input, (before, typed) => {
        const copy = [...before];
        const after = add(before, typed);
        expect(before).toEqual(copy);
        expect(after).not.toBe(before);
        expect(after.slice(0, before.length)).toEqual(before);
      }),
    );
  });

  it.each(normalisers)("%s is idempotent: the same input a second time changes nothing", (_, add) => {
    fc.assert(
      fc.property(list, input, (before, typed) => {
        const once = add(before, typed);
        expect(add(once, typed)).toEqual(once);
      }),
    );
  });

  it.each([
    ...HANDLE_NETWORKS.map((network) => [network.name, network] as const),
    ["every network", HANDLE_NETWORKS] as const,
  ])("an account accepted for %s is a fixed point: checked again, it is accepted as it is", (_, networks) => {
    fc.assert(
      fc.property(input, (typed) => {
        for (const check of checkExcludedAccounts(networks, [], typed)) {
          if (!check.accepted) continue;
          expect(checkExcludedAccount(networks, [], check.value)).toEqual({
            accepted: true,
            value: check.value,
          });
        }
      }),
    );
  });

  it.each(normalisers)("%s changes nothing when an already-accepted entry is added again", (_, add) => {
    fc.assert(
      fc.property(list, input, (before, typed) => {
        const once = add(before, typed);
        for (const accepted of once.slice(before.length)) expect(add(once, accepted)).toEqual(once);
      }),
    );
  });
});

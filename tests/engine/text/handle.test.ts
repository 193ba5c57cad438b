import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { handleKey, isValidHandle, normalizeHandle } from "../../../engine/text/handle";
import { BUILDER_NETWORKS } from "../../helpers/schema-facts";
import { DEFINITIONS, definition, HANDLE_NETWORKS } from "./providers";

const twitter = definition("twitter");
const bluesky = definition("bluesky");

describe("a handle rule per network, read from schemas/providers", () => {
  it("is given by every network the builder offers", () => {
    expect(HANDLE_NETWORKS.map((p) => p.name).sort()).toEqual(BUILDER_NETWORKS);
  });

  it.each([
    { network: "twitter", input: "@Fair_Draw", expected: "Fair_Draw" },
    { network: "twitter", input: " fairdraw ", expected: "fairdraw" },
    { network: "twitter", input: "a".repeat(15), expected: "a".repeat(15) },
    { network: "bluesky", input: "@alice.bsky.social", expected: "alice.bsky.social" },
    { network: "bluesky", input: "@News.Example.COM", expected: "news.example.com" },
    { network: "bluesky", input: "alice", expected: "alice.bsky.social" },
    { network: "bluesky", input: "my-shop.co.uk", expected: "my-shop.co.uk" },
    { network: "instagram", input: "@Fair.Draw_2", expected: "fair.draw_2" },
    { network: "instagram", input: "a".repeat(30), expected: "a".repeat(30) },
    { network: "threads", input: "@Fair.Draw", expected: "fair.draw" },
    { network: "tiktok", input: "@Fair.Draw", expected: "fair.draw" },
    { network: "tiktok", input: "a".repeat(24), expected: "a".repeat(24) },
    { network: "youtube", input: "@Fair-Draw.TV", expected: "Fair-Draw.TV" },
    { network: "facebook", input: "fair.draw.page", expected: "fair.draw.page" },
  ])("$network takes $input as $expected", ({ network, input, expected }) => {
    expect(normalizeHandle(definition(network), input)).toBe(expected);
  });

  it.each([
    { network: "twitter", input: "@alice.bsky.social" },
    { network: "twitter", input: "@news.example.com" },
    { network: "twitter", input: "a".repeat(16) },
    { network: "twitter", input: "@bad-handle" },
    { network: "twitter", input: "@émile" },
    { network: "twitter", input: "@@brand" },
    { network: "twitter", input: "@" },
    { network: "bluesky", input: "-alice.bsky.social" },
    { network: "bluesky", input: "alice..bsky.social" },
    { network: "bluesky", input: "alice_b.bsky.social" },
    { network: "bluesky", input: "alice.bsky.social." },
    { network: "bluesky", input: `${"a".repeat(64)}.bsky.social` },
    { network: "bluesky", input: `${"abcdefghi.".repeat(25)}social` },
    { network: "instagram", input: "a".repeat(31) },
    { network: "instagram", input: "fair-draw" },
    { network: "tiktok", input: "a".repeat(25) },
    { network: "youtube", input: "ab" },
    { network: "facebook", input: "abcd" },
    { network: "facebook", input: "fair_draw" },
  ])("$network refuses $input", ({ network, input }) => {
    expect(normalizeHandle(definition(network), input)).toBeNull();
  });

  it("counts a bluesky handle's 253 characters at most, the @ not counted", () => {
    const longest = `${"abcdefghi.".repeat(24)}abcdef.social`;
    expect(longest).toHaveLength(253);
    expect(normalizeHandle(bluesky, `@${longest}`)).toBe(longest);
  });

  it("refuses everything for a network without a handle rule", () => {
    expect(normalizeHandle({ name: "linkedin" }, "@fairdraw")).toBeNull();
    expect(DEFINITIONS.get("linkedin")?.handle).toBeUndefined();
  });

  it("accepts nothing, and does not throw, when a pattern does not compile", () => {
    const broken = {
      name: "broken",
      handle: { pattern: "^([a-z]$", max_length: 9, case: "lower" as const, examples: ["a"] },
    };
    expect(normalizeHandle(broken, "abc")).toBeNull();
  });

  it("compares handles the way the network does", () => {
    expect(handleKey(twitter, "@FairDraw")).toBe(handleKey(twitter, "fairdraw"));
    expect(handleKey(bluesky, "@brand")).toBe("brand.bsky.social");
    expect(handleKey(bluesky, "Brand.BSKY.social")).toBe("brand.bsky.social");
    const sensitive = {
      name: "cs",
      handle: { pattern: "^[A-Za-z]+$", max_length: 9, case: "sensitive" as const, examples: ["Ab"] },
    };
    expect(handleKey(sensitive, "@Ab")).not.toBe(handleKey(sensitive, "ab"));
    // What the rule refuses (an id, a name written before the rules) still matches itself, ignoring case.
    expect(handleKey(twitter, " @Not.A.Twitter.Handle ")).toBe("not.a.twitter.handle");
    expect(handleKey(undefined, "@Brand")).toBe("brand");
  });
});

describe("every network's normalised handle", () => {
  // Arbitrary text, text made of the characters handles are made of, and handles matching the network's pattern.
  const inputFor = (pattern: string) =>
    fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: fc.constantFrom("a", "B", "z", "_", ".", "-", "1", "@", " ", "é") }),
      fc.stringMatching(new RegExp(pattern)),
      fc.stringMatching(new RegExp(pattern)).map((h) => `@${h.toUpperCase()}`),
    );

  it.each(HANDLE_NETWORKS.map((p) => [p.name, p] as const))(
    "%s: is valid by its rule and a fixed point of the normaliser",
    (_, network) => {
      // biome-ignore lint/style/noNonNullAssertion: HANDLE_NETWORKS holds the networks that have a rule
      const rule = network.handle!;
      fc.assert(
        fc.property(inputFor(rule.pattern), (typed) => {
          const handle = normalizeHandle(network, typed);
          if (handle === null) return;
          expect(isValidHandle(rule, handle)).toBe(true);
          expect(normalizeHandle(network, handle)).toBe(handle);
          expect(normalizeHandle(network, `@${handle}`)).toBe(handle);
          expect(handleKey(network, handle)).toBe(handleKey(network, typed));
        }),
        { numRuns: 300 },
      );
    },
  );

  it.each(HANDLE_NETWORKS.map((p) => [p.name, p] as const))(
    "%s: takes every handle its pattern matches within its length",
    (_, network) => {
      // biome-ignore lint/style/noNonNullAssertion: HANDLE_NETWORKS holds the networks that have a rule
      const rule = network.handle!;
      const valid = fc
        .stringMatching(new RegExp(rule.pattern))
        .filter((h) => [...h].length <= rule.max_length);
      fc.assert(
        fc.property(valid, (handle) => {
          expect(normalizeHandle(network, handle)).not.toBeNull();
        }),
        { numRuns: 200 },
      );
    },
  );

  it.each(HANDLE_NETWORKS.map((p) => [p.name, p] as const))(
    "%s: keeps each example of its rule as it is",
    (_, network) => {
      for (const example of network.handle?.examples ?? [])
        expect(normalizeHandle(network, example)).toBe(example);
    },
  );

  it("bluesky takes any dotted domain handle; twitter refuses every handle with a dot", () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
    const tld = fc.stringMatching(/^[a-z][a-z0-9]{1,5}$/);
    const domain = fc
      .tuple(fc.array(label, { minLength: 1, maxLength: 4 }), tld)
      .map(([labels, top]) => [...labels, top].join("."));
    fc.assert(
      fc.property(domain, fc.boolean(), (handle, upper) => {
        const typed = `@${upper ? handle.toUpperCase() : handle}`;
        expect(normalizeHandle(bluesky, typed)).toBe(handle);
        expect(normalizeHandle(twitter, typed)).toBeNull();
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawLabel, drawWinners, entrantsHash, seedCommitment, sha256Hex } from "../../../engine/lifecycle";

const SEED = "9f2c4e1a7b3d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8";
const IDS = Array.from({ length: 50 }, (_, i) => `twitter:${1000 + i}`);

describe("drawWinners", () => {
  it("draws the known winners, as the reference implementation in docs/draw.md does", () => {
    // Computed with the Python reference of docs/draw.md.
    const result = drawWinners({ seed: SEED, entrantIds: IDS, winners: 3, substitutes: 2, kind: "final" });
    expect(result).toEqual({
      winners: ["twitter:1040", "twitter:1019", "twitter:1002"],
      substitutes: ["twitter:1029", "twitter:1030"],
      entrantsHash: "ca044b8ba883e05ca59b912be1568f3f8e1af13c1798b3f4f43faa132e6790ac",
      entrantsCount: 50,
      seedCommitment: "089a044f5f6191f39c4993cb2d6139d76ff6b0653cc5b4fcb7d5479c4d15784f",
    });
  });

  it("draws the known test draws, each under its own label", () => {
    const test = (testIndex: number) =>
      drawWinners({ seed: SEED, entrantIds: IDS, winners: 3, substitutes: 2, kind: "test", testIndex });
    expect(test(0).winners).toEqual(["twitter:1042", "twitter:1028", "twitter:1023"]);
    expect(test(1).winners).toEqual(["twitter:1010", "twitter:1047", "twitter:1039"]);
    // The server numbers a contest's test draws from 1 (docs/draw.md "Labels"): test:1 and test:2 come first.
    expect(test(2).winners).toEqual(["twitter:1014", "twitter:1007", "twitter:1004"]);
  });

  it("labels the final draw 'final' and test draw i 'test:i' (test 0 when no index is given)", () => {
    expect(drawLabel("final")).toBe("final");
    expect(drawLabel("final", 4)).toBe("final");
    expect(drawLabel("test", 4)).toBe("test:4");
    expect(drawLabel("test")).toBe("test:0");
    const noIndex = drawWinners({ seed: SEED, entrantIds: IDS, winners: 3, substitutes: 0, kind: "test" });
    const zero = drawWinners({
      seed: SEED,
      entrantIds: IDS,
      winners: 3,
      substitutes: 0,
      kind: "test",
      testIndex: 0,
    });
    expect(noIndex).toEqual(zero);
  });

  it("gives the same winners for the same input", () => {
    const input = { seed: SEED, entrantIds: IDS, winners: 5, substitutes: 5, kind: "final" as const };
    expect(drawWinners(input)).toEqual(drawWinners({ ...input, entrantIds: [...IDS] }));
  });

  it("gives other winners for a test draw than for the final draw, and for each test index", () => {
    const draw = (kind: "final" | "test", testIndex?: number) =>
      drawWinners({ seed: SEED, entrantIds: IDS, winners: 5, substitutes: 0, kind, testIndex }).winners;
    expect(draw("test", 0)).not.toEqual(draw("final"));
    expect(draw("test", 1)).not.toEqual(draw("test", 0));
  });

  it("publishes the same list hash and seed commitment for test and final draws", () => {
    const final = drawWinners({ seed: SEED, entrantIds: IDS, winners: 1, substitutes: 0, kind: "final" });
    const test = drawWinners({ seed: SEED, entrantIds: IDS, winners: 1, substitutes: 0, kind: "test" });
    expect(test.entrantsHash).toBe(final.entrantsHash);
    expect(final.entrantsHash).toBe(entrantsHash(IDS));
    expect(final.seedCommitment).toBe(seedCommitment(SEED));
  });

  it("draws distinct entrants from the list, winners and substitutes together", () => {
    const { winners, substitutes } = drawWinners({
      seed: SEED,
      entrantIds: IDS,
      winners: 10,
      substitutes: 15,
      kind: "final",
    });
    const all = [...winners, ...substitutes];
    expect(winners).toHaveLength(10);
    expect(substitutes).toHaveLength(15);
    expect(new Set(all).size).toBe(25);
    for (const id of all) expect(IDS).toContain(id);
  });

  it("does not depend on the order or the repeats of the input list", () => {
    const shuffled = [...IDS].reverse().concat(IDS.slice(0, 10));
    const a = drawWinners({ seed: SEED, entrantIds: IDS, winners: 4, substitutes: 3, kind: "final" });
    const b = drawWinners({ seed: SEED, entrantIds: shuffled, winners: 4, substitutes: 3, kind: "final" });
    expect(b).toEqual(a);
  });

  it("counts each entrant once", () => {
    const result = drawWinners({
      seed: SEED,
      entrantIds: ["a", "b", "a"],
      winners: 1,
      substitutes: 0,
      kind: "final",
    });
    expect(result.entrantsCount).toBe(2);
  });

  it("caps the winners at the list size, then the substitutes at what is left", () => {
    const few = ["x:1", "x:2", "x:3"];
    const many = drawWinners({ seed: SEED, entrantIds: few, winners: 5, substitutes: 2, kind: "final" });
    expect([...many.winners].sort()).toEqual(few);
    expect(many.substitutes).toEqual([]);
    const some = drawWinners({ seed: SEED, entrantIds: few, winners: 2, substitutes: 5, kind: "final" });
    expect(some.winners).toHaveLength(2);
    expect(some.substitutes).toHaveLength(1);
    expect(new Set([...some.winners, ...some.substitutes]).size).toBe(3);
  });

  it("draws nobody from an empty list, and hashes the empty list", () => {
    const result = drawWinners({ seed: SEED, entrantIds: [], winners: 3, substitutes: 3, kind: "final" });
    expect(result).toMatchObject({
      winners: [],
      substitutes: [],
      entrantsCount: 0,
      entrantsHash: sha256Hex(""),
    });
  });

  it("draws nobody when no winner is asked for", () => {
    const result = drawWinners({ seed: SEED, entrantIds: IDS, winners: 0, substitutes: 0, kind: "final" });
    expect(result.winners).toEqual([]);
    expect(result.substitutes).toEqual([]);
  });

  it.each([
    { winners: -1, substitutes: 0 },
    { winners: 1.5, substitutes: 0 },
    { winners: 1, substitutes: Number.NaN },
  ])("refuses a count that is not a whole number ≥ 0 ($winners, $substitutes)", (counts) => {
    expect(() => drawWinners({ seed: SEED, entrantIds: IDS, kind: "final", ...counts })).toThrow(RangeError);
  });

  it("refuses a negative or fractional test index", () => {
    expect(() => drawLabel("test", -1)).toThrow(RangeError);
    expect(() => drawLabel("test", 0.5)).toThrow(RangeError);
  });

  it("is reproducible and order-free for any list, seed and counts (property)", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(
          fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes("\n")),
          { maxLength: 60 },
        ),
        fc.nat(10),
        fc.nat(10),
        fc.constantFrom<"final" | "test">("final", "test"),
        fc.nat(5),
        (seed, ids, winners, substitutes, kind, testIndex) => {
          const input = { seed, entrantIds: ids, winners, substitutes, kind, testIndex };
          const result = drawWinners(input);
          expect(drawWinners({ ...input, entrantIds: [...ids].reverse() })).toEqual(result);
          const distinct = new Set(ids);
          const picked = [...result.winners, ...result.substitutes];
          expect(new Set(picked).size).toBe(picked.length);
          expect(picked.every((id) => distinct.has(id))).toBe(true);
          expect(result.winners.length).toBe(Math.min(winners, distinct.size));
          expect(picked.length).toBe(Math.min(winners + substitutes, distinct.size));
        },
      ),
    );
  });

  it("gives every entrant the same chance to win (chi-square over 20 000 seeded draws)", () => {
    // 20 entrants, 1 winner, seeds derived deterministically: the test cannot flake.
    // 0.999 critical value of chi-square with 19 degrees of freedom: 43.82.
    const ids = Array.from({ length: 20 }, (_, i) => `bluesky:${i}`);
    const counts = new Map(ids.map((id) => [id, 0]));
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      const seed = sha256Hex(`uniformity-${i}`);
      const [winner] = drawWinners({
        seed,
        entrantIds: ids,
        winners: 1,
        substitutes: 0,
        kind: "final",
      }).winners;
      counts.set(winner as string, (counts.get(winner as string) ?? 0) + 1);
    }
    const expected = draws / ids.length;
    const chi = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(43.82);
  });

  it("gives every entrant the same chance at each later pick too (the substitutes' positions)", () => {
    // The third pick of 10 entrants over 10 000 seeds; 0.999 critical value, 9 d.o.f.: 27.88.
    const ids = Array.from({ length: 10 }, (_, i) => `x:${i}`);
    const counts = new Map(ids.map((id) => [id, 0]));
    for (let i = 0; i < 10_000; i++) {
      const { substitutes } = drawWinners({
        seed: `s${i}`,
        entrantIds: ids,
        winners: 2,
        substitutes: 1,
        kind: "final",
      });
      const third = substitutes[0] as string;
      counts.set(third, (counts.get(third) ?? 0) + 1);
    }
    const chi = [...counts.values()].reduce((sum, c) => sum + (c - 1_000) ** 2 / 1_000, 0);
    expect(chi).toBeLessThan(27.88);
  });
});

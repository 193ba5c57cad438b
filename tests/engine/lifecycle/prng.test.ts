import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../engine/lifecycle";

/** Chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe("seededRandom", () => {
  it("gives the known words of SHA-256 counter mode (block c = SHA-256(seed:label:c), big-endian words)", () => {
    // Computed independently with Python's hashlib (docs/draw.md shows the reference code).
    const random = seededRandom("abc", "final");
    const words = Array.from({ length: 10 }, () => random.nextUint32());
    expect(words).toEqual([
      3947779496, 690910778, 3320815125, 1461387201, 1373171263, 2369098970, 2464208410, 1309666877,
      // the ninth word is the first of block 1 = SHA-256("abc:final:1")
      2651414428, 4211037550,
    ]);
  });

  it("rejects the words at or above the limit in below(n) instead of taking a biased modulo", () => {
    // n = 2^31 + 1: limit = 2^31 + 1, so about half the words are rejected (the 1st, 3rd, 6th and 7th here).
    const random = seededRandom("abc", "final");
    const n = 2 ** 31 + 1;
    expect(Array.from({ length: 4 }, () => random.below(n))).toEqual([
      690910778, 1461387201, 1373171263, 1309666877,
    ]);
  });

  it("returns the words themselves for below(2^32) and 0 for below(1)", () => {
    const words = seededRandom("abc", "final");
    const whole = seededRandom("abc", "final");
    const one = seededRandom("abc", "final");
    for (let i = 0; i < 20; i++) {
      expect(whole.below(2 ** 32)).toBe(words.nextUint32());
      expect(one.below(1)).toBe(0);
    }
  });

  it("replays the same stream for the same seed and label", () => {
    const a = seededRandom("seed", "test:3");
    const b = seededRandom("seed", "test:3");
    for (let i = 0; i < 100; i++) expect(a.below(1000)).toBe(b.below(1000));
  });

  it("gives unrelated streams for another label or another seed", () => {
    const first = (seed: string, label: string) => {
      const r = seededRandom(seed, label);
      return Array.from({ length: 8 }, () => r.nextUint32());
    };
    expect(first("seed", "final")).not.toEqual(first("seed", "test:0"));
    expect(first("seed", "test:0")).not.toEqual(first("seed", "test:1"));
    expect(first("seed", "final")).not.toEqual(first("seee", "final"));
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 32 + 1])("refuses below(%s)", (n) => {
    expect(() => seededRandom("s", "l").below(n)).toThrow(RangeError);
  });

  it("gives every value of below(n) equally often for an n that is not a power of two", () => {
    // 7 cells, 70 000 draws, fixed seed: deterministic, so it cannot flake. 0.999 critical value, 6 d.o.f.: 22.46.
    const random = seededRandom("uniformity", "below");
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 70_000; i++) {
      const v = random.below(7);
      counts[v] = (counts[v] ?? 0) + 1;
    }
    expect(chiSquare(counts)).toBeLessThan(22.46);
  });

  it("stays uniform for a large n where a plain modulo would favour the low values", () => {
    // n = 3·2^30: a plain modulo would make [0, 2^30) twice as likely as the rest. Split [0, n) into 3 cells.
    const n = 3 * 2 ** 30;
    const random = seededRandom("uniformity", "large");
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) {
      const cell = Math.floor(random.below(n) / 2 ** 30);
      counts[cell] = (counts[cell] ?? 0) + 1;
    }
    // 0.999 critical value, 2 d.o.f.: 13.82.
    expect(chiSquare(counts)).toBeLessThan(13.82);
  });
});

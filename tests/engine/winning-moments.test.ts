import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shuffleWinningMoments } from "../../engine/winning-moments";

const START = "2030-03-10T12:00:00.000Z";
const CLOSE = "2030-03-11T12:00:00.000Z";

/** A small seeded generator (mulberry32), so a test can replay the same "random" draws. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe("shuffleWinningMoments", () => {
  it("does nothing without both dates", () => {
    expect(shuffleWinningMoments({ start: null, close: CLOSE, nbWinners: 3 })).toBeNull();
    expect(shuffleWinningMoments({ start: START, close: null, nbWinners: 3 })).toBeNull();
    expect(shuffleWinningMoments({ start: "", close: "", nbWinners: 3 })).toBeNull();
    expect(shuffleWinningMoments({ start: "soon", close: CLOSE, nbWinners: 3 })).toBeNull();
  });

  it("does nothing when the close date is before the start date", () => {
    expect(shuffleWinningMoments({ start: CLOSE, close: START, nbWinners: 3 })).toBeNull();
  });

  it("puts a draw of 0 on the start and a draw just under 1 on the close", () => {
    const low = shuffleWinningMoments({ start: START, close: CLOSE, nbWinners: 1, random: () => 0 });
    const high = shuffleWinningMoments({
      start: START,
      close: CLOSE,
      nbWinners: 1,
      random: () => 0.999_999_999,
    });
    expect(low).toEqual([{ date: START, won: false }]);
    expect(high).toEqual([{ date: CLOSE, won: false }]);
  });

  it("gives distinct moments even from a random source stuck on one value", () => {
    const moments =
      shuffleWinningMoments({ start: START, close: CLOSE, nbWinners: 5, random: () => 0.5 }) ?? [];
    expect(new Set(moments.map((m) => m.date)).size).toBe(5);
  });

  it("still gives one moment per winner when the window holds fewer whole seconds than winners", () => {
    const moments =
      shuffleWinningMoments({
        start: START,
        close: "2030-03-10T12:00:02.000Z",
        nbWinners: 5,
        random: seeded(1),
      }) ?? [];
    expect(moments).toHaveLength(5);
    expect(new Set(moments.map((m) => m.date)).size).toBeLessThanOrEqual(3);
  });

  it("places moments on whole seconds inside a window whose bounds have milliseconds", () => {
    const moments = shuffleWinningMoments({
      start: "2030-03-10T12:00:00.250Z",
      close: "2030-03-10T12:00:01.750Z",
      nbWinners: 2,
      random: seeded(7),
    });
    expect(moments).toEqual([
      { date: "2030-03-10T12:00:01.000Z", won: false },
      { date: "2030-03-10T12:00:01.000Z", won: false },
    ]);
  });

  it("gives an empty list for zero winners", () => {
    expect(shuffleWinningMoments({ start: START, close: CLOSE, nbWinners: 0 })).toEqual([]);
  });

  it("never throws nor leaves the window with a random source outside [0, 1)", () => {
    for (const value of [-1, 1, 2, Number.NaN, Number.POSITIVE_INFINITY]) {
      const moments = shuffleWinningMoments({
        start: START,
        close: CLOSE,
        nbWinners: 3,
        random: () => value,
      });
      for (const { date } of moments ?? []) {
        expect(Date.parse(date)).toBeGreaterThanOrEqual(Date.parse(START));
        expect(Date.parse(date)).toBeLessThanOrEqual(Date.parse(CLOSE));
      }
      expect(moments).toHaveLength(3);
    }
  });

  const windows = fc.record({
    start: fc.integer({ min: Date.parse("2020-01-01T00:00:00Z"), max: Date.parse("2040-01-01T00:00:00Z") }),
    length: fc.integer({ min: 1000, max: 365 * 24 * 3600 * 1000 }),
    nbWinners: fc.integer({ min: 1, max: 50 }),
    seed: fc.integer(),
  });

  it("gives exactly nbWinners sorted whole-second moments inside [start, close], none won", () => {
    fc.assert(
      fc.property(windows, ({ start, length, nbWinners, seed }) => {
        const moments = shuffleWinningMoments({
          start: new Date(start).toISOString(),
          close: new Date(start + length).toISOString(),
          nbWinners,
          random: seeded(seed),
        });
        expect(moments).not.toBeNull();
        const times = (moments ?? []).map((m) => Date.parse(m.date));
        expect(times).toHaveLength(nbWinners);
        expect(times).toEqual([...times].sort((a, b) => a - b));
        for (const t of times) {
          expect(t).toBeGreaterThanOrEqual(start);
          expect(t).toBeLessThanOrEqual(start + length);
          expect(t % 1000).toBe(0);
        }
        expect((moments ?? []).every((m) => m.won === false)).toBe(true);
      }),
    );
  });

  it("gives the same moments for the same random source", () => {
    fc.assert(
      fc.property(windows, ({ start, length, nbWinners, seed }) => {
        const options = {
          start: new Date(start).toISOString(),
          close: new Date(start + length).toISOString(),
          nbWinners,
        };
        expect(shuffleWinningMoments({ ...options, random: seeded(seed) })).toEqual(
          shuffleWinningMoments({ ...options, random: seeded(seed) }),
        );
      }),
    );
  });

  it("gives distinct moments whenever the window holds enough whole seconds", () => {
    fc.assert(
      fc.property(windows, ({ start, length, nbWinners, seed }) => {
        fc.pre(length >= 50_000);
        const moments = shuffleWinningMoments({
          start: new Date(start).toISOString(),
          close: new Date(start + length).toISOString(),
          nbWinners,
          random: seeded(seed),
        });
        expect(new Set(moments?.map((m) => m.date)).size).toBe(nbWinners);
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { sandboxEntrants } from "../../../engine/lifecycle";
import { fullyConfiguredTwitter, networkOf } from "./fixtures";

const { source: twitter, base } = fullyConfiguredTwitter();
const START = Date.parse("2030-03-02T19:35:00.000Z");
const END = START + 10 * 60_000;
const window = { start: new Date(START).toISOString(), end: new Date(END).toISOString() };

/** The contest's entrants read at `at`, with the whole window given. */
function readAt(at: number, contestId = "contest-timing") {
  return sandboxEntrants({
    contestId,
    source: { ...twitter, id: "s1" },
    network: networkOf(twitter),
    count: 120,
    now: new Date(at).toISOString(),
    base,
    window,
  });
}

const times = (list: ReturnType<typeof readAt>) =>
  list.flatMap((e) => [e.first_at, ...e.comments.map((c) => c.at)]).map((t) => Date.parse(t));

describe("sandbox entrants in a contest's window", () => {
  it("are all made within the window, entries and comments", () => {
    for (const id of ["a", "b", "c", "d"]) {
      const all = readAt(END, id);
      expect(all.length).toBe(120);
      for (const t of times(all)) {
        expect(t).toBeGreaterThanOrEqual(START);
        expect(t).toBeLessThan(END);
      }
    }
  });

  it("come mostly early, with a tail later", () => {
    const all = readAt(END);
    const at = all.map((e) => Date.parse(e.first_at));
    const firstFifth = at.filter((t) => t < START + (END - START) / 5).length;
    const lastHalf = at.filter((t) => t >= START + (END - START) / 2).length;
    expect(firstFifth).toBeGreaterThan(all.length * 0.35);
    expect(lastHalf).toBeGreaterThan(0);
    expect(lastHalf).toBeLessThan(firstFifth);
  });

  it("are answered as they are made: a read gives those made by then, a later read adds to it", () => {
    const whole = readAt(END);
    for (const at of [START - 60_000, START + 60_000, START + 4 * 60_000, START + 9 * 60_000]) {
      const some = readAt(at);
      expect(some).toEqual(whole.filter((e) => Date.parse(e.first_at) <= at));
    }
    expect(readAt(START - 1)).toEqual([]);
  });

  it("do not depend on when they are read: ages count from the window's start", () => {
    const a = readAt(END);
    const b = readAt(END + 86_400_000);
    expect(b).toEqual(a);
  });

  it("keep the three days before now without a window (a quick import of a post already out)", () => {
    const now = Date.parse("2030-03-02T12:00:00.000Z");
    const list = sandboxEntrants({
      contestId: "import",
      source: { ...twitter, id: "s1" },
      network: networkOf(twitter),
      count: 40,
      now: new Date(now).toISOString(),
      base,
    });
    for (const e of list) {
      expect(Date.parse(e.first_at)).toBeLessThanOrEqual(now);
      expect(Date.parse(e.first_at)).toBeGreaterThanOrEqual(now - 3 * 86_400_000);
    }
  });
});

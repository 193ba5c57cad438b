import { describe, expect, it } from "vitest";
import { momentsCommitment, resolveWinningMoments } from "../../../engine/lifecycle";

const M1 = "2030-03-10T09:30:00.000Z";
const M2 = "2030-03-10T12:00:00.000Z";

describe("momentsCommitment", () => {
  it("hashes the salt then the moments in ISO form, sorted, one a line", () => {
    expect(momentsCommitment(["2030-03-10T12:00:00Z", M1], "pepper")).toBe(
      "5bc1088f59faaa9a607d98e7a80a38fd6ad1381e0c5ffc6eb5514834c9702b36",
    );
  });

  it("does not depend on the order or the spelling of the moments", () => {
    expect(momentsCommitment([M2, M1], "s")).toBe(momentsCommitment([M1, "2030-03-10T13:00:00+01:00"], "s"));
  });

  it("changes with the salt, so the moments cannot be guessed from the published hash", () => {
    expect(momentsCommitment([M1], "a")).not.toBe(momentsCommitment([M1], "b"));
  });

  it("refuses a moment that is not a date", () => {
    expect(() => momentsCommitment(["soon"], "s")).toThrow(RangeError);
  });
});

describe("resolveWinningMoments", () => {
  it("gives each moment to the first valid entry at or after it", () => {
    const result = resolveWinningMoments(
      [M1],
      [
        { id: "early", at: "2030-03-10T09:29:59.000Z", valid: true },
        { id: "second", at: "2030-03-10T09:31:00.000Z", valid: true },
        { id: "first", at: "2030-03-10T09:30:30.000Z", valid: true },
      ],
    );
    expect(result).toEqual([{ moment: M1, winner: "first" }]);
  });

  it("counts an entry exactly on the moment as after it", () => {
    expect(resolveWinningMoments([M1], [{ id: "on-time", at: M1, valid: true }])[0]?.winner).toBe("on-time");
  });

  it("skips invalid entries", () => {
    const result = resolveWinningMoments(
      [M1],
      [
        { id: "bot", at: "2030-03-10T09:30:01.000Z", valid: false },
        { id: "human", at: "2030-03-10T09:30:02.000Z", valid: true },
      ],
    );
    expect(result[0]?.winner).toBe("human");
  });

  it("lets an entrant win only once: the next moment goes to someone else", () => {
    const result = resolveWinningMoments(
      [M1, M2],
      [
        { id: "alice", at: "2030-03-10T09:31:00.000Z", valid: true },
        { id: "alice", at: "2030-03-10T12:00:01.000Z", valid: true },
        { id: "bob", at: "2030-03-10T12:05:00.000Z", valid: true },
      ],
    );
    expect(result).toEqual([
      { moment: M1, winner: "alice" },
      { moment: M2, winner: "bob" },
    ]);
  });

  it("settles moments in time order whatever their order in the list, and answers in the list's order", () => {
    const result = resolveWinningMoments(
      [M2, M1],
      [
        { id: "alice", at: "2030-03-10T12:30:00.000Z", valid: true },
        { id: "bob", at: "2030-03-10T13:00:00.000Z", valid: true },
      ],
    );
    // M1 is earlier: it takes the first entry after it (alice); M2 then goes to bob.
    expect(result).toEqual([
      { moment: M2, winner: "bob" },
      { moment: M1, winner: "alice" },
    ]);
  });

  it("leaves a moment without winner when no valid entry comes after it", () => {
    const result = resolveWinningMoments(
      [M1, M2],
      [{ id: "alice", at: "2030-03-10T10:00:00.000Z", valid: true }],
    );
    expect(result).toEqual([
      { moment: M1, winner: "alice" },
      { moment: M2, winner: null },
    ]);
  });

  it("breaks a tie between entries at the same instant by their order in the list", () => {
    const at = "2030-03-10T10:00:00.000Z";
    const result = resolveWinningMoments(
      [M1],
      [
        { id: "listed-first", at, valid: true },
        { id: "listed-second", at, valid: true },
      ],
    );
    expect(result[0]?.winner).toBe("listed-first");
  });

  it("never gives a moment to an entry whose date cannot be read, nor settles an unreadable moment", () => {
    const result = resolveWinningMoments(["later"], [{ id: "x", at: "not a date", valid: true }]);
    expect(result).toEqual([{ moment: "later", winner: null }]);
    expect(resolveWinningMoments([M1], [{ id: "x", at: "garbage", valid: true }])[0]?.winner).toBeNull();
  });

  it("gives two moments at the same instant to two different entrants", () => {
    const result = resolveWinningMoments(
      [M1, M1],
      [
        { id: "alice", at: "2030-03-10T10:00:00.000Z", valid: true },
        { id: "bob", at: "2030-03-10T10:00:01.000Z", valid: true },
      ],
    );
    expect(result.map((r) => r.winner)).toEqual(["alice", "bob"]);
  });
});

describe("the winning-moments test vector of docs/draw.md", () => {
  // Computed independently with the Python reference of docs/draw.md.
  const salt = "4d1e5c7a9b2f3e6d8c0a1b4f7e9d2c5a8b3e6f1d4c7a0b9e2f5d8c1a4b7e0f3d";
  const moments = ["2030-03-02T10:00:00.000Z", "2030-03-04T15:30:00.000Z", "2030-03-07T23:59:00.000Z"];
  const entries = [
    { id: "twitter:2001", at: "2030-03-01T09:05:00.000Z", valid: true },
    { id: "twitter:2002", at: "2030-03-02T10:00:00.000Z", valid: true },
    { id: "twitter:2003", at: "2030-03-02T10:00:00.000Z", valid: true },
    { id: "twitter:2004", at: "2030-03-04T16:00:12.345Z", valid: true },
    { id: "twitter:2005", at: "2030-03-06T12:00:00.000Z", valid: true },
  ];

  it("commits the moments to the published hash", () => {
    expect(momentsCommitment(moments, salt)).toBe(
      "58808a9ba4557af2692ac1a7af978ad4205f394b1045ae00a2dec80ce442147f",
    );
  });

  it("gives the moments to the published winners", () => {
    expect(resolveWinningMoments(moments, entries).map((r) => r.winner)).toEqual([
      "twitter:2002",
      "twitter:2004",
      null,
    ]);
    const twoEarly = ["2030-03-02T09:00:00.000Z", "2030-03-02T10:00:00.000Z"];
    expect(resolveWinningMoments(twoEarly, entries).map((r) => r.winner)).toEqual([
      "twitter:2002",
      "twitter:2003",
    ]);
  });

  it("keeps a frozen moment's winner, who wins no other moment (computed with the Python reference too)", () => {
    // The first moment frozen to twitter:2004 (its won reply went out): the second goes to the next entry after it.
    const frozen = [{ moment: "2030-03-02T10:00:00.000Z", winner: "twitter:2004" }];
    expect(resolveWinningMoments(moments, entries, frozen).map((r) => r.winner)).toEqual([
      "twitter:2004",
      "twitter:2005",
      null,
    ]);
    // A frozen winner whose entry is no longer in the list keeps its moment all the same.
    const gone = entries.filter((e) => e.id !== "twitter:2004");
    expect(resolveWinningMoments(moments, gone, frozen).map((r) => r.winner)).toEqual([
      "twitter:2004",
      "twitter:2005",
      null,
    ]);
  });
});

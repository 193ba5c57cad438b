import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const atLeast = (n: number) => ({ key: "validation.between.string.min", values: { n } });
const atMost = (n: number) => ({ key: "validation.between.string.max", values: { n } });
const NOT_IN_INTERVAL = { key: "validation.between" };

/** A character beyond the Basic Multilingual Plane: one character, two UTF-16 units. */
const ASTRAL = "𝒜";

describe("between", () => {
  describe("on a contest name (required|string|between:4,50)", () => {
    const rule = "required|string|between:4,50";
    it.each(
      sentences<{ does: string; value: string; expected: Outcome }>([
        { does: "refuses 3 characters", value: "abc", expected: atLeast(4) },
        { does: "accepts 4 characters", value: "abcd", expected: VALID },
        { does: "accepts 50 characters", value: "a".repeat(50), expected: VALID },
        { does: "refuses 51 characters", value: "a".repeat(51), expected: atMost(50) },
        {
          does: "refuses 3 characters beyond the BMP (6 UTF-16 units)",
          value: ASTRAL.repeat(3),
          expected: atLeast(4),
        },
        { does: "accepts 4 characters beyond the BMP", value: ASTRAL.repeat(4), expected: VALID },
        {
          does: "accepts 50 characters beyond the BMP (100 UTF-16 units)",
          value: ASTRAL.repeat(50),
          expected: VALID,
        },
        { does: "refuses 51 characters beyond the BMP", value: ASTRAL.repeat(51), expected: atMost(50) },
        { does: "counts emoji as one character each", value: "🎉🎁🎉🎁", expected: VALID },
        { does: "counts the spaces of a name", value: " ab ", expected: VALID },
        {
          does: "says a blank name is required rather than too short",
          value: "   ",
          expected: { key: "validation.required" },
        },
      ]),
    )("%s", (_, { value, expected }) => {
      expect(outcome({ rule, path: "base.name", value })).toEqual(expected);
    });

    it("says 'Must be at least 4 characters.' and 'May not be greater than 50 characters.'", () => {
      expect(englishText({ rule, path: "base.name", value: "abc" })).toBe("Must be at least 4 characters.");
      expect(englishText({ rule, path: "base.name", value: "a".repeat(51) })).toBe(
        "May not be greater than 50 characters.",
      );
    });
  });

  it.each(
    sentences<{ does: string; value: string; expected: Outcome }>([
      { does: "accepts 1 character of meta content", value: "a", expected: VALID },
      { does: "accepts 1000 characters of meta content", value: "a".repeat(1000), expected: VALID },
      { does: "refuses 1001 characters of meta content", value: "a".repeat(1001), expected: atMost(1000) },
    ]),
  )("%s (required|string|between:1,1000)", (_, { value, expected }) => {
    const rule = "required|string|between:1,1000";
    expect(outcome({ rule, path: "sources.0.publication.content", value })).toEqual(expected);
  });

  it.each(
    sentences<{ does: string; value: string; expected: Outcome }>([
      { does: "refuses a manual check reason of 2 characters", value: "ab", expected: atLeast(3) },
      { does: "accepts a manual check reason of 3 characters", value: "abc", expected: VALID },
      { does: "refuses a manual check reason of 51 characters", value: "a".repeat(51), expected: atMost(50) },
    ]),
  )("%s (each item of the list)", (_, { value, expected }) => {
    const rule = "required|string|between:3,50";
    expect(
      outcome({
        rule,
        path: "base.manual_check.list.1",
        value,
        form: { base: { manual_check: { list: ["ok reason"] } } },
      }),
    ).toEqual(expected);
  });

  it.each(
    sentences<{ does: string; value: number; expected: Outcome }>([
      { does: "refuses a number below the interval", value: 0, expected: NOT_IN_INTERVAL },
      { does: "accepts the lower bound", value: 1, expected: VALID },
      { does: "accepts the upper bound", value: 12, expected: VALID },
      { does: "refuses a number above the interval", value: 13, expected: NOT_IN_INTERVAL },
    ]),
  )("%s (numbers under between:1,12)", (_, { value, expected }) => {
    expect(outcome({ rule: "between:1,12", value })).toEqual(expected);
  });

  it("says 'Is not into a valid interval.' for a number", () => {
    expect(englishText({ rule: "between:1,12", value: 13 })).toBe("Is not into a valid interval.");
  });

  it.each(
    sentences<{ does: string; value: unknown[]; expected: Outcome }>([
      { does: "accepts a list of 1 element", value: ["a"], expected: VALID },
      { does: "accepts a list of 3 elements", value: ["a", "b", "c"], expected: VALID },
      {
        does: "refuses a list of 4 elements",
        value: ["a", "b", "c", "d"],
        expected: { key: "validation.between.array", values: { min: 1, max: 3 } },
      },
      {
        does: "lets an empty list pass (empty passes every rule but the implicit ones)",
        value: [],
        expected: VALID,
      },
    ]),
  )("%s (lists under between:1,3)", (_, { value, expected }) => {
    expect(outcome({ rule: "between:1,3", value })).toEqual(expected);
  });

  it.each([true, { length: 99 }])("lets %j pass: the type rules say what the field must be", (value) => {
    expect(outcome({ rule: "between:1,3", value })).toBe(VALID);
  });
});

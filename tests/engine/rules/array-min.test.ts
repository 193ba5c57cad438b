import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const atLeast = (n: number) => ({ key: "validation.array_min", values: { n } });

describe("array_min", () => {
  it.each(
    sentences<{ does: string; rule: string; value: unknown; expected: Outcome }>([
      {
        does: "refuses an empty list under array_min:1",
        rule: "array_min:1",
        value: [],
        expected: atLeast(1),
      },
      {
        does: "refuses a missing list under array_min:1",
        rule: "array_min:1",
        value: undefined,
        expected: atLeast(1),
      },
      { does: "refuses null under array_min:1", rule: "array_min:1", value: null, expected: atLeast(1) },
      { does: "refuses a value that is not a list", rule: "array_min:1", value: "a", expected: atLeast(1) },
      { does: "accepts one element under array_min:1", rule: "array_min:1", value: ["a"], expected: VALID },
      {
        does: "refuses one element under array_min:2",
        rule: "array_min:2",
        value: ["a"],
        expected: atLeast(2),
      },
      {
        does: "accepts two elements under array_min:2",
        rule: "array_min:2",
        value: ["a", "b"],
        expected: VALID,
      },
      { does: "accepts an empty list under array_min:0", rule: "array_min:0", value: [], expected: VALID },
    ]),
  )("%s", (_, { rule, value, expected }) => {
    expect(outcome({ rule, value })).toEqual(expected);
  });

  it("says 'Must have at least 1 element(s).'", () => {
    expect(englishText({ rule: "array|array_min:1", value: [] })).toBe("Must have at least 1 element(s).");
  });
});

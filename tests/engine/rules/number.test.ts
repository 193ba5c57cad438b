import { describe, expect, it } from "vitest";
import { type Outcome, outcome, sentences, VALID } from "./helpers";

const NOT_NUMBER = { key: "validation.number" };

describe("number", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "accepts a whole number", value: 12, expected: VALID },
      { does: "accepts 0", value: 0, expected: VALID },
      { does: "accepts a negative decimal", value: -1.5, expected: VALID },
      { does: "accepts a missing value (empty passes)", value: null, expected: VALID },
      { does: "refuses a number written as text", value: "12", expected: NOT_NUMBER },
      { does: "refuses NaN", value: Number.NaN, expected: NOT_NUMBER },
      { does: "refuses Infinity", value: Number.POSITIVE_INFINITY, expected: NOT_NUMBER },
      { does: "refuses a boolean", value: true, expected: NOT_NUMBER },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "number", value })).toEqual(expected);
  });
});

import { describe, expect, it } from "vitest";
import { type Outcome, outcome, sentences, VALID } from "./helpers";

const NOT_WHOLE = { key: "validation.integer" };

describe("integer", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "accepts a whole number", value: 16, expected: VALID },
      { does: "accepts 0 and negative whole numbers", value: -3, expected: VALID },
      { does: "accepts 5.0, which is whole", value: 5.0, expected: VALID },
      { does: "accepts an empty text (empty passes)", value: "", expected: VALID },
      { does: "refuses a decimal", value: 1.5, expected: NOT_WHOLE },
      { does: "refuses a whole number written as text", value: "5", expected: NOT_WHOLE },
      { does: "refuses NaN", value: Number.NaN, expected: NOT_WHOLE },
      { does: "refuses a boolean", value: true, expected: NOT_WHOLE },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "integer", value })).toEqual(expected);
  });
});

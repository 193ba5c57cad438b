import { describe, expect, it } from "vitest";
import { type Outcome, outcome, sentences, VALID } from "./helpers";

const NOT_TEXT = { key: "validation.string" };

describe("string", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "accepts a text", value: "a contest", expected: VALID },
      { does: "accepts an empty text (empty passes)", value: "", expected: VALID },
      { does: "accepts a missing value (empty passes)", value: undefined, expected: VALID },
      { does: "refuses a number", value: 5, expected: NOT_TEXT },
      { does: "refuses a boolean", value: true, expected: NOT_TEXT },
      { does: "refuses a list of texts", value: ["a"], expected: NOT_TEXT },
      { does: "refuses an object", value: { text: "a" }, expected: NOT_TEXT },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "string", value })).toEqual(expected);
  });
});

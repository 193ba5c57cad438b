import { describe, expect, it } from "vitest";
import { type Outcome, outcome, sentences, VALID } from "./helpers";

const NOT_LIST = { key: "validation.array" };

describe("array", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "accepts a list", value: ["tooManyContests"], expected: VALID },
      { does: "accepts a list of anything", value: [1, null, {}], expected: VALID },
      { does: "accepts an empty list (empty passes)", value: [], expected: VALID },
      { does: "refuses a text", value: "tooManyContests", expected: NOT_LIST },
      { does: "refuses an object", value: { 0: "a" }, expected: NOT_LIST },
      { does: "refuses a number", value: 1, expected: NOT_LIST },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "array", value })).toEqual(expected);
  });
});

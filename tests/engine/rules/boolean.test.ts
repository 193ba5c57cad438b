import { describe, expect, it } from "vitest";
import { type Outcome, outcome, sentences, VALID } from "./helpers";

const NOT_BOOLEAN = { key: "validation.boolean" };

describe("boolean", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "accepts true", value: true, expected: VALID },
      { does: "accepts false", value: false, expected: VALID },
      { does: "accepts a missing value (empty passes)", value: undefined, expected: VALID },
      { does: "refuses the text 'true'", value: "true", expected: NOT_BOOLEAN },
      { does: "refuses 0", value: 0, expected: NOT_BOOLEAN },
      { does: "refuses 1", value: 1, expected: NOT_BOOLEAN },
      { does: "refuses an object", value: { enabled: true }, expected: NOT_BOOLEAN },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "boolean", value })).toEqual(expected);
  });
});

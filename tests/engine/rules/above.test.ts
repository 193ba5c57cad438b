import { describe, expect, it } from "vitest";
import { type Outcome, outcome, sentences, VALID } from "./helpers";

const aboveZero = { key: "validation.above", values: { n: 0 } };

describe("above", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "accepts a number above the limit", value: 1, expected: VALID },
      { does: "accepts a decimal just above the limit", value: 0.5, expected: VALID },
      { does: "refuses the limit itself", value: 0, expected: aboveZero },
      { does: "refuses a number below the limit", value: -1, expected: aboveZero },
      { does: "reads a number written as text", value: "12", expected: VALID },
      { does: "refuses a text that is not a number", value: "abc", expected: aboveZero },
      { does: "refuses a boolean", value: true, expected: aboveZero },
      { does: "accepts an empty value (empty passes)", value: null, expected: VALID },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "above:0", value })).toEqual(expected);
  });

  it("requires a publication account id, a number above 0", () => {
    const rule = "required|number|above:0";
    const path = "sources.0.publication.account_id";
    expect(outcome({ rule, path, value: undefined })).toEqual({ key: "validation.required" });
    expect(outcome({ rule, path, value: 0 })).toEqual(aboveZero);
    expect(outcome({ rule, path, value: 42 })).toBe(VALID);
  });
});

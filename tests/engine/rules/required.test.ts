import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const REQUIRED = { key: "validation.required" };

describe("required", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "refuses a missing value", value: undefined, expected: REQUIRED },
      { does: "refuses null", value: null, expected: REQUIRED },
      { does: "refuses an empty text", value: "", expected: REQUIRED },
      { does: "refuses a text of spaces only", value: "  \t ", expected: REQUIRED },
      { does: "refuses an empty list", value: [], expected: REQUIRED },
      { does: "accepts a text", value: "a", expected: VALID },
      { does: "accepts the number 0", value: 0, expected: VALID },
      { does: "accepts false", value: false, expected: VALID },
      { does: "accepts a list with one element", value: [""], expected: VALID },
      { does: "accepts an object", value: {}, expected: VALID },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "required", value })).toEqual(expected);
  });

  it("says 'Is required.'", () => {
    expect(englishText({ rule: "required", value: "" })).toBe("Is required.");
  });

  it("comes before the field's other rules, so an empty name says it is required", () => {
    expect(outcome({ rule: "required|string|between:4,50", path: "base.name", value: " " })).toEqual(
      REQUIRED,
    );
  });
});

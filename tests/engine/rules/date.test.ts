import { describe, expect, it } from "vitest";
import { englishText, NOW, type Outcome, outcome, sentences, VALID } from "./helpers";

const NOT_DATE = { key: "validation.date" };

describe("date", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "accepts an ISO date in UTC", value: "2026-03-02T10:05:00.000Z", expected: VALID },
      { does: "accepts an ISO date with an offset", value: "2026-03-02T12:05:00+02:00", expected: VALID },
      { does: "accepts a Date", value: NOW, expected: VALID },
      { does: "accepts an empty text (empty allowed)", value: "", expected: VALID },
      { does: "accepts a missing value (empty allowed)", value: undefined, expected: VALID },
      { does: "refuses a text that is not a date", value: "next monday", expected: NOT_DATE },
      { does: "refuses an impossible date", value: "2026-13-45T10:00:00Z", expected: NOT_DATE },
      { does: "refuses an invalid Date", value: new Date(Number.NaN), expected: NOT_DATE },
      { does: "refuses a number", value: 1_772_445_600_000, expected: NOT_DATE },
      { does: "refuses a boolean", value: true, expected: NOT_DATE },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule: "date", value })).toEqual(expected);
  });

  it("says 'Must be a valid date.'", () => {
    expect(englishText({ rule: "date", value: "soon" })).toBe("Must be a valid date.");
  });
});

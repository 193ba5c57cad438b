import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const NO_ACCESS = { key: "validation.team_feature" };
const rule = "team_feature:draw.automatic";

describe("team_feature", () => {
  describe("for a team with the contest builder but without the feature", () => {
    it.each(
      sentences<{ does: string; value: unknown; expected: Outcome }>([
        { does: "refuses an option switched on", value: true, expected: NO_ACCESS },
        { does: "refuses a number other than 0", value: 1, expected: NO_ACCESS },
        { does: "refuses a text other than '0'", value: "yes", expected: NO_ACCESS },
        { does: "refuses an object", value: { enabled: true }, expected: NO_ACCESS },
        { does: "accepts a missing value", value: undefined, expected: VALID },
        { does: "accepts null", value: null, expected: VALID },
        { does: "accepts an empty text", value: "", expected: VALID },
        { does: "accepts a blank text", value: "  ", expected: VALID },
        { does: "accepts false", value: false, expected: VALID },
        { does: "accepts 0", value: 0, expected: VALID },
        { does: "accepts the text '0'", value: "0", expected: VALID },
        { does: "accepts an empty list", value: [], expected: VALID },
        { does: "accepts a non-empty list", value: ["@brand"], expected: VALID },
      ]),
    )("%s", (_, { value, expected }) => {
      expect(outcome({ rule, value, teamFeatures: ["contestBuilder"] })).toEqual(expected);
    });

    it('says "You don\'t have access to that feature."', () => {
      expect(englishText({ rule, value: true, teamFeatures: ["contestBuilder"] })).toBe(
        "You don't have access to that feature.",
      );
    });
  });

  it("accepts an option switched on when the team holds the feature", () => {
    expect(outcome({ rule, value: true, teamFeatures: ["contestBuilder", "draw.automatic"] })).toBe(VALID);
  });

  it("does not apply to a team without the contest builder (a paid one-shot contest)", () => {
    expect(outcome({ rule, value: true, teamFeatures: [] })).toBe(VALID);
    expect(outcome({ rule, value: true, teamFeatures: ["draw.manualCheck"] })).toBe(VALID);
  });

  it("reports the gate on a toggle after its type rule passes", () => {
    const toggle = "boolean|team_feature:draw.automatic|incompatible_with:base.manual_check.enabled";
    expect(
      outcome({ rule: toggle, path: "base.autodraw.enabled", value: true, teamFeatures: ["contestBuilder"] }),
    ).toEqual(NO_ACCESS);
  });
});

import { describe, expect, it } from "vitest";
import { englishText, outcome, VALID } from "./helpers";

const rule = "required|one_network_unless:multiplatform";
const ONE_NETWORK = { key: "validation.one_network_unless" };

/** The type of the form's second source, after a first source of `first`. */
function second(first: string, teamFeatures: string[]) {
  return outcome({
    rule,
    path: "sources.1.type",
    value: "twitter",
    form: { sources: [{ type: first }] },
    teamFeatures,
  });
}

describe("one_network_unless", () => {
  it("refuses a second network to a team with the contest builder but without the feature", () => {
    expect(second("facebook", ["contestBuilder"])).toEqual(ONE_NETWORK);
  });

  it("accepts a second source of the same network", () => {
    expect(second("twitter", ["contestBuilder"])).toBe(VALID);
  });

  it("accepts a second network when the team holds the feature", () => {
    expect(second("facebook", ["contestBuilder", "multiplatform"])).toBe(VALID);
  });

  it("does not apply to a team without the contest builder (a paid one-shot contest)", () => {
    expect(second("facebook", [])).toBe(VALID);
  });

  it("accepts the first source, whatever its network", () => {
    expect(
      outcome({ rule, path: "sources.0.type", value: "twitter", teamFeatures: ["contestBuilder"] }),
    ).toBe(VALID);
  });

  it("says what to do in words", () => {
    expect(
      englishText({
        rule,
        path: "sources.1.type",
        value: "twitter",
        form: { sources: [{ type: "facebook" }] },
        teamFeatures: ["contestBuilder"],
      }),
    ).toBe("Your plan allows one network per contest: change your plan to add another network.");
  });
});

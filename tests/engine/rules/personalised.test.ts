import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const rule = "personalised:NAME";
const path = "sources.0.winning_moments.lost_publication.content";
const unnamed = { key: "validation.personalised", values: { token: "{NAME}" } };

describe("personalised", () => {
  it.each(
    sentences<{ does: string; value: string; expected: Outcome }>([
      { does: "accepts a text holding {NAME}", value: "Not this time, {NAME}!", expected: VALID },
      { does: "accepts {NAME} anywhere, more than once", value: "{NAME}, {NAME}: no", expected: VALID },
      { does: "refuses a text every entrant would get alike", value: "Not this time!", expected: unnamed },
      { does: "refuses another token in place of {NAME}", value: "See {DRAW_LINK}", expected: unnamed },
      { does: "refuses the name without its braces", value: "Not this time, NAME", expected: unnamed },
      { does: "refuses {name} written in lower case", value: "Not this time, {name}", expected: unnamed },
    ]),
  )("%s", (_, { value, expected }) => {
    expect(outcome({ rule, path, value })).toEqual(expected);
  });

  it("names the token its argument asks for", () => {
    expect(outcome({ rule: "personalised:HANDLE", path, value: "Hi {NAME}" })).toEqual({
      key: "validation.personalised",
      values: { token: "{HANDLE}" },
    });
  });

  it("says why the text must name its entrant", () => {
    expect(englishText({ rule, path, value: "Not this time!" })).toBe(
      "Sent to each entrant, this reply must contain {NAME}, filled in for each one: the network refuses the same text twice from one account.",
    );
  });

  it.each([42, true, null])("lets %j pass: it is not a text", (value) => {
    expect(outcome({ rule, path, value })).toBe(VALID);
  });
});

import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const REQUIRED = { key: "validation.required" };

describe("required_when_in", () => {
  describe("the closing publication type (required_when_in:sources.$SOURCE.closing_publication.enabled,1)", () => {
    const rule = "required_when_in:sources.$SOURCE.closing_publication.enabled,1|in:comment,repost";
    const path = "sources.0.closing_publication.type";
    it.each(
      sentences<{ does: string; enabled: unknown; value: unknown; expected: Outcome }>([
        {
          does: "requires a type while the publication is on (true counts as 1)",
          enabled: true,
          value: undefined,
          expected: REQUIRED,
        },
        {
          does: "refuses an empty type while the publication is on",
          enabled: true,
          value: "",
          expected: REQUIRED,
        },
        {
          does: "accepts a type while the publication is on",
          enabled: true,
          value: "comment",
          expected: VALID,
        },
        {
          does: "does not require a type while the publication is off (false counts as 0)",
          enabled: false,
          value: undefined,
          expected: VALID,
        },
        {
          does: "does not require a type while the switch is missing",
          enabled: undefined,
          value: undefined,
          expected: VALID,
        },
        {
          does: "requires a type while the switch holds the number 1",
          enabled: 1,
          value: undefined,
          expected: REQUIRED,
        },
        {
          does: "requires a type while the switch holds the text '1'",
          enabled: "1",
          value: null,
          expected: REQUIRED,
        },
        {
          does: "does not require a type while the switch holds 0",
          enabled: 0,
          value: undefined,
          expected: VALID,
        },
      ]),
    )("%s", (_, { enabled, value, expected }) => {
      const form = { sources: [{ closing_publication: { enabled } }] };
      expect(outcome({ rule, path, value, form })).toEqual(expected);
    });

    it("says 'Is required.'", () => {
      const form = { sources: [{ closing_publication: { enabled: true } }] };
      expect(englishText({ rule, path, value: "", form })).toBe("Is required.");
    });

    it("reads the switch of the field's own source", () => {
      const form = {
        sources: [{ closing_publication: { enabled: true } }, { closing_publication: { enabled: false } }],
      };
      expect(outcome({ rule, path: "sources.1.closing_publication.type", value: undefined, form })).toBe(
        VALID,
      );
      expect(outcome({ rule, path: "sources.0.closing_publication.type", value: undefined, form })).toEqual(
        REQUIRED,
      );
    });
  });

  it.each(
    sentences<{ does: string; rule: string; other: unknown; expected: Outcome }>([
      { does: "counts false as 0", rule: "required_when_in:base.other,0", other: false, expected: REQUIRED },
      {
        does: "does not count true as 0",
        rule: "required_when_in:base.other,0",
        other: true,
        expected: VALID,
      },
      {
        does: "requires the value for any listed value",
        rule: "required_when_in:base.other,[comment,repost]",
        other: "repost",
        expected: REQUIRED,
      },
      {
        does: "does not require it for a value that is not listed",
        rule: "required_when_in:base.other,[comment,repost]",
        other: "like",
        expected: VALID,
      },
      {
        does: "compares a number as text",
        rule: "required_when_in:base.other,2,3",
        other: 3,
        expected: REQUIRED,
      },
      {
        does: "does not require it while the other field holds a list",
        rule: "required_when_in:base.other,comment",
        other: ["comment"],
        expected: VALID,
      },
      {
        does: 'does not require it while the other field holds a JSON object, even one with a "toString" key',
        rule: "required_when_in:base.other,1",
        other: JSON.parse('{"toString":1}'),
        expected: VALID,
      },
    ]),
  )("%s", (_, { rule, other, expected }) => {
    expect(outcome({ rule, value: "", form: { base: { other } } })).toEqual(expected);
  });
});

import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const notWithManualCheck = {
  key: "validation.incompatible_with",
  values: { x: { key: "field.base.manual_check.enabled" } },
};

describe("incompatible_with_field_value", () => {
  describe("the number of winners with manual check (…|incompatible_with_field_value:base.manual_check.enabled,>,50)", () => {
    const rule =
      "required|integer|range:1,$quota.winners|incompatible_with_field_value:base.manual_check.enabled,>,50";
    it.each(
      sentences<{ does: string; value: number; manualCheck: boolean; expected: Outcome }>([
        { does: "accepts 50 winners with manual check", value: 50, manualCheck: true, expected: VALID },
        {
          does: "refuses 51 winners with manual check",
          value: 51,
          manualCheck: true,
          expected: notWithManualCheck,
        },
        { does: "accepts 51 winners without manual check", value: 51, manualCheck: false, expected: VALID },
        { does: "accepts 500 winners without manual check", value: 500, manualCheck: false, expected: VALID },
      ]),
    )("%s", (_, { value, manualCheck, expected }) => {
      const form = { base: { manual_check: { enabled: manualCheck } } };
      expect(outcome({ rule, path: "base.nb_winners", value, form, quotas: { winners: 500 } })).toEqual(
        expected,
      );
    });

    it("says 'Is not compatible with manual check.'", () => {
      const form = { base: { manual_check: { enabled: true } } };
      expect(englishText({ rule, path: "base.nb_winners", value: 51, form, quotas: { winners: 500 } })).toBe(
        "Is not compatible with manual check.",
      );
    });
  });

  it.each(
    sentences<{ does: string; rule: string; value: unknown; expected: Outcome }>([
      {
        does: "refuses a value below the limit under <",
        rule: "incompatible_with_field_value:base.on,<,5",
        value: 4,
        expected: { key: "validation.incompatible_with", values: { x: { key: "field.base.on" } } },
      },
      {
        does: "accepts the limit itself under <",
        rule: "incompatible_with_field_value:base.on,<,5",
        value: 5,
        expected: VALID,
      },
      {
        does: "refuses the limit itself under ==",
        rule: "incompatible_with_field_value:base.on,==,5",
        value: 5,
        expected: { key: "validation.incompatible_with", values: { x: { key: "field.base.on" } } },
      },
      {
        does: "accepts another value under ==",
        rule: "incompatible_with_field_value:base.on,==,5",
        value: 6,
        expected: VALID,
      },
      {
        does: "reads a number written as text",
        rule: "incompatible_with_field_value:base.on,>,50",
        value: "51",
        expected: { key: "validation.incompatible_with", values: { x: { key: "field.base.on" } } },
      },
      {
        does: "lets a value that is not a number pass",
        rule: "incompatible_with_field_value:base.on,>,50",
        value: "many",
        expected: VALID,
      },
    ]),
  )("%s", (_, { rule, value, expected }) => {
    expect(outcome({ rule, value, form: { base: { on: true } } })).toEqual(expected);
  });
});

import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const outside = (min: number, max: number) => ({ key: "validation.range", values: { min, max } });
const NOT_WHOLE = { key: "validation.integer" };

describe("range", () => {
  it.each(
    sentences<{ does: string; value: unknown; expected: Outcome }>([
      { does: "refuses a number below the range", value: 0, expected: outside(1, 16) },
      { does: "accepts the lower bound", value: 1, expected: VALID },
      { does: "accepts the upper bound", value: 16, expected: VALID },
      { does: "refuses a number above the range", value: 17, expected: outside(1, 16) },
      { does: "reads a number written as text", value: "17", expected: outside(1, 16) },
      {
        does: "lets a text that is not a number pass (the number rule reports it)",
        value: "abc",
        expected: VALID,
      },
      { does: "lets a boolean pass", value: true, expected: VALID },
      { does: "lets an object pass", value: { n: 99 }, expected: VALID },
      { does: "lets NaN pass", value: Number.NaN, expected: VALID },
    ]),
  )("%s (range:1,16)", (_, { value, expected }) => {
    expect(outcome({ rule: "range:1,16", value })).toEqual(expected);
  });

  it("says 'Is not into a valid interval.'", () => {
    expect(englishText({ rule: "range:1,16", value: 0 })).toBe("Is not into a valid interval.");
  });

  describe.each(
    sentences([
      {
        does: "mentions nb_min",
        path: "sources.0.actions.comment.mentions.nb_min",
        rule: "integer|range:1,16",
        min: 1,
        max: 16,
      },
      {
        does: "retweet rate threshold",
        path: "sources.0.check_retweet_rate.max_percent_contests",
        rule: "required|integer|range:10,99",
        min: 10,
        max: 99,
      },
      {
        does: "account age in months",
        path: "sources.0.account_age.months_old",
        rule: "required|integer|range:1,24",
        min: 1,
        max: 24,
      },
      {
        does: "winning attempts",
        path: "sources.0.winning_moments.nb_attempts",
        rule: "required|integer|range:1,50",
        min: 1,
        max: 50,
      },
      {
        does: "months of previous winners excluded",
        path: "base.exclude_previous_winners.nb_months",
        rule: "required|integer|range:1,12",
        min: 1,
        max: 12,
      },
    ]),
  )("the %s", (_, { path, rule, min, max }) => {
    it.each(
      sentences<{ does: string; value: number; expected: Outcome }>([
        { does: `refuses ${min - 1} under ${rule}`, value: min - 1, expected: outside(min, max) },
        { does: `accepts ${min} under ${rule}`, value: min, expected: VALID },
        { does: `accepts ${max} under ${rule}`, value: max, expected: VALID },
        { does: `refuses ${max + 1} under ${rule}`, value: max + 1, expected: outside(min, max) },
        { does: "refuses a decimal before checking the range", value: min + 0.5, expected: NOT_WHOLE },
      ]),
    )("%s", (_, { value, expected }) => {
      expect(outcome({ rule, path, value })).toEqual(expected);
    });
  });

  describe("the number of winners (from 1 to the team's winners quota)", () => {
    const rule =
      "required|integer|range:1,$quota.winners|incompatible_with_field_value:base.manual_check.enabled,>,50";
    it.each(
      sentences<{ does: string; value: unknown; winners: number; expected: Outcome }>([
        { does: "refuses 0 winners", value: 0, winners: 100, expected: outside(1, 100) },
        { does: "accepts 1 winner", value: 1, winners: 100, expected: VALID },
        { does: "accepts as many winners as the quota", value: 100, winners: 100, expected: VALID },
        {
          does: "refuses one winner more than the quota",
          value: 101,
          winners: 100,
          expected: outside(1, 100),
        },
        {
          does: "accepts 20 winners on a free one-shot quota of 20",
          value: 20,
          winners: 20,
          expected: VALID,
        },
        {
          does: "refuses 21 winners on a free one-shot quota of 20",
          value: 21,
          winners: 20,
          expected: outside(1, 20),
        },
        {
          does: "says a missing number is required",
          value: undefined,
          winners: 100,
          expected: { key: "validation.required" },
        },
        { does: "refuses 2.5 winners", value: 2.5, winners: 100, expected: NOT_WHOLE },
      ]),
    )("%s", (_, { value, winners, expected }) => {
      expect(outcome({ rule, path: "base.nb_winners", value, quotas: { winners } })).toEqual(expected);
    });
  });
});

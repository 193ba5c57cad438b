import { describe, expect, it } from "vitest";
import { DAY, englishText, type Outcome, outcome, plus, sentences, VALID } from "./helpers";

const exactly = (n: number) => ({ key: "validation.array_length_equals_field", values: { n } });
const rule = "array|array_length_equals_field:base.nb_winners";
const path = "sources.0.winning_moments.list";
const moments = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ date: plus((i + 1) * DAY), won: false }));

describe("array_length_equals_field", () => {
  it.each(
    sentences<{ does: string; value: unknown; winners: unknown; expected: Outcome }>([
      { does: "accepts as many winning moments as winners", value: moments(3), winners: 3, expected: VALID },
      {
        does: "refuses fewer winning moments than winners",
        value: moments(2),
        winners: 3,
        expected: exactly(3),
      },
      {
        does: "refuses more winning moments than winners",
        value: moments(4),
        winners: 3,
        expected: exactly(3),
      },
      { does: "refuses an empty list while there are winners", value: [], winners: 2, expected: exactly(2) },
      {
        does: "refuses a missing list while there are winners",
        value: undefined,
        winners: 2,
        expected: exactly(2),
      },
      { does: "reads a number of winners written as text", value: moments(3), winners: "3", expected: VALID },
      {
        does: "lets the list pass while the number of winners is missing",
        value: moments(2),
        winners: undefined,
        expected: VALID,
      },
      {
        does: "lets the list pass while the number of winners is null",
        value: moments(2),
        winners: null,
        expected: VALID,
      },
      {
        does: "lets the list pass while the number of winners is blank",
        value: moments(2),
        winners: " ",
        expected: VALID,
      },
      {
        does: "lets the list pass while the number of winners is not whole",
        value: moments(2),
        winners: 2.5,
        expected: VALID,
      },
    ]),
  )("%s", (_, { value, winners, expected }) => {
    expect(outcome({ rule, path, value, form: { base: { nb_winners: winners } } })).toEqual(expected);
  });

  it("says 'Must have exactly 3 element(s).'", () => {
    expect(englishText({ rule, path, value: moments(1), form: { base: { nb_winners: 3 } } })).toBe(
      "Must have exactly 3 element(s).",
    );
  });
});

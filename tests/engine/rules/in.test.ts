import { describe, expect, it } from "vitest";
import { type Outcome, outcome, sentences, VALID } from "./helpers";

const NOT_A_CHOICE = { key: "validation.in" };

describe("in", () => {
  it.each(
    sentences<{ does: string; rule: string; value: unknown; expected: Outcome }>([
      { does: "accepts one of the choices", rule: "in:comment,repost", value: "repost", expected: VALID },
      {
        does: "refuses a value that is not a choice",
        rule: "in:comment,repost",
        value: "like",
        expected: NOT_A_CHOICE,
      },
      {
        does: "compares exactly, case included",
        rule: "in:comment,repost",
        value: "Comment",
        expected: NOT_A_CHOICE,
      },
      { does: "reads a [list] of choices", rule: "in:[comment,repost]", value: "comment", expected: VALID },
      {
        does: "refuses outside a [list] of choices",
        rule: "in:[comment,repost]",
        value: "quote",
        expected: NOT_A_CHOICE,
      },
      {
        does: "reads a single choice (the tunnel type)",
        rule: "required|in:tunnel",
        value: "tunnel",
        expected: VALID,
      },
      { does: "refuses another type", rule: "required|in:tunnel", value: "classic", expected: NOT_A_CHOICE },
      {
        does: "accepts a list whose every element is a choice",
        rule: "in:like,love,wow",
        value: ["like", "wow"],
        expected: VALID,
      },
      {
        does: "refuses a list holding one element that is not a choice",
        rule: "in:like,love,wow",
        value: ["like", "meh"],
        expected: NOT_A_CHOICE,
      },
      { does: "compares a number as text", rule: "in:1,2", value: 2, expected: VALID },
      { does: "refuses a number that is not a choice", rule: "in:1,2", value: 3, expected: NOT_A_CHOICE },
      { does: "takes quoted choices holding commas", rule: 'in:"a,b",c', value: "a,b", expected: VALID },
      {
        does: "refuses an object",
        rule: "in:comment,repost",
        value: { type: "comment" },
        expected: NOT_A_CHOICE,
      },
      {
        does: "accepts an empty value (empty passes)",
        rule: "in:comment,repost",
        value: "",
        expected: VALID,
      },
    ]),
  )("%s", (_, { rule, value, expected }) => {
    expect(outcome({ rule, value })).toEqual(expected);
  });
});

import { describe, expect, it } from "vitest";
import { type Outcome, outcome, sentences, VALID } from "./helpers";

describe("equals", () => {
  it.each(
    sentences<{ does: string; rule: string; value: unknown; expected: Outcome }>([
      { does: "accepts true under equals:true", rule: "equals:true", value: true, expected: VALID },
      {
        does: "refuses false under equals:true, naming what it must be",
        rule: "equals:true",
        value: false,
        expected: { key: "validation.equals", values: { x: "true" } },
      },
      { does: "compares the value as text", rule: "equals:true", value: "true", expected: VALID },
      { does: "accepts the expected text", rule: "equals:tunnel", value: "tunnel", expected: VALID },
      {
        does: "refuses another text",
        rule: "equals:tunnel",
        value: "classic",
        expected: { key: "validation.equals", values: { x: "tunnel" } },
      },
      {
        does: "accepts a missing value (empty passes)",
        rule: "equals:true",
        value: undefined,
        expected: VALID,
      },
      {
        does: "refuses a list holding the expected text",
        rule: "equals:true",
        value: ["true"],
        expected: { key: "validation.equals", values: { x: "true" } },
      },
      {
        does: 'refuses a JSON object, even one with a "toString" key',
        rule: "equals:true",
        value: JSON.parse('{"toString":1}'),
        expected: { key: "validation.equals", values: { x: "true" } },
      },
    ]),
  )("%s", (_, { rule, value, expected }) => {
    expect(outcome({ rule, value })).toEqual(expected);
  });

  it("refuses an unchecked parameters-verified box and accepts a checked one", () => {
    const rule = "required|boolean|equals:true";
    const path = "summary.parameters_verified";
    expect(outcome({ rule, path, value: false })).toEqual({
      key: "validation.equals",
      values: { x: "true" },
    });
    expect(outcome({ rule, path, value: true })).toBe(VALID);
  });
});

import { describe, expect, it } from "vitest";
import { englishText, type Outcome, outcome, sentences, VALID } from "./helpers";

const notWith = (label: string) => ({ key: "validation.incompatible_with", values: { x: { key: label } } });

describe("incompatible_with", () => {
  describe("manual check against the automatic draw (boolean|incompatible_with:base.autodraw.enabled)", () => {
    const rule = "boolean|incompatible_with:base.autodraw.enabled";
    const path = "base.manual_check.enabled";
    it.each(
      sentences<{ does: string; value: boolean; autodraw: unknown; expected: Outcome }>([
        {
          does: "refuses manual check while the automatic draw is on",
          value: true,
          autodraw: true,
          expected: notWith("field.base.autodraw.enabled"),
        },
        {
          does: "accepts manual check while the automatic draw is off",
          value: true,
          autodraw: false,
          expected: VALID,
        },
        {
          does: "accepts manual check while the automatic draw is missing",
          value: true,
          autodraw: undefined,
          expected: VALID,
        },
        {
          does: "does not apply while manual check itself is off",
          value: false,
          autodraw: true,
          expected: VALID,
        },
      ]),
    )("%s", (_, { value, autodraw, expected }) => {
      expect(outcome({ rule, path, value, form: { base: { autodraw: { enabled: autodraw } } } })).toEqual(
        expected,
      );
    });

    it("says 'Is not compatible with automatic draw.'", () => {
      const form = { base: { autodraw: { enabled: true } } };
      expect(englishText({ rule, path, value: true, form })).toBe("Is not compatible with automatic draw.");
    });
  });

  it.each(
    sentences<{ does: string; other: Record<string, unknown>; expected: Outcome }>([
      {
        does: "names the first listed field that is on",
        other: { a: false, b: true },
        expected: notWith("field.base.b"),
      },
      {
        does: "counts a non-empty list as on",
        other: { a: ["x"], b: false },
        expected: notWith("field.base.a"),
      },
      { does: "counts an empty list as off", other: { a: [], b: 0 }, expected: VALID },
    ]),
  )("%s (incompatible_with:base.a,base.b)", (_, { other, expected }) => {
    expect(outcome({ rule: "incompatible_with:base.a,base.b", value: true, form: { base: other } })).toEqual(
      expected,
    );
  });

  it("reads the field of its own source through $SOURCE and labels it as a source field", () => {
    const rule = "incompatible_with:sources.$SOURCE.actions.prediction.enabled";
    const form = {
      sources: [
        { actions: { prediction: { enabled: true } } },
        { actions: { prediction: { enabled: false } } },
      ],
    };
    const path = (i: number) => `sources.${i}.winning_moments.enabled`;
    expect(outcome({ rule, path: path(0), value: true, form })).toEqual(
      notWith("field.source.actions.prediction.enabled"),
    );
    expect(outcome({ rule, path: path(1), value: true, form })).toBe(VALID);
  });
});

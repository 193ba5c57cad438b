import { describe, expect, it } from "vitest";
import { DAY, englishText, MINUTE, type Outcome, outcome, plus, SECOND, sentences, VALID } from "./helpers";

const close = plus(10 * DAY);
const beforeClose = { key: "validation.before_field", values: { x: { key: "field.base.close_date" } } };

describe("before_field", () => {
  it.each(
    sentences<{ does: string; rule: string; value: unknown; expected: Outcome }>([
      {
        does: "accepts a date one margin before the other date",
        rule: "before_field:base.close_date,1m",
        value: plus(-MINUTE, close),
        expected: VALID,
      },
      {
        does: "refuses a date within the margin",
        rule: "before_field:base.close_date,1m",
        value: plus(-59 * SECOND, close),
        expected: beforeClose,
      },
      {
        does: "refuses a date after the other date",
        rule: "before_field:base.close_date,1m",
        value: plus(DAY, close),
        expected: beforeClose,
      },
      {
        does: "accepts the other date itself without a margin",
        rule: "before_field:base.close_date",
        value: close,
        expected: VALID,
      },
      {
        does: "refuses a second after the other date without a margin",
        rule: "before_field:base.close_date",
        value: plus(SECOND, close),
        expected: beforeClose,
      },
      {
        does: "says a value that is not a date is not a valid date",
        rule: "before_field:base.close_date",
        value: "later",
        expected: { key: "validation.date" },
      },
    ]),
  )("%s", (_, { rule, value, expected }) => {
    expect(
      outcome({
        rule,
        path: "sources.0.reminders.list.0.date",
        value,
        form: { base: { close_date: close } },
      }),
    ).toEqual(expected);
  });

  it("lets the date pass while the other date is missing", () => {
    expect(outcome({ rule: "before_field:base.close_date,1m", value: plus(90 * DAY) })).toBe(VALID);
  });

  it("says 'Must be before close date.', naming the other field by its label", () => {
    const form = { base: { close_date: close } };
    expect(englishText({ rule: "before_field:base.close_date,1m", value: close, form })).toBe(
      "Must be before close date.",
    );
  });

  it("reads the other date of the field's own source through $SOURCE", () => {
    const rule = "before_field:sources.$SOURCE.end";
    const form = { sources: [{ end: plus(DAY, close) }, { end: plus(-DAY, close) }] };
    expect(outcome({ rule, path: "sources.0.x", value: close, form })).toBe(VALID);
    expect(outcome({ rule, path: "sources.1.x", value: close, form })).toEqual({
      key: "validation.before_field",
      values: { x: { key: "field.source.end" } },
    });
  });
});

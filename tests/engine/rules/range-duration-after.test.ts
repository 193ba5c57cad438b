import { describe, expect, it } from "vitest";
import { DAY, englishText, MINUTE, type Outcome, outcome, plus, SECOND, sentences, VALID } from "./helpers";

const OUTSIDE = { key: "validation.range_duration_after" };
const NOT_DATE = { key: "validation.date" };

describe("range_duration_after", () => {
  describe("on the start date (required|date|range_duration_after:now,5m,60d)", () => {
    const rule = "required|date|range_duration_after:now,5m,60d";
    it.each(
      sentences<{ does: string; value: unknown; expected: Outcome }>([
        {
          does: "refuses a start 4 minutes 59 seconds from now",
          value: plus(4 * MINUTE + 59 * SECOND),
          expected: OUTSIDE,
        },
        { does: "accepts a start 5 minutes from now", value: plus(5 * MINUTE), expected: VALID },
        { does: "accepts a start 60 days from now", value: plus(60 * DAY), expected: VALID },
        {
          does: "refuses a start 60 days and 1 minute from now",
          value: plus(60 * DAY + MINUTE),
          expected: OUTSIDE,
        },
        { does: "refuses a start in the past", value: plus(-DAY), expected: OUTSIDE },
        { does: "says a text that is not a date is not a valid date", value: "tomorrow", expected: NOT_DATE },
        { does: "says a missing start is required", value: "", expected: { key: "validation.required" } },
      ]),
    )("%s", (_, { value, expected }) => {
      expect(outcome({ rule, path: "base.start_date", value })).toEqual(expected);
    });

    it("says 'Is not into a valid interval.'", () => {
      expect(englishText({ rule, path: "base.start_date", value: plus(MINUTE) })).toBe(
        "Is not into a valid interval.",
      );
    });
  });

  describe("on the close date (…|range_duration_after:base.start_date,5m,60d|max_contest_duration:365d)", () => {
    const rule = "required|date|range_duration_after:base.start_date,5m,60d|max_contest_duration:365d";
    const start = plus(DAY);
    it.each(
      sentences<{ does: string; value: string; expected: Outcome }>([
        {
          does: "refuses a close 4 minutes after the start",
          value: plus(4 * MINUTE, start),
          expected: OUTSIDE,
        },
        {
          does: "accepts a close 5 minutes after the start",
          value: plus(5 * MINUTE, start),
          expected: VALID,
        },
        { does: "accepts a close 60 days after the start", value: plus(60 * DAY, start), expected: VALID },
        {
          does: "refuses a close 60 days and 1 minute after the start",
          value: plus(60 * DAY + MINUTE, start),
          expected: OUTSIDE,
        },
        { does: "refuses a close before the start", value: plus(-MINUTE, start), expected: OUTSIDE },
      ]),
    )("%s", (_, { value, expected }) => {
      expect(
        outcome({ rule, path: "base.close_date", value, form: { base: { start_date: start } } }),
      ).toEqual(expected);
    });

    it("lets the close date pass while there is no start date to measure from", () => {
      expect(outcome({ rule, path: "base.close_date", value: plus(90 * DAY) })).toBe(VALID);
    });

    it("lets the close date pass while the start date is not a date", () => {
      const form = { base: { start_date: "whenever" } };
      expect(outcome({ rule, path: "base.close_date", value: plus(90 * DAY), form })).toBe(VALID);
    });
  });

  describe("on the automatic draw date (required|date|range_duration_after:base.close_date,0m,30d)", () => {
    const rule = "required|date|range_duration_after:base.close_date,0m,30d";
    const close = plus(10 * DAY);
    it.each(
      sentences<{ does: string; value: string; expected: Outcome }>([
        { does: "refuses a draw 1 minute before the close", value: plus(-MINUTE, close), expected: OUTSIDE },
        { does: "accepts a draw at the close (0 minutes after)", value: close, expected: VALID },
        { does: "accepts a draw 30 days after the close", value: plus(30 * DAY, close), expected: VALID },
        {
          does: "refuses a draw 30 days and 1 minute after the close",
          value: plus(30 * DAY + MINUTE, close),
          expected: OUTSIDE,
        },
      ]),
    )("%s", (_, { value, expected }) => {
      expect(
        outcome({ rule, path: "base.autodraw.date", value, form: { base: { close_date: close } } }),
      ).toEqual(expected);
    });
  });

  describe("on a reminder date (…|range_duration_after:base.start_date,1m,60d|before_field:base.close_date,1m)", () => {
    const rule = "required|date|range_duration_after:base.start_date,1m,60d|before_field:base.close_date,1m";
    const start = plus(DAY);
    const close = plus(10 * DAY, start);
    const beforeClose = { key: "validation.before_field", values: { x: { key: "field.base.close_date" } } };
    it.each(
      sentences<{ does: string; value: string; closeDate?: string; expected: Outcome }>([
        {
          does: "refuses a reminder 59 seconds after the start",
          value: plus(59 * SECOND, start),
          expected: OUTSIDE,
        },
        { does: "accepts a reminder 1 minute after the start", value: plus(MINUTE, start), expected: VALID },
        {
          does: "accepts a reminder 1 minute before the close",
          value: plus(-MINUTE, close),
          expected: VALID,
        },
        {
          does: "refuses a reminder 59 seconds before the close",
          value: plus(-59 * SECOND, close),
          expected: beforeClose,
        },
        { does: "refuses a reminder at the close", value: close, expected: beforeClose },
        {
          does: "refuses a reminder 60 days and 1 minute after the start, even before a later close",
          value: plus(60 * DAY + MINUTE, start),
          closeDate: plus(61 * DAY, start),
          expected: OUTSIDE,
        },
      ]),
    )("%s", (_, { value, closeDate = close, expected }) => {
      const form = { base: { start_date: start, close_date: closeDate } };
      expect(outcome({ rule, path: "sources.0.reminders.list.1.date", value, form })).toEqual(expected);
    });
  });
});

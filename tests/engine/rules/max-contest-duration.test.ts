import { describe, expect, it } from "vitest";
import { DAY, englishText, HOUR, MINUTE, type Outcome, outcome, plus, sentences, VALID } from "./helpers";

const start = plus(DAY);

describe("max_contest_duration", () => {
  describe("on the close date (max_contest_duration:365d)", () => {
    const tooLong = { key: "validation.max_contest_duration", values: { n: 365 } };
    it.each(
      sentences<{ does: string; value: string; expected: Outcome }>([
        { does: "accepts a contest of 365 days", value: plus(365 * DAY, start), expected: VALID },
        {
          does: "refuses a contest of 365 days and 1 minute",
          value: plus(365 * DAY + MINUTE, start),
          expected: tooLong,
        },
        { does: "accepts a contest of 5 minutes", value: plus(5 * MINUTE, start), expected: VALID },
      ]),
    )("%s", (_, { value, expected }) => {
      const form = { base: { start_date: start } };
      expect(outcome({ rule: "max_contest_duration:365d", path: "base.close_date", value, form })).toEqual(
        expected,
      );
    });

    it("lets the close date pass while there is no start date", () => {
      expect(
        outcome({ rule: "max_contest_duration:365d", path: "base.close_date", value: plus(400 * DAY) }),
      ).toBe(VALID);
    });

    it("says 'The contest may not last more than 365 days.'", () => {
      const form = { base: { start_date: start } };
      expect(
        englishText({
          rule: "max_contest_duration:365d",
          path: "base.close_date",
          value: plus(366 * DAY, start),
          form,
        }),
      ).toBe("The contest may not last more than 365 days.");
    });
  });

  it("measures between the two fields it is given", () => {
    const rule = "max_contest_duration:7d,base.from,base.to";
    const form = { base: { from: start, to: plus(8 * DAY, start) } };
    expect(outcome({ rule, value: true, form })).toEqual({
      key: "validation.max_contest_duration",
      values: { n: 7 },
    });
    expect(outcome({ rule, value: true, form: { base: { from: start, to: plus(7 * DAY, start) } } })).toBe(
      VALID,
    );
  });

  describe("on the private message to winners (max_contest_duration:6d23h, worded by its sidecar)", () => {
    const rule = "boolean|max_contest_duration:6d23h";
    const messages = { max_contest_duration: "validation.private_message.duration" };
    const path = "sources.0.winners_private_message.enabled";
    const lasting = (ms: number) => ({ base: { start_date: start, close_date: plus(ms, start) } });
    const onlyUnder7Days = { key: "validation.private_message.duration", values: { n: 6 } };
    it.each(
      sentences<{ does: string; value: boolean; duration: number; expected: Outcome }>([
        {
          does: "allows it on a contest of 6 days 23 hours",
          value: true,
          duration: 6 * DAY + 23 * HOUR,
          expected: VALID,
        },
        {
          does: "refuses it on a contest of 6 days 23 hours 5 minutes",
          value: true,
          duration: 6 * DAY + 23 * HOUR + 5 * MINUTE,
          expected: onlyUnder7Days,
        },
        {
          does: "refuses it on a contest of 30 days",
          value: true,
          duration: 30 * DAY,
          expected: onlyUnder7Days,
        },
        { does: "does not apply while the option is off", value: false, duration: 30 * DAY, expected: VALID },
      ]),
    )("%s", (_, { value, duration, expected }) => {
      expect(outcome({ rule, path, value, messages, form: lasting(duration) })).toEqual(expected);
    });

    it("says 'Only available on contests lasting less than 7 days.'", () => {
      expect(englishText({ rule, path, value: true, messages, form: lasting(8 * DAY) })).toBe(
        "Only available on contests lasting less than 7 days.",
      );
    });

    it("lets the option pass while a date is missing", () => {
      expect(outcome({ rule, path, value: true, messages, form: { base: { start_date: start } } })).toBe(
        VALID,
      );
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  autodrawPickerDisabled,
  canAddReminders,
  closePickerDisabled,
  reminderWindow,
  shouldConfirmDatesUpdate,
  snapToStep,
  weekStart,
} from "../../engine/dates";

const START = "2030-03-10T12:00:00.000Z";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe("snapToStep", () => {
  it.each([
    { input: "2030-03-10T12:00:00.000Z", expected: "2030-03-10T12:00:00.000Z" },
    { input: "2030-03-10T12:05:00.000Z", expected: "2030-03-10T12:05:00.000Z" },
    { input: "2030-03-10T12:00:00.001Z", expected: "2030-03-10T12:05:00.000Z" },
    { input: "2030-03-10T12:00:01.000Z", expected: "2030-03-10T12:05:00.000Z" },
    { input: "2030-03-10T12:01:00.000Z", expected: "2030-03-10T12:05:00.000Z" },
    { input: "2030-03-10T12:04:59.999Z", expected: "2030-03-10T12:05:00.000Z" },
    { input: "2030-03-10T12:57:30.000Z", expected: "2030-03-10T13:00:00.000Z" },
    { input: "2030-03-10T23:58:00.000Z", expected: "2030-03-11T00:00:00.000Z" },
  ])("rounds $input up to the next 5-minute step, seconds zeroed: $expected", ({ input, expected }) => {
    expect(snapToStep(input)).toBe(expected);
  });

  it("never moves a date earlier, so now + 5 minutes stays at least 5 minutes ahead", () => {
    const now = Date.parse("2030-03-10T12:02:17.345Z");
    const picked = snapToStep(new Date(now + 5 * MINUTE));
    expect(picked).toBe("2030-03-10T12:10:00.000Z");
    expect(Date.parse(picked ?? "") - now).toBeGreaterThanOrEqual(5 * MINUTE);
  });

  it("reads an offset date as the instant it names and answers in UTC", () => {
    expect(snapToStep("2030-03-10T13:31:00+01:00")).toBe("2030-03-10T12:35:00.000Z");
  });

  it("uses another step when asked", () => {
    expect(snapToStep("2030-03-10T12:01:00.000Z", 15)).toBe("2030-03-10T12:15:00.000Z");
    expect(snapToStep("2030-03-10T12:00:00.500Z", 1)).toBe("2030-03-10T12:01:00.000Z");
  });

  it("gives null for a missing or invalid date", () => {
    expect(snapToStep(null)).toBeNull();
    expect(snapToStep("")).toBeNull();
    expect(snapToStep("not a date")).toBeNull();
  });
});

describe("shouldConfirmDatesUpdate", () => {
  const close = "2030-03-20T12:00:00.000Z";

  it("asks when a close date exists and the new start differs from the original", () => {
    expect(
      shouldConfirmDatesUpdate({
        closeDate: close,
        originalStartDate: START,
        newStartDate: plus(START, 5 * MINUTE),
      }),
    ).toBe(true);
  });

  it("asks when there was no original start but a close date exists", () => {
    expect(shouldConfirmDatesUpdate({ closeDate: close, originalStartDate: null, newStartDate: START })).toBe(
      true,
    );
  });

  it("does not ask without a close date", () => {
    expect(
      shouldConfirmDatesUpdate({ closeDate: null, originalStartDate: START, newStartDate: plus(START, DAY) }),
    ).toBe(false);
  });

  it("does not ask when the new start is the original start, however it is written", () => {
    expect(
      shouldConfirmDatesUpdate({ closeDate: close, originalStartDate: START, newStartDate: START }),
    ).toBe(false);
    expect(
      shouldConfirmDatesUpdate({
        closeDate: close,
        originalStartDate: START,
        newStartDate: "2030-03-10T13:00:00+01:00",
      }),
    ).toBe(false);
  });

  it("does not ask when the start is cleared", () => {
    expect(shouldConfirmDatesUpdate({ closeDate: close, originalStartDate: START, newStartDate: null })).toBe(
      false,
    );
  });
});

describe("pickers and reminders that wait for a date", () => {
  it("disables the close picker until a start date is set", () => {
    expect(closePickerDisabled(null)).toBe(true);
    expect(closePickerDisabled("")).toBe(true);
    expect(closePickerDisabled(START)).toBe(false);
  });

  it("disables the autodraw picker until a close date is set", () => {
    expect(autodrawPickerDisabled(undefined)).toBe(true);
    expect(autodrawPickerDisabled("garbage")).toBe(true);
    expect(autodrawPickerDisabled(plus(START, DAY))).toBe(false);
  });

  it.each([
    { start: null, close: null, expected: false },
    { start: START, close: null, expected: false },
    { start: null, close: START, expected: false },
    { start: START, close: "2030-03-11T12:00:00.000Z", expected: true },
  ])(
    "allows adding reminders only with both bounds (start $start, close $close)",
    ({ start, close, expected }) => {
      expect(canAddReminders(start, close)).toBe(expected);
    },
  );
});

describe("reminderWindow", () => {
  it("runs from start + 1 minute to close − 1 minute for a short contest", () => {
    expect(reminderWindow(START, plus(START, DAY))).toEqual({
      min: plus(START, MINUTE),
      max: plus(START, DAY - MINUTE),
    });
  });

  it("stops at start + 60 days when the close date is later", () => {
    expect(reminderWindow(START, plus(START, 90 * DAY))).toEqual({
      min: plus(START, MINUTE),
      max: plus(START, 60 * DAY),
    });
  });

  it("ends at start + 60 days when close − 1 minute falls exactly there", () => {
    expect(reminderWindow(START, plus(START, 60 * DAY + MINUTE))?.max).toBe(plus(START, 60 * DAY));
  });

  it("ends at close − 1 minute when that comes just before start + 60 days", () => {
    expect(reminderWindow(START, plus(START, 60 * DAY))?.max).toBe(plus(START, 60 * DAY - MINUTE));
  });

  it("is a single instant when the contest lasts exactly 2 minutes", () => {
    expect(reminderWindow(START, plus(START, 2 * MINUTE))).toEqual({
      min: plus(START, MINUTE),
      max: plus(START, MINUTE),
    });
  });

  it("is null when the contest is too short to leave room for a reminder", () => {
    expect(reminderWindow(START, plus(START, 2 * MINUTE - 1))).toBeNull();
    expect(reminderWindow(START, START)).toBeNull();
  });

  it("is null when a bound is missing", () => {
    expect(reminderWindow(null, plus(START, DAY))).toBeNull();
    expect(reminderWindow(START, null)).toBeNull();
  });
});

describe("weekStart", () => {
  it.each([
    { locale: "fr", expected: 1, day: "Monday" },
    { locale: "fr-FR", expected: 1, day: "Monday" },
    { locale: "fr-CA", expected: 1, day: "Monday" },
    { locale: "fr_BE", expected: 1, day: "Monday" },
    { locale: "FR", expected: 1, day: "Monday" },
    { locale: "en", expected: 0, day: "Sunday" },
    { locale: "en-GB", expected: 0, day: "Sunday" },
    { locale: "ar", expected: 0, day: "Sunday" },
    { locale: "ja", expected: 0, day: "Sunday" },
    { locale: "hi", expected: 0, day: "Sunday" },
    { locale: "fur", expected: 0, day: "Sunday" },
    { locale: "", expected: 0, day: "Sunday" },
  ])("starts the week on $day for the locale $locale", ({ locale, expected }) => {
    expect(weekStart(locale)).toBe(expected);
  });
});

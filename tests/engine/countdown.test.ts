import { describe, expect, it } from "vitest";
import { builderCountdown, countdownColour, countdownParts, minimumLeadMs } from "../../engine/countdown";

const MINUTE = 60_000;

describe("countdownColour", () => {
  it.each([
    { seconds: 86_400, colour: "green" },
    { seconds: 601, colour: "green" },
    { seconds: 600.5, colour: "green" },
    { seconds: 600, colour: "yellow" },
    { seconds: 301, colour: "yellow" },
    { seconds: 300, colour: "red" },
    { seconds: 1, colour: "red" },
    { seconds: 0, colour: "red" },
    { seconds: -5, colour: "red" },
  ])("is $colour with $seconds s left", ({ seconds, colour }) => {
    expect(countdownColour(seconds)).toBe(colour);
  });
});

describe("countdownParts", () => {
  it.each([
    { seconds: 0, parts: { days: 0, hours: 0, minutes: 0, seconds: 0 } },
    { seconds: 59, parts: { days: 0, hours: 0, minutes: 0, seconds: 59 } },
    { seconds: 60, parts: { days: 0, hours: 0, minutes: 1, seconds: 0 } },
    { seconds: 3599, parts: { days: 0, hours: 0, minutes: 59, seconds: 59 } },
    { seconds: 3600, parts: { days: 0, hours: 1, minutes: 0, seconds: 0 } },
    { seconds: 86_399, parts: { days: 0, hours: 23, minutes: 59, seconds: 59 } },
    { seconds: 86_400, parts: { days: 1, hours: 0, minutes: 0, seconds: 0 } },
    { seconds: 2 * 86_400 + 3 * 3600 + 4 * 60 + 5.9, parts: { days: 2, hours: 3, minutes: 4, seconds: 5 } },
    { seconds: -10, parts: { days: 0, hours: 0, minutes: 0, seconds: 0 } },
    { seconds: Number.NaN, parts: { days: 0, hours: 0, minutes: 0, seconds: 0 } },
  ])("splits $seconds s into whole days, hours, minutes and seconds", ({ seconds, parts }) => {
    expect(countdownParts(seconds)).toEqual(parts);
  });
});

describe("builderCountdown", () => {
  const start = "2030-03-10T12:00:00.000Z";
  const minLeadMs = 5 * MINUTE;
  const target = Date.parse(start) - minLeadMs;
  const at = (secondsBeforeTarget: number) =>
    builderCountdown({ startDate: start, minLeadMs, now: target - secondsBeforeTarget * 1000 });

  it("is hidden 901 seconds before the target", () => {
    expect(at(901)).toEqual({ visible: false });
  });

  it("shows 15:00 in green 900 seconds before the target", () => {
    expect(at(900)).toEqual({ visible: true, minutes: 15, seconds: 0, colour: "green" });
  });

  it("shows 0:00 in red at the target", () => {
    expect(at(0)).toEqual({ visible: true, minutes: 0, seconds: 0, colour: "red" });
  });

  it("counts whole seconds, rounding a fraction down", () => {
    expect(at(900.9)).toEqual({ visible: true, minutes: 15, seconds: 0, colour: "green" });
    expect(at(0.5)).toEqual({ visible: true, minutes: 0, seconds: 0, colour: "red" });
    expect(at(61.2)).toEqual({ visible: true, minutes: 1, seconds: 1, colour: "red" });
  });

  it("uses the countdown colours on the way down", () => {
    expect(at(601)).toMatchObject({ colour: "green" });
    expect(at(600)).toMatchObject({ minutes: 10, seconds: 0, colour: "yellow" });
    expect(at(301)).toMatchObject({ minutes: 5, seconds: 1, colour: "yellow" });
    expect(at(300)).toMatchObject({ minutes: 5, seconds: 0, colour: "red" });
  });

  it("is hidden once the target has passed", () => {
    expect(at(-0.001)).toEqual({ visible: false });
    expect(at(-60)).toEqual({ visible: false });
  });

  it("is hidden without a start date", () => {
    expect(builderCountdown({ startDate: null, minLeadMs, now: target })).toEqual({ visible: false });
    expect(builderCountdown({ startDate: "", minLeadMs, now: target })).toEqual({ visible: false });
  });

  it("targets the start itself when there is no minimum lead", () => {
    const now = Date.parse(start) - 10_000;
    expect(builderCountdown({ startDate: start, minLeadMs: 0, now })).toMatchObject({
      visible: true,
      seconds: 10,
    });
  });
});

describe("minimumLeadMs", () => {
  it.each([
    { rule: "required|date|range_duration_after:now,5m,60d", expected: 5 * MINUTE },
    { rule: "range_duration_after:now,1h30m,60d", expected: 90 * MINUTE },
    { rule: "required|range_duration_after: now , 90s , 60d|date", expected: 90_000 },
    { rule: 'range_duration_after:"now","10m",60d', expected: 10 * MINUTE },
    { rule: "range_duration_after:now,0m,60d", expected: 0 },
  ])("reads $expected ms from $rule", ({ rule, expected }) => {
    expect(minimumLeadMs(rule)).toBe(expected);
  });

  it.each([
    "required|date",
    "",
    "required|date|range_duration_after:base.start_date,5m,60d|max_contest_duration:365d",
    "range_duration_after:now,soon,60d",
    "range_duration_after:now",
    "required|date|range_duration_after:now,5m,60d|",
    "range_duration_after:now,[5m],60d",
  ])("finds no lead in '%s'", (rule) => {
    expect(minimumLeadMs(rule)).toBeNull();
  });
});

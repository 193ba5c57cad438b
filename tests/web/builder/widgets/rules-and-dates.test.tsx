import { describe, expect, it } from "vitest";
import { testConfig } from "../../../../stories/builder/widgets/fixtures";
import {
  addMonths,
  dayInBounds,
  isoOfWallTime,
  monthGrid,
  wallTimeOf,
  weekdayOf,
} from "../../../../web/src/builder/widgets/calendar";
import { conditionsHold } from "../../../../web/src/builder/widgets/conditions";
import { dateBoundsOf, dateReferences } from "../../../../web/src/builder/widgets/date-bounds";
import { fieldRulesOf, ruleArgs, sidecarKey } from "../../../../web/src/builder/widgets/field-rules";
import { countText, textLimitOf } from "../../../../web/src/builder/widgets/text-count";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("field rules", () => {
  it("finds a field's sidecar entry from its form path, list positions read as *", () => {
    expect(sidecarKey("reminders.list.2.content")).toBe("reminders.list.*.content");
    expect(fieldRulesOf(testConfig, "twitter", "sources.0.reminders.list.2.content")?.rule).toBe(
      "string|weighted_length:280",
    );
    expect(fieldRulesOf(testConfig, null, "base.name")?.rule).toBe("required|string|between:4,50");
    expect(fieldRulesOf(testConfig, null, "summary.parameters_verified")?.ui?.widget).toBe("toggle");
  });

  it("finds nothing for a path outside the config", () => {
    expect(fieldRulesOf(testConfig, "twitter", "sources.0.nope")).toBeUndefined();
    expect(fieldRulesOf(testConfig, null, "sources.0.publication.content")).toBeUndefined();
    expect(fieldRulesOf(undefined, null, "base.name")).toBeUndefined();
  });

  it("reads a rule's arguments, lists spread", () => {
    expect(ruleArgs("required|between:4,50", "between")).toEqual(["4", "50"]);
    expect(ruleArgs("array|in:[like,love]", "in")).toEqual(["like", "love"]);
    expect(ruleArgs("required", "between")).toBeNull();
  });
});

describe("text counter", () => {
  it("weighs twitter and bluesky texts as twitter-text does, a link 23 and an emoji 2", () => {
    const limit = textLimitOf("string|weighted_length:280") ?? { kind: "characters", max: 0 };
    expect(limit).toEqual({ kind: "weighted", max: 280 });
    expect(countText("hello", limit).length).toBe(5);
    expect(countText("see https://example.com/a/very/long/path", limit).length).toBe(4 + 23);
    expect(countText("😀", limit).length).toBe(2);
  });

  it("counts the placeholders as what they become: {SEED} 16, {1} 18, {DRAW_LINK} a link", () => {
    const limit = { kind: "weighted" as const, max: 280 };
    expect(countText("{SEED}", limit).length).toBe(16);
    expect(countText("{1}", limit).length).toBe(18);
    expect(countText("{DRAW_LINK}", limit).length).toBe(23);
  });

  it("is over the limit past the maximum, with what is left negative", () => {
    expect(countText("x".repeat(281), { kind: "weighted", max: 280 })).toEqual({
      length: 281,
      left: -1,
      over: true,
    });
    expect(countText("x".repeat(280), { kind: "weighted", max: 280 }).over).toBe(false);
  });

  it("counts characters for a between rule and has no limit without one", () => {
    expect(textLimitOf("required|string|between:1,1000")).toEqual({ kind: "characters", max: 1000 });
    expect(countText("😀😀", { kind: "characters", max: 10 }).length).toBe(2);
    expect(textLimitOf("required|string")).toBeNull();
    expect(textLimitOf("weighted_length")).toEqual({ kind: "weighted", max: 280 });
  });
});

describe("date bounds", () => {
  const form = { base: { start_date: "2026-07-01T10:00:00.000Z", close_date: "2026-07-08T10:00:00.000Z" } };
  const get = (p: string) =>
    p.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], form);
  const start = Date.parse(form.base.start_date);
  const close = Date.parse(form.base.close_date);

  it("counts the start from now: 5 minutes to 60 days", () => {
    const now = Date.parse("2026-06-01T00:00:00.000Z");
    expect(
      dateBoundsOf("required|date|range_duration_after:now,5m,60d", { get, path: "base.start_date", now }),
    ).toEqual({
      min: now + 5 * MINUTE,
      max: now + 60 * DAY,
      waitingFor: null,
    });
  });

  it("opens a reminder's window from start + 1 minute to close - 1 minute", () => {
    const rule = "required|date|range_duration_after:base.start_date,1m,60d|before_field:base.close_date,1m";
    expect(dateBoundsOf(rule, { get, path: "sources.0.reminders.list.0.creation_date", now: 0 })).toEqual({
      min: start + MINUTE,
      max: close - MINUTE,
      waitingFor: null,
    });
    expect(dateReferences(rule, "x")).toEqual(["base.start_date", "base.close_date"]);
  });

  it("waits for the date it counts from", () => {
    const bounds = dateBoundsOf("required|date|range_duration_after:base.close_date,0m,30d", {
      get: () => null,
      path: "base.autodraw.date",
      now: 0,
    });
    expect(bounds.waitingFor).toBe("base.close_date");
  });
});

describe("calendar", () => {
  it("starts the weeks on Sunday, or on Monday for French", () => {
    const sunday = monthGrid(2026, 6, 0);
    const monday = monthGrid(2026, 6, 1);
    const [firstSunday] = sunday[0] ?? [];
    const [firstMonday] = monday[0] ?? [];
    expect(firstSunday && weekdayOf(firstSunday)).toBe(0);
    expect(firstMonday && weekdayOf(firstMonday)).toBe(1);
    // July 2026 begins on a Wednesday: the first week holds the 1st, the last one the 31st.
    expect(sunday[0]?.some((d) => d.month === 6 && d.day === 1)).toBe(true);
    expect(monday.at(-1)?.some((d) => d.month === 6 && d.day === 31)).toBe(true);
  });

  it("converts a wall time of the person's time zone to UTC and back, on the 5-minute step", () => {
    const iso = isoOfWallTime({ year: 2026, month: 6, day: 1, hour: 9, minute: 3 });
    expect(iso).toBe(new Date(2026, 6, 1, 9, 5).toISOString());
    expect(wallTimeOf(iso)).toEqual({ year: 2026, month: 6, day: 1, hour: 9, minute: 5 });
  });

  it("keeps the day of the month within the next month", () => {
    expect(addMonths({ year: 2026, month: 0, day: 31 }, 1)).toEqual({ year: 2026, month: 1, day: 28 });
  });

  it("allows a day when any of its instants is in the window", () => {
    const min = new Date(2026, 6, 1, 23, 0).getTime();
    expect(dayInBounds({ year: 2026, month: 6, day: 1 }, min, null)).toBe(true);
    expect(dayInBounds({ year: 2026, month: 5, day: 30 }, min, null)).toBe(false);
  });
});

describe("list conditions", () => {
  const source = { reminders: { list: [{ type: "retweet" }, { type: "quote" }, { type: null }] } };

  it("checks an element's own conditions, * being its position", () => {
    const when = ["reminders.list.*.type", "reminders.list.*.type!=retweet"];
    expect(conditionsHold(when, source, 0)).toBe(false);
    expect(conditionsHold(when, source, 1)).toBe(true);
    expect(conditionsHold(when, source, 2)).toBe(false);
    expect(conditionsHold(["reminders.list.*.type!=retweet"], source, 2)).toBe(true);
  });
});

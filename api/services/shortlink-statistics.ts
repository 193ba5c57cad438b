/**
 * A shortlink's visits over time (plan feature shortlinks.statistics): per UTC day, the visits (the day rows that
 * recordVisit keeps) and the unique visits (the visitors first seen that day), over a range of days, every day
 * of the range listed (0 when nobody came).
 *
 * Days are UTC days ('YYYY-MM-DD'), not the team's: a team has no time zone yet, and the answer says so.
 */
import { and, count, eq, gte, lte, sql } from "drizzle-orm";
import type { ValidationErrors } from "../../engine/messages/types";
import type { Db } from "../db/client";
import { shortlinkVisitDays, shortlinkVisitors } from "../db/tables";

/** The range without from/to: the last 30 days, today included. */
export const STATISTICS_DEFAULT_DAYS = 30;
/** The longest range one call answers: a leap year. */
export const STATISTICS_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A range of UTC days, both ends included. */
export type DayRange = { from: string; to: string };

export type ShortlinkStatistics = {
  from: string;
  to: string;
  time_zone: "UTC";
  days: { day: string; visits: number; uniq_visits: number }[];
};

/** The UTC day of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Midnight UTC of a 'YYYY-MM-DD' day, or null for anything else (2026-02-30 included). */
function dayStart(value: string): number | null {
  if (!DAY_PATTERN.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isNaN(ms) || utcDay(new Date(ms)) !== value ? null : ms;
}

function addDays(day: string, n: number): string {
  return utcDay(new Date((dayStart(day) ?? 0) + n * DAY_MS));
}

/**
 * The range of `?from=&to=`: `to` defaults to today (UTC), `from` to 29 days before `to`. Errors (as data, on
 * the paths from and to) for a day that is not a 'YYYY-MM-DD' date, a from after to, or more than 366 days.
 */
export function dayRange(
  query: { from?: string; to?: string },
  now: Date,
): { range: DayRange } | { errors: ValidationErrors } {
  const errors: ValidationErrors = {};
  const to = query.to === undefined || query.to === "" ? utcDay(now) : query.to;
  const toMs = dayStart(to);
  if (toMs === null) errors.to = [{ key: "validation.date", rule: "query" }];
  const from =
    query.from === undefined || query.from === ""
      ? addDays(toMs === null ? utcDay(now) : to, 1 - STATISTICS_DEFAULT_DAYS)
      : query.from;
  const fromMs = dayStart(from);
  if (fromMs === null) errors.from = [{ key: "validation.date", rule: "query" }];
  if (fromMs !== null && toMs !== null) {
    if (fromMs > toMs) errors.from = [{ key: "validation.period.order", rule: "query" }];
    else if ((toMs - fromMs) / DAY_MS + 1 > STATISTICS_MAX_DAYS) {
      errors.from = [
        { key: "validation.period.too_long", values: { n: STATISTICS_MAX_DAYS }, rule: "query" },
      ];
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { range: { from, to } };
}

/** Every day of the range, in order (counted, not compared: the range may end on 9999-12-31). */
export function daysOf(range: DayRange): string[] {
  const from = dayStart(range.from) ?? 0;
  const n = Math.round(((dayStart(range.to) ?? from) - from) / DAY_MS) + 1;
  return Array.from({ length: Math.max(0, n) }, (_, i) => utcDay(new Date(from + i * DAY_MS)));
}

/** The link's visits and unique visits per day of the range (two grouped reads, portable SQL). */
export async function shortlinkStatistics(
  db: Db,
  shortlinkId: string,
  range: DayRange,
): Promise<ShortlinkStatistics> {
  const visits = new Map(
    (
      await db
        .select({ day: shortlinkVisitDays.day, visits: shortlinkVisitDays.visits })
        .from(shortlinkVisitDays)
        .where(
          and(
            eq(shortlinkVisitDays.shortlinkId, shortlinkId),
            gte(shortlinkVisitDays.day, range.from),
            lte(shortlinkVisitDays.day, range.to),
          ),
        )
    ).map((r) => [r.day, r.visits]),
  );
  // first_seen_at is an ISO 8601 UTC instant to the millisecond: its first 10 characters are its UTC day, and it
  // sorts as text.
  const firstDay = sql<string>`substr(${shortlinkVisitors.firstSeenAt}, 1, 10)`;
  const uniq = new Map(
    (
      await db
        .select({ day: firstDay, visitors: count() })
        .from(shortlinkVisitors)
        .where(
          and(
            eq(shortlinkVisitors.shortlinkId, shortlinkId),
            gte(shortlinkVisitors.firstSeenAt, range.from),
            lte(shortlinkVisitors.firstSeenAt, `${range.to}T23:59:59.999Z`),
          ),
        )
        .groupBy(firstDay)
    ).map((r) => [r.day, r.visitors]),
  );
  return {
    from: range.from,
    to: range.to,
    time_zone: "UTC",
    days: daysOf(range).map((day) => ({
      day,
      visits: visits.get(day) ?? 0,
      uniq_visits: uniq.get(day) ?? 0,
    })),
  };
}

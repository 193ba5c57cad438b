/**
 * A contest's results: its statistics (entries over time, the filters' funnel, counts per source) and its entries
 * as a CSV download.
 *
 * - Entries over time count each entry at the time it entered (first_at), in hours when the entries span at most
 *   three days, else in days (UTC), every bucket between the first and the last listed, empty ones included.
 * - The CSV is RFC 4180 (comma, CRLF, a field quoted when it holds a comma, a quote or a line break, quotes
 *   doubled), UTF-8 with a byte order mark so spreadsheets read accents; a cell starting with = + - @ (or a tab or
 *   carriage return) is prefixed with ' so a spreadsheet never runs it as a formula (CSV injection).
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { entrants } from "../db/tables";
import type { ContestRow, StoredSource } from "./contests/form";
import { findFinalDraw, momentWinners } from "./draws";
import type { StoredFunnel } from "./entrants";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function entriesOverTime(times: readonly number[]): {
  unit: "hour" | "day";
  buckets: { at: string; entries: number }[];
} {
  if (times.length === 0) return { unit: "hour", buckets: [] };
  const first = Math.min(...times);
  const last = Math.max(...times);
  const unit = last - first <= 3 * DAY ? "hour" : "day";
  const size = unit === "hour" ? HOUR : DAY;
  const start = Math.floor(first / size) * size;
  const counts = new Map<number, number>();
  for (const t of times) {
    const bucket = Math.floor(t / size) * size;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  const buckets: { at: string; entries: number }[] = [];
  for (let at = start; at <= last; at += size) {
    buckets.push({ at: new Date(at).toISOString(), entries: counts.get(at) ?? 0 });
  }
  return { unit, buckets };
}

export async function contestStatistics(db: Pick<Db, "select">, row: ContestRow) {
  const rows = await db
    .select({
      sourceId: entrants.sourceId,
      provider: entrants.provider,
      firstAt: entrants.firstAt,
      valid: entrants.valid,
    })
    .from(entrants)
    .where(eq(entrants.contestId, row.id));
  const times = rows.flatMap((r) => {
    const t = Date.parse(r.firstAt);
    return Number.isNaN(t) ? [] : [t];
  });
  const sources = (Array.isArray(row.sources) ? row.sources : []) as unknown as StoredSource[];
  const perSource = sources.map((s) => {
    const mine = rows.filter((r) => r.sourceId === s._id);
    return {
      source_id: s._id,
      provider: s.provider,
      entries: mine.length,
      valid: mine.filter((r) => r.valid).length,
    };
  });
  const funnel = (row.funnel ?? null) as StoredFunnel | null;
  return {
    contest_id: row.id,
    entries_loaded_at: row.entriesLoadedAt,
    entries: rows.length,
    valid: rows.filter((r) => r.valid).length,
    over_time: entriesOverTime(times),
    funnel: funnel
      ? {
          total: funnel.total,
          valid: funnel.valid,
          removed: funnel.removed,
          read: funnel.read,
          kept: funnel.kept,
          truncated: funnel.truncated,
        }
      : null,
    per_source: perSource,
  };
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: guarded against formulas, quoted when needed. */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_COLUMNS = [
  "entrant_id",
  "provider",
  "external_id",
  "screen_name",
  "name",
  "profile_url",
  "source_id",
  "entered_at",
  // "yes": entered_at is when a load first saw the entry, the network dating none (a Bluesky repost).
  "entered_at_first_seen",
  "account_created_at",
  "followers",
  "following",
  "posts",
  "valid",
  "reasons",
  "manual_check",
  "manual_check_reasons",
  "comments",
  "result",
] as const;

/** The contest's entries as CSV text (see the file's comment), in load order. */
export async function entriesCsv(db: Pick<Db, "select">, row: ContestRow): Promise<string> {
  const draw = await findFinalDraw(db, row.id);
  const winners = new Set([...(draw?.winners ?? []), ...(draw ? await momentWinners(db, row.id) : [])]);
  const substitutes = new Set(draw?.substitutes ?? []);
  const lines = [CSV_COLUMNS.join(",")];
  const rows = await db
    .select()
    .from(entrants)
    .where(eq(entrants.contestId, row.id))
    .orderBy(asc(entrants.position));
  for (const e of rows) {
    const result = winners.has(e.id) ? "winner" : substitutes.has(e.id) ? "substitute" : "";
    lines.push(
      [
        e.id,
        e.provider,
        e.externalId,
        e.screenName,
        e.name,
        e.profileUrl,
        e.sourceId,
        e.firstAt,
        e.firstSeen ? "yes" : "no",
        e.accountCreatedAt,
        e.followers,
        e.following,
        e.posts,
        e.valid ? "yes" : "no",
        e.reasons.join(" "),
        e.manualCheck,
        e.manualCheckReasons.join(" | "),
        e.comments.map((c) => c.text).join(" | "),
        result,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** A download name for the contest's entries: ASCII, no quotes or slashes. */
export function csvFilename(row: Pick<ContestRow, "id" | "name">): string {
  const slug = row.name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 40);
  return `entries-${slug || "contest"}-${row.id}.csv`;
}

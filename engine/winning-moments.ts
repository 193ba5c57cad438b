/**
 * The winning-moments shuffle button (contest-builder.md §4 "Winning moments"): nb_winners random dates between
 * the start and close dates, sorted ascending, none won yet. Without both dates it does nothing (null).
 */
import { toTime } from "./values";

export type WinningMoment = { date: string; won: boolean };

const SECOND = 1000;

/**
 * Moments fall on whole seconds inside [start, close] (a picker-snapped contest always has some). They are distinct
 * whenever the window holds enough seconds, so two winners never share a moment; otherwise seconds repeat.
 * `random` returns a number in [0, 1) like Math.random; tests pass a seeded one. Each moment takes exactly one draw,
 * so the same source always gives the same moments.
 * Null when a date is missing or invalid, or when no whole second lies between them (close before start).
 */
export function shuffleWinningMoments(options: {
  start: string | Date | null | undefined;
  close: string | Date | null | undefined;
  nbWinners: number;
  random?: () => number;
}): WinningMoment[] | null {
  const { nbWinners, random = Math.random } = options;
  const start = toTime(options.start);
  const close = toTime(options.close);
  if (start === null || close === null) return null;
  const first = Math.ceil(start / SECOND);
  const last = Math.floor(close / SECOND);
  if (last < first) return null;
  const count = Number.isFinite(nbWinners) ? Math.max(0, Math.floor(nbWinners)) : 0;
  const seconds = pickSeconds(last - first + 1, count, random).map((offset) => first + offset);
  return seconds.sort((a, b) => a - b).map((s) => ({ date: new Date(s * SECOND).toISOString(), won: false }));
}

/** A whole number in [0, max], whatever the random source returns (a bad one must not throw or escape). */
function randomInt(max: number, random: () => number): number {
  const r = random();
  const n = Number.isFinite(r) ? Math.floor(r * (max + 1)) : 0;
  return Math.min(max, Math.max(0, n));
}

/**
 * `count` offsets in [0, size). Distinct ones by Floyd's sampling when there are enough (one draw per pick, no retry
 * loop that a stuck random source could make endless); independent draws otherwise.
 */
function pickSeconds(size: number, count: number, random: () => number): number[] {
  if (count > size) return Array.from({ length: count }, () => randomInt(size - 1, random));
  const picked = new Set<number>();
  for (let j = size - count; j < size; j++) {
    const t = randomInt(j, random);
    picked.add(picked.has(t) ? j : t);
  }
  return [...picked];
}

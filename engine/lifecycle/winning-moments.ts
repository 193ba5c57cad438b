/**
 * Instant win on twitter (contest-builder.md §3 "winning_moments"): the moments are committed before the start
 * (their hash is published, the moments stay secret), and each moment goes to the first valid entry at or after it.
 */
import { toTime } from "../values";
import { sha256Hex } from "./commitment";

/** A moment as canonical text: its instant as an ISO 8601 UTC string with milliseconds. */
function canonicalMoment(moment: string): string {
  const time = toTime(moment);
  if (time === null) throw new RangeError(`not an ISO 8601 moment: ${JSON.stringify(moment)}`);
  return new Date(time).toISOString();
}

/**
 * The published commitment to the moments: sha256Hex(salt + "\n" + moments), the moments written as ISO 8601 UTC
 * with milliseconds ("2030-03-10T12:00:00.000Z"), sorted ascending, one a line. The secret salt keeps the
 * moments from being guessed from the hash; revealing salt and moments afterwards lets anyone check them.
 */
export function momentsCommitment(moments: readonly string[], salt: string): string {
  const lines = moments.map(canonicalMoment).sort();
  return sha256Hex([salt, ...lines].join("\n"));
}

export type MomentEntry = { id: string; at: string; valid: boolean };
export type ResolvedMoment = { moment: string; winner: string | null };
/** A moment whose winner was frozen when its won reply went out during the run (docs/draw.md "Frozen winners"). */
export type FrozenMoment = { moment: string; winner: string };

/**
 * Who wins each moment: moments are settled in chronological order; each goes to the earliest valid entry at or
 * after it (entries at the same instant in the order given) whose entrant has not already won a moment. An
 * entrant wins at most once; a moment nobody reached has no winner. Entries with an unreadable date never win.
 * A frozen moment keeps its frozen winner whatever the entries say now, and its winner counts as having won
 * from the first moment on (a frozen record matches the first moment at the same instant that no other frozen
 * record took). The answer follows the order of `moments`.
 */
export function resolveWinningMoments(
  moments: readonly string[],
  entries: readonly MomentEntry[],
  frozen: readonly FrozenMoment[] = [],
): ResolvedMoment[] {
  const timed = entries
    .map((entry, index) => ({ entry, index, time: entry.valid ? toTime(entry.at) : null }))
    .filter((e): e is { entry: MomentEntry; index: number; time: number } => e.time !== null)
    .sort((a, b) => a.time - b.time || a.index - b.index);
  const order = moments
    .map((moment, index) => ({ index, time: toTime(moment) }))
    .sort(
      (a, b) =>
        (a.time ?? Number.POSITIVE_INFINITY) - (b.time ?? Number.POSITIVE_INFINITY) || a.index - b.index,
    );

  const winners: (string | null)[] = moments.map(() => null);
  const won = new Set<string>(frozen.map((f) => f.winner));
  const unused = frozen.map((f) => ({ ...f, time: toTime(f.moment) }));
  let start = 0; // entries before the current moment can never win a later one
  for (const { index, time } of order) {
    if (time === null) continue;
    const held = unused.findIndex((f) => f.time === time);
    if (held >= 0) {
      winners[index] = (unused[held] as FrozenMoment).winner;
      unused.splice(held, 1);
      continue;
    }
    while (start < timed.length && (timed[start] as { time: number }).time < time) start++;
    for (let k = start; k < timed.length; k++) {
      const { entry } = timed[k] as { entry: MomentEntry };
      if (won.has(entry.id)) continue;
      won.add(entry.id);
      winners[index] = entry.id;
      break;
    }
  }
  return moments.map((moment, i) => ({ moment, winner: winners[i] ?? null }));
}

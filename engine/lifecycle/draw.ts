/**
 * The verifiable draw (docs/draw.md): the canonical entrants list, then a partial Fisher–Yates shuffle driven by
 * seededRandom(seed, label). The server runs it to draw; the public /verify page runs the same code to check.
 */
import {
  canonicalEntrantIds,
  type FrozenListRead,
  listReadLine,
  seedCommitment,
  sha256HexOfLines,
} from "./commitment";
import { seededRandom } from "./prng";

export type DrawInput = {
  seed: string;
  entrantIds: readonly string[];
  winners: number;
  substitutes: number;
  /** "final": the draw that counts; "test": a rehearsal that reveals nothing of the final draw. */
  kind: "final" | "test";
  /** Which test draw (0 when left out); ignored for the final draw. */
  testIndex?: number;
  /** How much of each action's list the networks let us read: the list's metadata, covered by its hash. */
  reads?: readonly FrozenListRead[];
};

export type DrawResult = {
  winners: string[];
  substitutes: string[];
  entrantsHash: string;
  entrantsCount: number;
  seedCommitment: string;
};

/** The PRNG label of a draw: "final", or "test:<index>" for test draw <index>. */
export function drawLabel(kind: DrawInput["kind"], testIndex?: number): string {
  if (kind === "final") return "final";
  const index = testIndex ?? 0;
  if (!Number.isInteger(index) || index < 0)
    throw new RangeError(`testIndex must be an integer ≥ 0, got ${index}`);
  return `test:${index}`;
}

function count(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be an integer ≥ 0, got ${value}`);
  return value;
}

/**
 * Draws `winners` then `substitutes` distinct entrants (each capped by what the list holds): position i of the
 * canonical list is swapped with position i + below(n − i), for i = 0, 1, …, k − 1; the first k positions are the
 * picks, winners first. O(n log n) to sort the list once, O(k) picks; every k-sequence equally likely.
 */
export function drawWinners(input: DrawInput): DrawResult {
  const wanted = count("winners", input.winners);
  const wantedSubstitutes = count("substitutes", input.substitutes);
  const list = canonicalEntrantIds(input.entrantIds);
  const n = list.length;
  const hash = sha256HexOfLines([...list, ...(input.reads ?? []).map(listReadLine)]);
  const winnersCount = Math.min(wanted, n);
  const picks = Math.min(winnersCount + wantedSubstitutes, n);
  const random = seededRandom(input.seed, drawLabel(input.kind, input.testIndex));
  for (let i = 0; i < picks; i++) {
    const j = i + random.below(n - i);
    const chosen = list[j] as string;
    list[j] = list[i] as string;
    list[i] = chosen;
  }
  return {
    winners: list.slice(0, winnersCount),
    substitutes: list.slice(winnersCount, picks),
    entrantsHash: hash,
    entrantsCount: n,
    seedCommitment: seedCommitment(input.seed),
  };
}

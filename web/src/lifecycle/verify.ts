/**
 * The re-run of the /verify page (docs/draw.md "Anyone re-runs it"): from what the public verify API answers, the
 * browser recomputes the seed's fingerprint, the entrants list's fingerprint and the draw with the same code as
 * the server (engine/lifecycle), and says for each whether it matches what was published.
 */
import { drawWinners, entrantsHash, type FrozenListRead, seedCommitment } from "../../../engine/lifecycle";

export type PublishedDraw = {
  seed: string;
  seed_commitment: string | null;
  entrants: readonly string[];
  entrants_hash: string | null;
  /** The list's metadata (how much of each action's list was read), covered by its hash; [] before it existed. */
  list_reads: readonly FrozenListRead[];
  entrants_count: number | null;
  winners: readonly string[];
  substitutes: readonly string[];
  winners_count: number | null;
  substitutes_count: number | null;
};

export type CheckId = "commitment" | "list" | "winners";

export type Check = { id: CheckId; passed: boolean; published: string; computed: string };

export type Rerun = {
  checks: Check[];
  winners: string[];
  substitutes: string[];
  passed: boolean;
};

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Runs the three checks; never throws (a malformed answer fails the check it breaks). */
export function rerunDraw(published: PublishedDraw): Rerun {
  const commitment = seedCommitment(published.seed);
  let hash = "";
  let count = 0;
  try {
    hash = entrantsHash(published.entrants, published.list_reads);
    count = new Set(published.entrants).size;
  } catch {
    hash = "";
  }
  let winners: string[] = [];
  let substitutes: string[] = [];
  try {
    const result = drawWinners({
      seed: published.seed,
      entrantIds: published.entrants,
      winners: published.winners_count ?? published.winners.length,
      substitutes: published.substitutes_count ?? published.substitutes.length,
      kind: "final",
    });
    winners = result.winners;
    substitutes = result.substitutes;
  } catch {
    // a count that is not a whole number: the winners check fails below
  }
  const countOk = published.entrants_count === null || published.entrants_count === count;
  const checks: Check[] = [
    {
      id: "commitment",
      passed: commitment === published.seed_commitment,
      published: published.seed_commitment ?? "",
      computed: commitment,
    },
    {
      id: "list",
      passed: hash !== "" && hash === published.entrants_hash && countOk,
      published: published.entrants_hash ?? "",
      computed: hash,
    },
    {
      id: "winners",
      passed: same(winners, published.winners) && same(substitutes, published.substitutes),
      published: [...published.winners, ...published.substitutes].join(", "),
      computed: [...winners, ...substitutes].join(", "),
    },
  ];
  return { checks, winners, substitutes, passed: checks.every((c) => c.passed) };
}

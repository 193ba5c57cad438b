/**
 * The winning-moments checks of the /verify page (docs/draw.md "Instant win"): from what the public verify API
 * answers once the contest closed, the browser recomputes the moments' commitment from the revealed salt and
 * moments, checks that the list of valid entries it put together page by page has the hash and the size published
 * with it, and recomputes each moment's winner from that list and the frozen moments, with the same code as the server
 * (engine/lifecycle momentsCommitment and resolveWinningMoments), and says for each whether it matches.
 */
import { momentsCommitment, resolveWinningMoments } from "../../../engine/lifecycle";

/** One source's revealed moments as GET /verify/{id} answers them after the close. */
export type PublishedMoments = {
  commitment: string;
  moments: readonly string[];
  salt: string;
  /** The list's size and hash as published (docs/draw.md "Published lists"). */
  entries_count: number | null;
  entries_hash: string | null;
  /** The moments frozen when their won replies went out during the run (docs/draw.md "Frozen winners"). */
  frozen?: readonly { moment: string; winner: string }[] | null;
  results: readonly { moment: string; winner: string | null }[];
};

export type MomentCheck =
  | { id: "moments-commitment"; passed: boolean; published: string; computed: string }
  /** The list as put together from its pages has the published hash and size. */
  | { id: "moments-list"; passed: boolean; published: string; computed: string }
  /** Moment `index` (in the revealed order) goes to `computed`; `published` is the winner the API gave. */
  | {
      id: "moment-winner";
      index: number;
      moment: string;
      passed: boolean;
      published: string | null;
      computed: string | null;
    };

export type MomentsRerun = { checks: MomentCheck[]; passed: boolean };

/**
 * The commitment check, the list check, then one check per revealed moment (a published result that matches no
 * revealed moment fails too). `list` is the entries list as loaded and its hash (published-list.ts). Never throws:
 * a moment that is not a date fails the commitment check, and the winners computed from such a list are whatever
 * the engine gives.
 */
export function recheckMoments(
  published: PublishedMoments,
  list: { items: readonly { id: string; at: string }[]; hash: string },
): MomentsRerun {
  let commitment = "";
  try {
    commitment = momentsCommitment(published.moments, published.salt);
  } catch {
    // an unreadable moment: the commitment check fails below
  }
  const resolved = resolveWinningMoments(
    published.moments,
    list.items.map((e) => ({ id: e.id, at: e.at, valid: true })),
    (published.frozen ?? []).map((f) => ({ moment: f.moment, winner: f.winner })),
  );
  const checks: MomentCheck[] = [
    {
      id: "moments-commitment",
      passed: commitment !== "" && commitment === published.commitment,
      published: published.commitment,
      computed: commitment,
    },
    {
      id: "moments-list",
      passed:
        published.entries_hash !== null &&
        list.hash === published.entries_hash &&
        (published.entries_count === null || list.items.length === published.entries_count),
      published: published.entries_hash ?? "",
      computed: list.hash,
    },
  ];
  const count = Math.max(resolved.length, published.results.length);
  for (let index = 0; index < count; index++) {
    const mine = resolved[index];
    const theirs = published.results[index];
    checks.push({
      id: "moment-winner",
      index,
      moment: mine?.moment ?? theirs?.moment ?? "",
      passed:
        mine !== undefined &&
        theirs !== undefined &&
        mine.moment === theirs.moment &&
        mine.winner === theirs.winner,
      published: theirs?.winner ?? null,
      computed: mine?.winner ?? null,
    });
  }
  return { checks, passed: checks.every((c) => c.passed) };
}

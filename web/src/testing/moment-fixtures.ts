/**
 * GET /verify/{id} answers of a twitter contest with winning moments, for the verify page's tests and stories:
 * the commitment alone before the close, then the revealed moments, salt, valid entries and winners, computed with
 * engine/lifecycle so the browser's checks pass — unless a fixture tampers with them on purpose.
 */
import { momentsCommitment, momentsEntriesHash, resolveWinningMoments } from "../../../engine/lifecycle";
import type { VerifyData } from "../lifecycle/VerifyView";
import { verifyPending } from "./lifecycle-fixtures";

export const MOMENTS_SALT = "4d1e5c7a9b2f3e6d8c0a1b4f7e9d2c5a8b3e6f1d4c7a0b9e2f5d8c1a4b7e0f3d";

/** Three moments: the first is met exactly by an entry, the second a little after it, the third by nobody. */
export const MOMENTS = ["2030-03-02T10:00:00.000Z", "2030-03-04T15:30:00.000Z", "2030-03-07T23:59:00.000Z"];

/** The source's valid entries in load order (two at the same instant: the first listed wins). */
export const MOMENT_ENTRIES = [
  { id: "twitter:2001", at: "2030-03-01T09:05:00.000Z" },
  { id: "twitter:2002", at: "2030-03-02T10:00:00.000Z" },
  { id: "twitter:2003", at: "2030-03-02T10:00:00.000Z" },
  { id: "twitter:2004", at: "2030-03-04T16:00:12.345Z" },
  { id: "twitter:2005", at: "2030-03-06T12:00:00.000Z" },
];

const handle = (id: string) => `player_${id.split(":")[1]}`;

type Revealed = Extract<NonNullable<VerifyData["winning_moments"]>[number], { salt: string }>;

function revealed(moments: readonly string[]): Revealed {
  return {
    source_id: "source-x",
    commitment: momentsCommitment(MOMENTS, MOMENTS_SALT),
    revealed_at: "2030-03-08T09:00:00.000Z",
    moments: [...moments],
    salt: MOMENTS_SALT,
    entries: MOMENT_ENTRIES,
    entries_count: MOMENT_ENTRIES.length,
    entries_pages: 1,
    entries_hash: momentsEntriesHash(MOMENT_ENTRIES),
    frozen: [],
    results: resolveWinningMoments(
      moments,
      MOMENT_ENTRIES.map((e) => ({ ...e, valid: true })),
    ).map((r) => ({
      moment: r.moment,
      winner: r.winner,
      screen_name: r.winner ? handle(r.winner) : null,
      name: null,
      url: null,
      entered_at: MOMENT_ENTRIES.find((e) => e.id === r.winner)?.at ?? null,
      frozen: false,
      rejected: false,
    })),
  };
}

/** A started contest: the moments' commitment only. */
export const verifyMomentsCommitted: VerifyData = {
  ...verifyPending,
  status: "started",
  winning_moments: [
    {
      source_id: "source-x",
      commitment: momentsCommitment(MOMENTS, MOMENTS_SALT),
      revealed_at: null,
      moments: null,
      salt: null,
      entries: null,
      entries_count: null,
      entries_pages: null,
      entries_hash: null,
      frozen: null,
      results: null,
    },
  ],
};

/** The same contest closed: moments revealed and resolved. */
export const verifyMomentsRevealed: VerifyData = {
  ...verifyPending,
  winning_moments: [revealed(MOMENTS)],
};

/**
 * Revealed moments that are not the committed ones: the second moment moved half an hour earlier after the start
 * (its winner is consistent with the moved moment, so only the commitment gives it away).
 */
export const verifyMomentsMoved: VerifyData = {
  ...verifyPending,
  winning_moments: [revealed([MOMENTS[0] ?? "", "2030-03-04T15:00:00.000Z", MOMENTS[2] ?? ""])],
};

/** A published winner who is not the first valid entry at or after the moment. */
export const verifyMomentsWrongWinner: VerifyData = {
  ...verifyPending,
  winning_moments: [
    (() => {
      const m = revealed(MOMENTS);
      const results = m.results.map((r, i) =>
        i === 0 ? { ...r, winner: "twitter:2003", screen_name: handle("twitter:2003") } : r,
      );
      return { ...m, results };
    })(),
  ],
};

/** The second moment's winner was rejected by the manual check: kept in the proof, not named. */
export const verifyMomentsRejected: VerifyData = {
  ...verifyPending,
  winning_moments: [
    (() => {
      const m = revealed(MOMENTS);
      const results = m.results.map((r, i) => (i === 1 ? { ...r, screen_name: null, rejected: true } : r));
      return { ...m, results };
    })(),
  ],
};

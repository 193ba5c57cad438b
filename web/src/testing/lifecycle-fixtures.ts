/**
 * Entries, funnels, draws and verify answers for the lifecycle pages' stories and tests, in the shapes the API
 * answers (api/routes/entries.ts, draws.ts, verify.ts). The draw data is computed with engine/lifecycle from the
 * test vector of docs/draw.md, so a re-run in the browser passes — unless a fixture tampers with it on purpose.
 */
import { drawWinners, entrantsHash, type FrozenListRead, seedCommitment } from "../../../engine/lifecycle";
import type { Draw, EntriesAnswer, Entry, FunnelData, Statistics } from "../lifecycle/api";
import type { VerifyData } from "../lifecycle/VerifyView";
import { contestFixture } from "./contest-fixtures";

export const CONTEST_ID = "contest-life";

/** A closed twitter contest whose form asks for the keyword "summer" and a score prediction, with manual check. */
export const reviewContest = contestFixture({
  _id: CONTEST_ID,
  name: "Cup final giveaway",
  type: "tunnel",
  status: "closed",
  start_at: "2030-03-01T09:00:00.000Z",
  close_at: "2030-03-08T09:00:00.000Z",
  loaded_at: null,
  entries_count: 5,
  sandbox: true,
  timeline: {
    created: "2030-02-20T09:00:00.000Z",
    started: "2030-03-01T09:00:00.000Z",
    loaded: null,
    closed: "2030-03-08T09:00:00.000Z",
    entries_loaded: "2030-03-08T09:01:00.000Z",
    drawn: null,
    ended: null,
    canceled: null,
  },
  cb_data: {
    base: { name: "Cup final giveaway", manual_check: { enabled: true, list: ["Fake giveaway account"] } },
    sources: [
      {
        id: 100,
        type: "twitter",
        actions: {
          comment: {
            enabled: true,
            keywords: { enabled: true, list: ["summer"] },
            prediction: { enabled: true, list: ["2-1", "3-0"] },
          },
        },
      },
    ],
  },
});

export function entryFixture(over: Partial<Entry> & { name?: string; screen_name?: string } = {}): Entry {
  const { name = "Ana Lima", screen_name = "ana_lima", ...rest } = over;
  const id = rest._id ?? `twitter:${screen_name}`;
  return {
    _id: id,
    contest_id: CONTEST_ID,
    position: 0,
    source_id: "src-1",
    account: {
      provider: "twitter",
      id: id.split(":")[1] ?? id,
      name,
      screen_name,
      profile_picture: null,
      url: `https://x.com/${screen_name}`,
      created_at: "2020-01-01T00:00:00.000Z",
      followers: 120,
      following: 80,
      posts: 340,
    },
    meta: { twitter: { comments: [] } },
    manual_check: {
      status: "pending",
      reasons: [],
      comments: [
        {
          provider: "twitter",
          id: "c1",
          text: "Summer is here! My guess: 2-1 for the home team",
          shortcode: null,
        },
        { provider: "twitter", id: "c2", text: "@friend look at this", shortcode: null },
      ],
      checked_at: null,
      profile_opened: false,
    },
    valid: true,
    reasons: [],
    did: { repost: true, like: true },
    first_at: "2030-03-02T10:15:00.000Z",
    first_seen: false,
    winner: false,
    substitute: false,
    created_at: "2030-03-08T09:01:00.000Z",
    ...rest,
  };
}

export const validEntries: Entry[] = [
  entryFixture({ _id: "twitter:3001", name: "Ana Lima", screen_name: "ana_lima", position: 0 }),
  entryFixture({
    _id: "twitter:3002",
    name: "Kenji Sato",
    screen_name: "kenji",
    position: 1,
    manual_check: {
      status: "approved",
      reasons: [],
      comments: [],
      checked_at: "2030-03-08T10:00:00.000Z",
      profile_opened: false,
    },
  }),
  entryFixture({
    _id: "twitter:3003",
    name: "Lea Martin",
    screen_name: "lea_m",
    position: 2,
    manual_check: {
      status: "rejected",
      reasons: ["seemsAutomated"],
      comments: [],
      checked_at: "2030-03-08T10:05:00.000Z",
      profile_opened: false,
    },
  }),
];

export const invalidEntries: Entry[] = [
  entryFixture({
    _id: "twitter:4001",
    name: "Spam Bot",
    screen_name: "spam_bot",
    position: 3,
    valid: false,
    reasons: ["anti_bot", "missing_keywords"],
  }),
  entryFixture({
    _id: "twitter:4002",
    name: "Old Winner",
    screen_name: "old_winner",
    position: 4,
    valid: false,
    reasons: ["previous_winner"],
  }),
];

export const funnelFixture: FunnelData = {
  total: 120,
  valid: 90,
  removed: {
    previous_winner: 4,
    excluded_account: 0,
    bad_word: 2,
    account_age: 0,
    retweet_rate: 0,
    anti_bot: 9,
    duplicate: 3,
    missing_comment: 0,
    missing_keywords: 12,
    not_enough_mentions: 0,
    missing_prediction: 0,
    missing_repost: 0,
    missing_quote: 0,
    missing_like: 0,
    missing_follow: 0,
    missing_reaction: 0,
  },
  read: 120,
  kept: 120,
  truncated: false,
  limit: 3000,
};

export function entriesAnswer(
  valid: boolean | null,
  over: Partial<EntriesAnswer["meta"]> = {},
): EntriesAnswer {
  const data = valid === null ? [...validEntries, ...invalidEntries] : valid ? validEntries : invalidEntries;
  return {
    data,
    meta: {
      page: 1,
      per_page: 50,
      total: data.length,
      valid: validEntries.length,
      invalid: invalidEntries.length,
      drawable: validEntries.length,
      not_drawn: { repeated: 0, rejected: 0, moment_winners: 0 },
      entries_loaded_at: "2030-03-08T09:01:00.000Z",
      ...over,
    } as EntriesAnswer["meta"],
    funnel: { ...funnelFixture, total: 5, valid: 3, removed: { anti_bot: 1, previous_winner: 1 } },
  };
}

// ------------------------------------------------------------------------------------------------- draws

/** docs/draw.md's test vector: seed, ids twitter:1000 … twitter:1049, 3 winners and 2 substitutes. */
export const SEED = "9f2c4e1a7b3d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8";
export const ENTRANT_IDS = Array.from({ length: 50 }, (_, i) => `twitter:${1000 + i}`);
const finalResult = drawWinners({
  seed: SEED,
  entrantIds: ENTRANT_IDS,
  winners: 3,
  substitutes: 2,
  kind: "final",
});

export const finalDraw: Draw = {
  _id: "draw-final",
  contest_id: CONTEST_ID,
  kind: "final",
  test_index: null,
  algorithm: "fairdraw-draw-v1",
  entrants_count: finalResult.entrantsCount,
  entrants_hash: finalResult.entrantsHash,
  list_reads: [],
  winners_count: 3,
  substitutes_count: 2,
  winners: finalResult.winners,
  substitutes: finalResult.substitutes,
  moment_winners: [],
  seed_commitment: seedCommitment(SEED),
  seed: SEED,
  created_by: { _id: "user-demo", name: "Dana Demo" },
  created_at: "2030-03-09T12:00:00.000Z",
};

export function testDraw(index: number): Draw {
  const r = drawWinners({
    seed: SEED,
    entrantIds: ENTRANT_IDS,
    winners: 3,
    substitutes: 3,
    kind: "test",
    testIndex: index,
  });
  return {
    ...finalDraw,
    _id: `draw-test-${index}`,
    kind: "test",
    test_index: index,
    winners: r.winners,
    substitutes: r.substitutes,
    seed: null,
    created_at: `2030-03-08T1${index}:00:00.000Z`,
  };
}

const handle = (id: string) => `fan_${id.split(":")[1]}`;
/** A drawn account as /verify names it: handle, a display name, and no stored profile address. */
const accountOf = (id: string) => ({
  id,
  provider: "twitter",
  screen_name: handle(id),
  name: `Fan ${id.split(":")[1]}`,
  url: null,
});

/** GET /verify/{id} after the final draw. */
export const verifyDrawn: VerifyData = {
  contest_id: CONTEST_ID,
  name: "Cup final giveaway",
  status: "ended",
  algorithm: "fairdraw-draw-v1",
  seed_commitment: seedCommitment(SEED),
  committed_at: "2030-02-20T09:00:00.000Z",
  seed: SEED,
  drawn_at: "2030-03-09T12:00:00.000Z",
  entrants_hash: finalResult.entrantsHash,
  list_reads: [],
  entrants_count: finalResult.entrantsCount,
  entrants: ENTRANT_IDS,
  entrants_pages: 1,
  winners: finalResult.winners,
  substitutes: finalResult.substitutes,
  winners_count: 3,
  substitutes_count: 2,
  winners_accounts: finalResult.winners.map(accountOf),
  substitutes_accounts: finalResult.substitutes.map(accountOf),
};

/** GET /verify/{id} before the final draw: the commitment only. */
export const verifyPending: VerifyData = {
  ...verifyDrawn,
  status: "closed",
  seed: null,
  drawn_at: null,
  entrants_hash: null,
  entrants_count: null,
  entrants: null,
  entrants_pages: null,
  winners: [],
  substitutes: [],
  winners_count: null,
  substitutes_count: null,
  winners_accounts: [],
  substitutes_accounts: [],
};

/** A published result that is not the one the seed and list give: the first two winners swapped. */
export const verifyTampered: VerifyData = {
  ...verifyDrawn,
  winners: [verifyDrawn.winners[1] ?? "", verifyDrawn.winners[0] ?? "", ...verifyDrawn.winners.slice(2)],
};

/** What X let us read of the drawn list's source: every reply, the 100 most recent of 412 likers. */
export const LIST_READS: FrozenListRead[] = [
  { source_id: "source-x", provider: "twitter", action: "comment", listed: 50, total: 50 },
  { source_id: "source-x", provider: "twitter", action: "like", listed: 100, total: 412 },
];

/** GET /verify/{id} after a final draw whose frozen list records what the network let us read (under its hash). */
export const verifyWithReads: VerifyData = {
  ...verifyDrawn,
  list_reads: LIST_READS,
  entrants_hash: entrantsHash(ENTRANT_IDS, LIST_READS),
};

export const statisticsFixture: Statistics = {
  contest_id: CONTEST_ID,
  entries_loaded_at: "2030-03-08T09:01:00.000Z",
  entries: 120,
  valid: 90,
  over_time: {
    unit: "day",
    buckets: [
      { at: "2030-03-01T00:00:00.000Z", entries: 40 },
      { at: "2030-03-02T00:00:00.000Z", entries: 25 },
      { at: "2030-03-03T00:00:00.000Z", entries: 0 },
      { at: "2030-03-04T00:00:00.000Z", entries: 55 },
    ],
  },
  funnel: {
    total: funnelFixture.total,
    valid: funnelFixture.valid,
    removed: funnelFixture.removed,
    read: 120,
    kept: 120,
    truncated: false,
  },
  per_source: [{ source_id: "src-1", provider: "twitter", entries: 120, valid: 90 }],
};

/** Contests for component tests and stories, in the shape GET /teams/current/contests/{id} answers. */
import type { ContestData, ContestListEntry } from "../contest/types";

/** The moment the fixtures are made at: their dates are relative to it, so countdowns and locks read the same. */
export const NOW = Date.now();

const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export const tunnelSource: ContestData["sources"][number] = {
  _id: "src-1",
  provider: "twitter",
  post_id: "1790000000000000000",
  shortcode: null,
  poster_id: "42",
  account: { _id: "acc-1", screen_name: "fairdraw" },
  actions: { comment: { enabled: true }, retweet: { enabled: true }, like: { enabled: false } },
  entries_count: 128,
  reminders: [],
};

export const instagramSource: ContestData["sources"][number] = {
  _id: "src-2",
  provider: "instagram",
  post_id: null,
  shortcode: "C8xYz12AbCd",
  poster_id: null,
  account: { screen_name: "fairdraw.shop" },
  actions: { comment: { enabled: true } },
  entries_count: 42,
  reminders: [],
};

/** A planned tunnel contest starting in a day; change what a case needs. */
export function contestFixture(overrides: Partial<ContestData> = {}): ContestData {
  return {
    _id: "contest-1",
    name: "Summer giveaway",
    type: "tunnel",
    status: "planned",
    sources: [tunnelSource],
    providers: ["twitter"],
    created_at: iso(-2 * DAY),
    start_at: iso(DAY),
    close_at: iso(8 * DAY),
    loaded_at: null,
    drawn_at: null,
    canceled_at: null,
    meta: { cancel_reason: null },
    config: { is_setup: false, nb_winners: 3, autodraw: { enabled: false, autodraw_at: null } },
    paid_contest: false,
    for_payment: false,
    merged_into: null,
    is_duplicate: false,
    sandbox: false,
    entries_count: 0,
    prev_id: null,
    next_id: null,
    cb_data: null,
    ...overrides,
  };
}

/** The contest at each point of its life (tunnel unless said). */
export const contests = {
  planned: contestFixture(),
  plannedLocked: contestFixture({ start_at: iso(3 * MIN), close_at: iso(DAY) }),
  startedTunnel: contestFixture({
    status: "started",
    start_at: iso(-DAY),
    close_at: iso(6 * DAY),
    entries_count: 128,
  }),
  startedClassic: contestFixture({
    _id: "contest-classic",
    name: "Imported post",
    type: "classic",
    status: "started",
    sources: [instagramSource],
    providers: ["instagram"],
    start_at: iso(-2 * DAY),
    close_at: null,
    sandbox: true,
  }),
  closedAutodraw: contestFixture({
    status: "closed",
    start_at: iso(-8 * DAY),
    close_at: iso(-HOUR),
    loaded_at: iso(-HOUR),
    entries_count: 128,
    config: { is_setup: false, nb_winners: 3, autodraw: { enabled: true, autodraw_at: iso(2 * HOUR) } },
  }),
  closedTunnel: contestFixture({
    status: "closed",
    start_at: iso(-8 * DAY),
    close_at: iso(-HOUR),
    loaded_at: iso(-HOUR),
    entries_count: 128,
  }),
  closedClassic: contestFixture({
    type: "classic",
    status: "closed",
    sources: [instagramSource],
    providers: ["instagram"],
    start_at: iso(-2 * DAY),
    close_at: null,
    loaded_at: iso(-HOUR),
    entries_count: 42,
  }),
  closedClassicSetUp: contestFixture({
    type: "classic",
    status: "closed",
    sources: [instagramSource],
    providers: ["instagram"],
    start_at: iso(-2 * DAY),
    close_at: null,
    loaded_at: iso(-HOUR),
    entries_count: 42,
    config: { is_setup: true, nb_winners: 1, autodraw: { enabled: false, autodraw_at: null } },
  }),
  ended: contestFixture({
    status: "ended",
    start_at: iso(-10 * DAY),
    close_at: iso(-2 * DAY),
    loaded_at: iso(-2 * DAY),
    drawn_at: iso(-DAY),
    entries_count: 128,
  }),
  canceledMerged: contestFixture({
    type: "classic",
    status: "canceled",
    start_at: iso(-3 * DAY),
    close_at: null,
    canceled_at: iso(-DAY),
    meta: { cancel_reason: "merged" },
    sources: [],
    providers: [],
  }),
  draft: contestFixture({
    status: "draft",
    start_at: null,
    close_at: null,
    sources: [],
    providers: ["twitter"],
  }),
};

export function listEntryOf(c: ContestData): ContestListEntry {
  return {
    _id: c._id,
    name: c.name,
    status: c.status,
    type: c.type,
    providers: c.providers,
    start_at: c.start_at,
    close_at: c.close_at,
    entries_count: c.entries_count,
    sandbox: c.sandbox,
    created_at: c.created_at,
    paid_contest: c.paid_contest,
    for_payment: c.for_payment,
    prev_id: c.prev_id ?? null,
    next_id: c.next_id ?? null,
  };
}

/** Three contests linked by prev_id / next_id: the preview dialog's previous and next. */
export const contestChain: Record<string, ContestData> = {
  first: {
    ...contests.startedTunnel,
    _id: "first",
    name: "Spring giveaway",
    prev_id: null,
    next_id: "second",
  },
  second: {
    ...contests.startedClassic,
    _id: "second",
    name: "Imported post",
    prev_id: "first",
    next_id: "third",
  },
  third: { ...contests.ended, _id: "third", name: "Winter giveaway", prev_id: "second", next_id: null },
};

/** The preview dialog's loader over contestChain. */
export async function loadFromChain(id: string): Promise<ContestData> {
  const found = contestChain[id];
  if (!found) throw new Error("This contest does not exist.");
  return found;
}

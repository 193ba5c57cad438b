/**
 * YouTube's quota: every call costs units from the project's daily allowance (10,000 by default), per Google's
 * published table (https://developers.google.com/youtube/v3/determine_quota_cost), and the day is Pacific time
 * (the quota resets at midnight America/Los_Angeles). The ledger (api/services/network-quota.ts: one row per
 * project and day) records what each call cost, and the pause after a 403 quotaExceeded until the reset.
 */

/** Units per call, from Google's table (list: 1; insert / update: 50; search: 100). */
export const QUOTA_COST = {
  "channels.list": 1,
  "videos.list": 1,
  "commentThreads.list": 1,
  "comments.list": 1,
  "commentThreads.insert": 50,
  "comments.insert": 50,
  "playlistItems.list": 1,
  "search.list": 100,
} as const;
export type YoutubeCall = keyof typeof QUOTA_COST;

/** The default daily allowance of a Google Cloud project. */
export const DAILY_QUOTA = 10_000;

const PACIFIC = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The quota day of an instant: its date in Pacific time (YYYY-MM-DD). */
export function quotaDay(at: number): string {
  return PACIFIC.format(new Date(at));
}

/** When the quota day of `at` ends (the next Pacific midnight), to the minute. */
export function quotaResetAt(at: number): number {
  const day = quotaDay(at);
  let t = at - (at % 60_000);
  // Hour steps then minute steps: at most 25 + 60 looks, whatever the daylight-saving shift.
  while (quotaDay(t + 3_600_000) === day) t += 3_600_000;
  while (quotaDay(t) === day) t += 60_000;
  return t;
}

/** Where the units spent are kept (one row per network, project and day; shared by every process). */

/**
 * The units a contest is expected to cost per load, and over its window: what the builder and the contest page
 * show before it starts. A load reads the comment threads (pages of 100), the replies of threads with more than
 * the 5 that come with them, and the new entrants' channels (batches of 50).
 */
export function expectedUnits(opts: { entrants: number; loads: number; publications: number }): {
  per_load: number;
  total: number;
} {
  const pages = Math.max(1, Math.ceil(opts.entrants / 100));
  const channels = Math.ceil(opts.entrants / 50);
  // Each load after the first reads the newest page (what is new) and the channels of whoever is new.
  const first = pages * QUOTA_COST["commentThreads.list"] + channels * QUOTA_COST["channels.list"];
  const later = QUOTA_COST["commentThreads.list"];
  const total =
    first + Math.max(0, opts.loads - 1) * later + opts.publications * QUOTA_COST["commentThreads.insert"];
  return { per_load: first, total };
}

/**
 * X bills reads (its pay-per-use API counts each post and user an answer carries, and each call). What a
 * contest's loads read is counted on its checkpoint (calls, posts, users), and the calls of the day in the
 * network_quota ledger (one row per client and UTC day, shared by every process); `expectedReads` is what the
 * builder shows before a contest starts.
 */

/** What a contest's loads of one source read from X. */
export type XUsage = { calls: number; posts: number; users: number };

export const NO_USAGE: XUsage = { calls: 0, posts: 0, users: 0 };

/** X's day: the ledger's row is the UTC date. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The next UTC midnight after `at`. */
export function utcDayEnd(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/** The most X lists of a post's likers or reposters, whatever their number. */
export const LIST_CAP = 100;

/**
 * The reads a contest on X is expected to cost, from the entrants it expects and the loads its window holds
 * (the scheduler's loads while it runs, then the close's): per load the post (1 call), the new replies and
 * quotes (pages of 100 with their authors), the reposters and likers (one page each, at most 100 users), and the
 * entrants whose profile is still to be read (batches of 100). A list whose count did not move since the last
 * load is not read again (x/entries.ts), so a quiet load costs the one call for the post.
 */
export function expectedReads(opts: {
  /** Expected entrants by list (replies, quotes, reposts, likes). */
  comments: number;
  quotes: number;
  reposts: number;
  likes: number;
  loads: number;
}): XUsage {
  const loads = Math.max(1, opts.loads);
  const pages = (n: number) => Math.ceil(n / 100);
  const calls =
    loads + // the post itself, every load
    pages(opts.comments) +
    pages(opts.quotes) +
    // Likers and reposters are re-read whole (one page) by each load that sees their count move.
    (opts.reposts > 0 ? loads : 0) +
    (opts.likes > 0 ? loads : 0);
  const reposters = Math.min(opts.reposts, LIST_CAP);
  const likers = Math.min(opts.likes, LIST_CAP);
  return {
    calls,
    posts: loads + opts.comments + opts.quotes,
    // Each page of posts carries its authors; the user lists are read again whole by each load.
    users: opts.comments + opts.quotes + (reposters + likers) * loads,
  };
}

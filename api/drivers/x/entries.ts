/**
 * A post's entries on X, read incrementally (decision 034):
 * - replies: recent search `conversation_id:{post}` (pages of 100 with their authors, newest first; X searches
 *   7 days back, capabilities `window_days`: the scheduler reads a contest while it runs), from the newest reply the
 *   last complete pass read (`since_id`) only; a pass stopped (rate limit, network) resumes at its page;
 * - quotes: quote_tweets, newest first, until a quote already counted;
 * - reposters (retweeted_by) and likers (liking_users): X lists the 100 most recent only (capabilities `partial`,
 *   max 100): one page, recorded as what was listed of the post's total;
 * - a quote, repost or like list whose count on the post (public_metrics) is 0 or did not move since the last
 *   load is not read again: the same page is not bought twice when nothing on it changed (known limit: a like
 *   withdrawn and another given between two loads waits for the next move of the count).
 * Entrants' profiles come with each page (user.fields: created_at, public_metrics), and those still missing are
 * read in batches of 100 (GET /2/users). What each load read (calls, posts, users) is counted on the checkpoint.
 */
import { askedKinds } from "../../../engine/lifecycle";
import { type Entrant, entrantId } from "../../../engine/lifecycle/entrant";
import type { ProviderDefinition } from "../../catalog";
import { publicationAccountId } from "../../services/publication-account";
import { PostUnavailable } from "../errors";
import { pages } from "../shared/pager";
import type { CheckpointStore } from "../shared/stores";
import type { EntriesLoad, EntriesRequest, ListReadability } from "../types";
import { missing, type XApi, type XProblem } from "./api";
import { NO_USAGE, utcDay, type XUsage } from "./usage";
import { USER_FIELDS, userEntrantProfile, type XUser } from "./user";

export type XTweet = {
  id: string;
  text: string;
  author_id?: string;
  created_at?: string;
  conversation_id?: string;
  public_metrics?: {
    reply_count?: number;
    quote_count?: number;
    retweet_count?: number;
    like_count?: number;
  };
  /** What the post answers or quotes (tweet.fields referenced_tweets). */
  referenced_tweets?: { type: "replied_to" | "quoted" | "retweeted"; id: string }[];
};
type TweetPage = {
  data?: XTweet[];
  includes?: { users?: XUser[] };
  meta?: { next_token?: string; newest_id?: string };
  errors?: XProblem[];
};
type UserPage = { data?: XUser[]; meta?: { next_token?: string }; errors?: XProblem[] };

/** The lists a post's entries are read from, by action kind. */
const READABLE = ["comment", "quote", "repost", "like"] as const;
type Kind = (typeof READABLE)[number];
const METRIC: Record<Kind, "reply_count" | "quote_count" | "retweet_count" | "like_count"> = {
  comment: "reply_count",
  quote: "quote_count",
  repost: "retweet_count",
  like: "like_count",
};

export type XCheckpoint = {
  post_id: string;
  /** The newest reply of the last complete search pass (null: none yet). */
  since_id: string | null;
  /** A search pass under way: the page it goes on from and the newest reply it has seen. */
  search: { token: string | null; newest: string | null } | null;
  /** Quote ids counted (each once). */
  quotes: string[];
  /** The post's counts when each list was last read whole. */
  counts: Partial<Record<Kind, number>>;
  /** What the last read of each list listed (reposters and likers: the ids X listed). */
  listed: { repost: string[]; like: string[] };
  entrants: Entrant[];
  usage: XUsage;
  /** The followers read of each account to follow (by its id), the UTC day of the read and its count then. */
  followers?: Record<string, FollowerRead>;
};

/** An account's followers as a load read them (X lists the newest first, 1,000 a page). */
export type FollowerRead = { day: string; count: number; ids: string[]; complete: boolean };

/** The most follower pages (1,000 each) one load reads of one account: past that the follow is not checked. */
export const MAX_FOLLOWER_PAGES = 20;

/** The most pages one load reads of a list (a contest's limit stops it sooner). */
const MAX_PAGES = 200;

function entrantOf(provider: ProviderDefinition, u: XUser | undefined, id: string, at: string): Entrant {
  const p = u ? userEntrantProfile(u) : null;
  return {
    id: entrantId(provider.name, id),
    provider: provider.name,
    source_id: "",
    external_id: id,
    screen_name: p?.screen_name ?? id,
    name: p?.name ?? id,
    profile_url: p?.profile_url ?? null,
    account_created_at: p?.account_created_at ?? null,
    followers: p?.followers ?? 0,
    following: p?.following ?? 0,
    posts: p?.posts ?? 0,
    is_bot_signal: false,
    comments: [],
    did: { repost: false, quote: false, like: false, follows: [], reactions: [] },
    repost_ratio: null,
    first_at: at,
  };
}

/**
 * The lists to read: those the source asks; a quick import (no action asked) reads every list. X's comment
 * action says which posts count as comments (`accept`: replies_and_quotes, only_replies, only_quotes): a quote
 * that counts is read from the quote list and kept as the entrant's comment too.
 */
function listsOf(request: EntriesRequest): { kinds: Kind[]; replies: boolean; quotesAsComments: boolean } {
  const asked = askedKinds(request.provider, request.source);
  const accept = (request.source.actions as { comment?: { accept?: unknown } } | undefined)?.comment?.accept;
  const comment = asked.includes("comment");
  const quotesAsComments = comment && (accept === "replies_and_quotes" || accept === "only_quotes");
  const wanted = asked.length > 0 ? asked : [...READABLE];
  const kinds = READABLE.filter((k) => wanted.includes(k) || (k === "quote" && quotesAsComments));
  return { kinds, replies: asked.length === 0 || (comment && accept !== "only_quotes"), quotesAsComments };
}

export async function loadPostEntries(
  api: XApi,
  request: EntriesRequest,
  postId: string,
  store: CheckpointStore<XCheckpoint>,
): Promise<EntriesLoad> {
  const resumed = await store.load(request.contest_id, request.source_id);
  const cp: XCheckpoint =
    resumed && resumed.post_id === postId
      ? resumed
      : {
          post_id: postId,
          since_id: null,
          search: null,
          quotes: [],
          counts: {},
          listed: { repost: [], like: [] },
          entrants: [],
          usage: { ...NO_USAGE },
        };
  const byUser = new Map(cp.entrants.map((e) => [e.external_id, e]));
  const now = request.now.toISOString();
  const windowStart = request.window?.start ?? null;
  const save = async () => {
    cp.entrants = [...byUser.values()];
    await store.save(request.contest_id, request.source_id, cp);
  };
  /** A read, counted: one call, and the posts and users its answer carries. */
  const read = async <T extends { data?: unknown; includes?: { users?: unknown[] } }>(
    path: string,
    query: Record<string, string | number | undefined>,
    kind: "posts" | "users",
  ): Promise<T> => {
    cp.usage.calls++;
    const got = await api.get<T>(path, query);
    const n = Array.isArray(got.data) ? got.data.length : got.data ? 1 : 0;
    cp.usage[kind] += n;
    cp.usage.users += got.includes?.users?.length ?? 0;
    return got;
  };
  const entrant = (id: string, user: XUser | undefined, at: string): Entrant | null => {
    let e = byUser.get(id);
    if (!e) {
      if (byUser.size >= request.limit) return null;
      e = entrantOf(request.provider, user, id, at);
      byUser.set(id, e);
    }
    if (at < e.first_at) e.first_at = at;
    return e;
  };

  const { kinds, replies, quotesAsComments } = listsOf(request);
  const lists: ListReadability[] = [];
  try {
    // The post first: it may be gone, and its counts say which lists moved since the last load.
    const post = await read<{ data?: XTweet; errors?: XProblem[] }>(
      `/tweets/${postId}`,
      { "tweet.fields": "public_metrics,conversation_id,created_at,author_id" },
      "posts",
    );
    if (!post.data) {
      throw new PostUnavailable(`x post ${postId}: ${missing(post.errors)?.detail ?? "not found"}`);
    }
    const counts = post.data.public_metrics ?? {};
    /**
     * Whether a list may hold someone new: its count moved since it was last read (and is not 0). Replies are
     * always searched (since_id: nothing new costs one empty call), as the post's reply_count counts direct
     * replies only and a reply to a reply enters too.
     */
    const moved = (k: Kind) => {
      const count = counts[METRIC[k]] ?? 0;
      return k === "comment" || (count > 0 && cp.counts[k] !== count);
    };

    for (const kind of kinds) {
      if (!moved(kind)) {
        cp.counts[kind] = counts[METRIC[kind]] ?? 0;
        continue;
      }
      if (kind === "comment" && replies) await readReplies(read, cp, postId, entrant, windowStart, save);
      if (kind === "quote") await readQuotes(read, cp, postId, entrant, windowStart, quotesAsComments);
      if (kind === "repost" || kind === "like") {
        const got = await read<UserPage>(
          `/tweets/${postId}/${kind === "like" ? "liking_users" : "retweeted_by"}`,
          { max_results: 100, "user.fields": USER_FIELDS },
          "users",
        );
        cp.listed[kind] = [];
        for (const u of got.data ?? []) {
          const e = entrant(u.id, u, now);
          if (!e) continue;
          // X does not date a like or a repost: the load that first saw it does (keepFirstSights keeps it),
          // unless a dated reply or quote of the entrant already says when it entered.
          if (!e.did[kind] && e.comments.length === 0 && !e.did.quote) Object.assign(e, { first_seen: true });
          e.did[kind] = true;
          cp.listed[kind].push(u.id);
        }
      }
      cp.counts[kind] = counts[METRIC[kind]] ?? 0;
      await save();
    }
    const follow = askedKinds(request.provider, request.source).includes("follow")
      ? await readFollows(read, cp, request, post.data.author_id ?? "", byUser, save)
      : null;
    await fillProfiles(read, byUser);
    if (follow) lists.push(follow);
    for (const kind of kinds) {
      // Comments: the replies (X counts direct ones) and the quotes when they count as comments.
      const total =
        kind === "comment"
          ? (replies ? (counts.reply_count ?? 0) : 0) + (quotesAsComments ? (counts.quote_count ?? 0) : 0)
          : (counts[METRIC[kind]] ?? null);
      const listed =
        kind === "comment"
          ? [...byUser.values()].reduce((n, e) => n + e.comments.length, 0)
          : kind === "quote"
            ? cp.quotes.length
            : cp.listed[kind].length;
      lists.push({ action: kind, listed, total });
    }
    await save();
  } catch (err) {
    // What was read is kept with where to go on from; the error says when to come back.
    await save();
    throw err;
  }
  const entrants = [...byUser.values()].sort((a, b) => (a.first_at < b.first_at ? -1 : 1));
  return { entrants, lists, ...(cp.since_id ? { cursors: { comment: cp.since_id } } : {}) };
}

type Read = <T extends { data?: unknown; includes?: { users?: unknown[] } }>(
  path: string,
  query: Record<string, string | number | undefined>,
  kind: "posts" | "users",
) => Promise<T>;
type Enter = (id: string, user: XUser | undefined, at: string) => Entrant | null;

const TWEET_QUERY = {
  max_results: 100,
  "tweet.fields": "author_id,created_at,conversation_id",
  expansions: "author_id",
  "user.fields": USER_FIELDS,
};

/** The replies since the last complete pass, page by page; a stopped pass resumes at its page. */
async function readReplies(
  read: Read,
  cp: XCheckpoint,
  postId: string,
  enter: Enter,
  windowStart: string | null,
  save: () => Promise<void>,
) {
  const pass = cp.search ?? { token: null, newest: null };
  cp.search = pass;
  for await (const page of pages(
    async (token) => {
      const got = await read<TweetPage>(
        "/tweets/search/recent",
        {
          query: `conversation_id:${postId}`,
          ...TWEET_QUERY,
          since_id: cp.since_id ?? undefined,
          next_token: token ?? undefined,
        },
        "posts",
      );
      pass.newest ??= got.meta?.newest_id ?? null;
      const users = new Map((got.includes?.users ?? []).map((u) => [u.id, u]));
      return {
        items: (got.data ?? []).map((t) => ({ t, u: users.get(t.author_id ?? "") })),
        next: got.meta?.next_token ?? null,
      };
    },
    { from: pass.token, maxPages: MAX_PAGES },
  )) {
    for (const { t, u } of page.items) {
      const at = t.created_at ?? "";
      if (!t.author_id || !at || (windowStart && at < windowStart)) continue;
      const e = enter(t.author_id, u, at);
      if (e && !e.comments.some((c) => c.id === t.id)) e.comments.push({ id: t.id, text: t.text, at });
    }
    pass.token = page.next;
    await save();
  }
  // The pass is complete: the next one reads what came after its newest reply only.
  if (pass.newest && (!cp.since_id || BigInt(pass.newest) > BigInt(cp.since_id))) cp.since_id = pass.newest;
  cp.search = null;
}

/** The quotes newer than those counted (newest first: the first page holding a counted one ends it). */
async function readQuotes(
  read: Read,
  cp: XCheckpoint,
  postId: string,
  enter: Enter,
  windowStart: string | null,
  asComment: boolean,
) {
  const counted = new Set(cp.quotes);
  for await (const page of pages(
    async (token) => {
      const got = await read<TweetPage>(
        `/tweets/${postId}/quote_tweets`,
        { ...TWEET_QUERY, pagination_token: token ?? undefined },
        "posts",
      );
      const users = new Map((got.includes?.users ?? []).map((u) => [u.id, u]));
      return {
        items: (got.data ?? []).map((t) => ({ t, u: users.get(t.author_id ?? "") })),
        next: got.meta?.next_token ?? null,
      };
    },
    { maxPages: MAX_PAGES },
  )) {
    let reachedCounted = false;
    for (const { t, u } of page.items) {
      if (counted.has(t.id)) {
        reachedCounted = true;
        continue;
      }
      const at = t.created_at ?? "";
      if (!t.author_id || !at || (windowStart && at < windowStart)) continue;
      const e = enter(t.author_id, u, at);
      if (!e) continue;
      e.did.quote = true;
      if (asComment && !e.comments.some((c) => c.id === t.id))
        e.comments.push({ id: t.id, text: t.text, at });
      counted.add(t.id);
      cp.quotes.push(t.id);
    }
    if (reachedCounted) break;
  }
}

/** Entrants whose profile no page carried, 100 per call (GET /2/users). */
async function fillProfiles(read: Read, byUser: Map<string, Entrant>) {
  const ids = [...byUser.values()].filter((e) => e.account_created_at === null).map((e) => e.external_id);
  for (let i = 0; i < ids.length; i += 100) {
    const got = await read<UserPage>(
      "/users",
      { ids: ids.slice(i, i + 100).join(","), "user.fields": USER_FIELDS },
      "users",
    );
    for (const u of got.data ?? []) {
      const e = byUser.get(u.id);
      if (!e) continue;
      const p = userEntrantProfile(u);
      Object.assign(e, {
        screen_name: p.screen_name,
        name: p.name,
        profile_url: p.profile_url,
        account_created_at: p.account_created_at,
        followers: p.followers,
        following: p.following,
        posts: p.posts,
      });
    }
  }
}

/**
 * Who follows the accounts to follow (the post's author, and the other accounts by handle): each one's followers
 * (GET /2/users/:id/followers, 1,000 a page, newest first), at most MAX_FOLLOWER_PAGES pages. Read whole once per
 * UTC day; a later load that day reads again only if the account's follower count moved, and then only its newest
 * pages, down to a follower already read. The list is recorded as the followers read of the total X says: an
 * account with more followers than a load may read is incomplete, so its follow is not checked (nobody removed).
 */
async function readFollows(
  read: Read,
  cp: XCheckpoint,
  request: EntriesRequest,
  authorId: string,
  byUser: Map<string, Entrant>,
  save: () => Promise<void>,
): Promise<ListReadability> {
  const day = utcDay(request.now.getTime());
  const targets: { id: string; names: string[] }[] = [];
  const author = await read<{ data?: XUser }>(`/users/${authorId}`, { "user.fields": USER_FIELDS }, "users");
  const counts = new Map<string, number>();
  if (author.data) {
    // The publishing account is known to the builder by its number (publication.account_id), others by handle.
    const a = author.data;
    targets.push({ id: a.id, names: [a.username, `@${a.username}`, String(publicationAccountId(a.id))] });
    counts.set(a.id, a.public_metrics?.followers_count ?? 0);
  }
  for (const handle of request.accounts_to_follow) {
    const clean = handle.trim().replace(/^@/, "");
    if (!/^[A-Za-z0-9_]{1,15}$/.test(clean)) continue;
    const got = await read<{ data?: XUser }>(
      `/users/by/username/${clean}`,
      { "user.fields": USER_FIELDS },
      "users",
    );
    if (!got.data) continue;
    targets.push({ id: got.data.id, names: [handle, clean] });
    counts.set(got.data.id, got.data.public_metrics?.followers_count ?? 0);
  }
  cp.followers ??= {};
  let listed = 0;
  let total = 0;
  for (const target of targets) {
    const count = counts.get(target.id) ?? 0;
    const before = cp.followers[target.id];
    const sameDay = before?.day === day;
    let kept: FollowerRead;
    if (sameDay && before.count === count) {
      kept = before;
    } else {
      const known = new Set(sameDay ? before.ids : []);
      const fresh: string[] = [];
      let complete = false;
      let met = false;
      for await (const page of pages(
        async (token) => {
          const got = await read<UserPage>(
            `/users/${target.id}/followers`,
            { max_results: 1000, pagination_token: token ?? undefined },
            "users",
          );
          return { items: got.data ?? [], next: got.meta?.next_token ?? null };
        },
        { maxPages: MAX_FOLLOWER_PAGES },
      )) {
        for (const u of page.items) {
          if (known.has(u.id)) met = true;
          else fresh.push(u.id);
        }
        if (!page.next) complete = true;
        if (met) break;
      }
      kept =
        met && before
          ? { day, count, ids: [...fresh, ...before.ids], complete: before.complete }
          : { day, count, ids: fresh, complete };
      cp.followers[target.id] = kept;
      await save();
    }
    const ids = new Set(kept.ids);
    for (const [id, e] of byUser) {
      if (ids.has(id)) e.did.follows = [...new Set([...e.did.follows, ...target.names])];
    }
    listed += kept.complete ? count : kept.ids.length;
    total += count;
  }
  return { action: "follow", listed, total };
}

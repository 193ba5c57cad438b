/**
 * A video's commenters through TikTok's API for Business (Accounts API: GET business/comment/list/, pages of 30
 * by cursor, newest first), the only TikTok API that lists an organic video's comments, and only for the business
 * account that owns the video. Each load reads from the newest back to the newest comment the last complete pass
 * saw (the checkpoint in contests.meta.network_cursors), so a load during the contest reads what is new only; a
 * load stopped midway (a rate limit) keeps its cursor and goes on from there.
 */
import { type Entrant, entrantId } from "../../../engine/lifecycle/entrant";
import type { ProviderDefinition } from "../../catalog";
import { pages } from "../shared/pager";
import type { CheckpointStore } from "../shared/stores";
import type { EntriesLoad, EntriesRequest } from "../types";
import type { TiktokApi } from "./api";

type BusinessComment = {
  comment_id: string;
  video_id: string;
  user_id: string;
  create_time: string;
  text: string;
  username?: string;
  display_name?: string;
  owner?: boolean;
  parent_comment_id?: string;
};
type CommentPage = { comments?: BusinessComment[]; cursor?: number; has_more?: boolean };

export type TiktokCheckpoint = {
  video_id: string;
  /** The newest comment time (ISO) and ids of that second the last complete pass read. */
  until: string | null;
  until_ids: string[];
  /** A pass under way: the cursor to go on from, and the newest it has seen. */
  pass: { cursor: string | null; newest: string | null; newest_ids: string[] } | null;
  seen: string[];
  entrants: Entrant[];
};

/** The most pages of 30 one load reads (a contest's limit stops it sooner). */
const MAX_PAGES = 400;

const iso = (seconds: string) => new Date(Number(seconds) * 1000).toISOString();

function entrantOf(provider: ProviderDefinition, c: BusinessComment, at: string): Entrant {
  const handle = c.username ?? c.user_id;
  return {
    id: entrantId(provider.name, c.user_id),
    provider: provider.name,
    source_id: "",
    external_id: c.user_id,
    screen_name: handle,
    name: c.display_name || handle,
    profile_url: c.username ? `https://www.tiktok.com/@${c.username}` : null,
    account_created_at: null,
    followers: 0,
    following: 0,
    posts: 0,
    is_bot_signal: false,
    comments: [],
    did: { repost: false, quote: false, like: false, follows: [], reactions: [] },
    repost_ratio: null,
    first_at: at,
  };
}

export async function loadVideoComments(
  api: TiktokApi,
  request: EntriesRequest,
  business: { id: string; videoId: string },
  store: CheckpointStore<TiktokCheckpoint>,
): Promise<EntriesLoad> {
  const resumed = await store.load(request.contest_id, request.source_id);
  const cp: TiktokCheckpoint =
    resumed && resumed.video_id === business.videoId
      ? resumed
      : { video_id: business.videoId, until: null, until_ids: [], pass: null, seen: [], entrants: [] };
  const seen = new Set(cp.seen);
  const byUser = new Map(cp.entrants.map((e) => [e.external_id, e]));
  const windowStart = request.window?.start ?? null;
  const acceptReplies =
    (request.source.actions as { comment?: { accept_replies?: unknown } } | undefined)?.comment
      ?.accept_replies !== false;
  const pass = cp.pass ?? { cursor: null, newest: null, newest_ids: [] };
  cp.pass = pass;
  const save = async () => {
    cp.seen = [...seen];
    cp.entrants = [...byUser.values()];
    await store.save(request.contest_id, request.source_id, cp);
  };
  const alreadyRead = (at: string, id: string) =>
    cp.until !== null && (at < cp.until || (at === cp.until && cp.until_ids.includes(id)));

  try {
    let done = false;
    for await (const page of pages(
      async (cursor) => {
        const data = await api.business<CommentPage>("business/comment/list/", {
          business_id: business.id,
          video_id: business.videoId,
          include_replies: acceptReplies ? "true" : "false",
          status: "PUBLIC",
          sort_field: "create_time",
          sort_order: "desc",
          max_count: "30",
          ...(cursor ? { cursor } : {}),
        });
        const next = data.has_more && data.cursor !== undefined ? String(data.cursor) : null;
        return { items: data.comments ?? [], next };
      },
      { from: pass.cursor, maxPages: MAX_PAGES },
    )) {
      for (const c of page.items) {
        const at = iso(c.create_time);
        if (alreadyRead(at, c.comment_id) || (windowStart && at < windowStart)) {
          // Newest first: everything after this one was read before, or is older than the contest.
          done = true;
          break;
        }
        if (!pass.newest || at > pass.newest) {
          pass.newest = at;
          pass.newest_ids = [c.comment_id];
        } else if (at === pass.newest) pass.newest_ids.push(c.comment_id);
        // The account's own comments (its answers) are not entries.
        if (c.owner || c.user_id === business.id || seen.has(c.comment_id)) continue;
        seen.add(c.comment_id);
        let e = byUser.get(c.user_id);
        if (!e) {
          if (byUser.size >= request.limit) continue;
          e = entrantOf(request.provider, c, at);
          byUser.set(c.user_id, e);
        }
        if (at < e.first_at) e.first_at = at;
        e.comments.push({ id: c.comment_id, text: c.text, at });
      }
      pass.cursor = page.next;
      if (done || !page.next) break;
      await save();
    }
    if (pass.newest && (!cp.until || pass.newest >= cp.until)) {
      cp.until_ids =
        pass.newest === cp.until ? [...new Set([...cp.until_ids, ...pass.newest_ids])] : pass.newest_ids;
      cp.until = pass.newest;
    }
    cp.pass = null;
    await save();
  } catch (err) {
    await save();
    throw err;
  }
  const entrants = [...byUser.values()].sort((a, b) => (a.first_at < b.first_at ? -1 : 1));
  return {
    entrants,
    lists: [{ action: "comment", listed: entrants.reduce((n, e) => n + e.comments.length, 0), total: null }],
    ...(cp.until ? { cursors: { comment: cp.until } } : {}),
  };
}

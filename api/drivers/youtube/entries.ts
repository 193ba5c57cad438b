/**
 * A video's entries, read incrementally: commentThreads.list (order=time, newest first, pages of 100) and the
 * replies of threads with more than the ones that come with them (comments.list parentId), then the new entrants'
 * channels in batches of 50 (channels.list: publishedAt for the account-age filter, subscriberCount).
 *
 * What a load read is kept (YoutubeCheckpoint, per contest and source): the entrants so far, and where reading
 * stops next time (`until`: the newest thread of the last complete pass, with the ids published at that second).
 * A load reads from the newest thread back to `until` only: what is new. A load interrupted (the quota exceeded,
 * the network down) keeps its page token and the entrants read so far; the next load resumes at that page, then
 * finishes the pass. Nothing is read twice: a comment is counted once by its id.
 */
import { type Entrant, entrantId } from "../../../engine/lifecycle/entrant";
import type { ProviderDefinition } from "../../catalog";
import { pages } from "../shared/pager";
import type { CheckpointStore } from "../shared/stores";
import type { EntriesLoad, EntriesRequest } from "../types";
import type { YoutubeApi } from "./api";
import { type ChannelList, channelEntrantProfile } from "./channel";

type CommentItem = {
  id: string;
  snippet?: {
    authorChannelId?: { value?: string };
    authorDisplayName?: string;
    authorChannelUrl?: string;
    textOriginal?: string;
    textDisplay?: string;
    publishedAt?: string;
    parentId?: string;
  };
};
type ThreadItem = {
  id: string;
  snippet?: { topLevelComment?: CommentItem; totalReplyCount?: number; videoId?: string };
  replies?: { comments?: CommentItem[] };
};
type ThreadList = { items?: ThreadItem[]; nextPageToken?: string; pageInfo?: { totalResults?: number } };
type CommentList = { items?: CommentItem[]; nextPageToken?: string };

export type YoutubeCheckpoint = {
  video_id: string;
  /** Threads at or before this time were read by a complete pass (null: none yet). */
  until: string | null;
  /** The ids of the threads published exactly at `until` (a second holds several). */
  until_ids: string[];
  /** A pass under way: the page it goes on from and the newest thread it has seen. */
  pass: { page_token: string | null; newest: string | null; newest_ids: string[] } | null;
  /** Comment ids counted (each counted once). */
  seen: string[];
  entrants: Entrant[];
  /** Entrants whose channel is still to be read (channels.list). */
  unfilled: string[];
};

/** The most pages of 100 threads one load reads (a contest's limit stops it sooner). */
const MAX_PAGES = 500;

function entrantOf(provider: ProviderDefinition, c: CommentItem, channel: string, at: string): Entrant {
  const name = c.snippet?.authorDisplayName?.replace(/^@/, "") ?? channel;
  return {
    id: entrantId(provider.name, channel),
    provider: provider.name,
    source_id: "",
    external_id: channel,
    screen_name: name,
    name,
    profile_url: c.snippet?.authorChannelUrl ?? `https://www.youtube.com/channel/${channel}`,
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

export async function loadVideoEntries(
  api: YoutubeApi,
  request: EntriesRequest,
  videoId: string,
  store: CheckpointStore<YoutubeCheckpoint>,
): Promise<EntriesLoad> {
  const resumed = await store.load(request.contest_id, request.source_id);
  const cp: YoutubeCheckpoint =
    resumed && resumed.video_id === videoId
      ? resumed
      : { video_id: videoId, until: null, until_ids: [], pass: null, seen: [], entrants: [], unfilled: [] };
  const seen = new Set(cp.seen);
  const byChannel = new Map(cp.entrants.map((e) => [e.external_id, e]));
  const fresh = new Set<string>(cp.unfilled ?? []);
  const windowStart = request.window?.start ?? null;
  const acceptReplies =
    (request.source.actions as { comment?: { accept_replies?: unknown } } | undefined)?.comment
      ?.accept_replies !== false;
  const pass = cp.pass ?? { page_token: null, newest: null, newest_ids: [] };
  cp.pass = pass;
  let total: number | null = null;

  const count = (c: CommentItem) => {
    const channel = c.snippet?.authorChannelId?.value;
    const at = c.snippet?.publishedAt;
    if (!channel || !at || seen.has(c.id)) return;
    if (windowStart && at < windowStart) return;
    seen.add(c.id);
    let e = byChannel.get(channel);
    if (!e) {
      if (byChannel.size >= request.limit) return;
      e = entrantOf(request.provider, c, channel, at);
      byChannel.set(channel, e);
      fresh.add(channel);
    }
    if (at < e.first_at) e.first_at = at;
    e.comments.push({ id: c.id, text: c.snippet?.textOriginal ?? c.snippet?.textDisplay ?? "", at });
  };
  /** An older thread than what the last complete pass read, or one of its last second: the pass is done. */
  const alreadyRead = (t: ThreadItem) => {
    const at = t.snippet?.topLevelComment?.snippet?.publishedAt ?? "";
    if (!cp.until) return false;
    return at < cp.until || (at === cp.until && cp.until_ids.includes(t.id));
  };
  const save = async () => {
    cp.seen = [...seen];
    cp.entrants = [...byChannel.values()];
    cp.unfilled = [...fresh];
    await store.save(request.contest_id, request.source_id, cp);
  };

  try {
    let done = false;
    for await (const page of pages(
      async (token) => {
        const list = await api.call<ThreadList>("commentThreads.list", "commentThreads", {
          part: "snippet,replies",
          videoId,
          order: "time",
          maxResults: 100,
          textFormat: "plainText",
          pageToken: token ?? undefined,
        });
        total ??= list.pageInfo?.totalResults ?? null;
        return { items: list.items ?? [], next: list.nextPageToken ?? null };
      },
      { from: pass.page_token, maxPages: MAX_PAGES },
    )) {
      for (const thread of page.items) {
        if (alreadyRead(thread)) {
          done = true;
          break;
        }
        const top = thread.snippet?.topLevelComment;
        const at = top?.snippet?.publishedAt ?? null;
        if (at && (!pass.newest || at > pass.newest)) {
          pass.newest = at;
          pass.newest_ids = [thread.id];
        } else if (at && at === pass.newest) pass.newest_ids.push(thread.id);
        if (windowStart && at && at < windowStart) {
          // Ordered by time: everything after this thread is older than the contest.
          done = true;
          break;
        }
        if (top) count(top);
        if (acceptReplies) {
          const replies = thread.replies?.comments ?? [];
          if ((thread.snippet?.totalReplyCount ?? 0) > replies.length) {
            for await (const more of pages(
              async (token) => {
                const list = await api.call<CommentList>("comments.list", "comments", {
                  part: "snippet",
                  parentId: thread.id,
                  maxResults: 100,
                  textFormat: "plainText",
                  pageToken: token ?? undefined,
                });
                return { items: list.items ?? [], next: list.nextPageToken ?? null };
              },
              { maxPages: 50 },
            )) {
              for (const c of more.items) count(c);
            }
          } else {
            for (const c of replies) count(c);
          }
        }
      }
      // The page is read: a load stopped after here goes on from the next one.
      pass.page_token = page.next;
      if (done || !page.next || byChannel.size >= request.limit) break;
      await save();
    }
    // The pass is complete: the next load reads back to its newest thread only.
    if (pass.newest && (!cp.until || pass.newest >= cp.until)) {
      cp.until_ids =
        pass.newest === cp.until ? [...new Set([...cp.until_ids, ...pass.newest_ids])] : pass.newest_ids;
      cp.until = pass.newest;
    }
    cp.pass = null;
    await fillChannels(api, byChannel, fresh);
    await save();
  } catch (err) {
    // What was read is kept with the page to go on from; the error says when to come back.
    await save();
    throw err;
  }
  const entrants = [...byChannel.values()].sort((a, b) => (a.first_at < b.first_at ? -1 : 1));
  const comments = entrants.reduce((n, e) => n + e.comments.length, 0);
  return {
    entrants,
    lists: [{ action: "comment", listed: comments, total }],
    ...(cp.until ? { cursors: { comment: cp.until } } : {}),
  };
}

/** The new entrants' channels, 50 per call: creation date and subscribers. */
async function fillChannels(api: YoutubeApi, byChannel: Map<string, Entrant>, fresh: Set<string>) {
  const ids = [...fresh];
  for (let i = 0; i < ids.length; i += 50) {
    const batch = ids.slice(i, i + 50);
    const list = await api.call<ChannelList>("channels.list", "channels", {
      part: "snippet,statistics",
      id: batch.join(","),
      maxResults: 50,
    });
    for (const item of list.items ?? []) {
      const e = byChannel.get(item.id);
      if (!e) continue;
      const p = channelEntrantProfile(item);
      Object.assign(e, {
        screen_name: p.screen_name,
        name: p.name,
        profile_url: p.profile_url,
        account_created_at: p.account_created_at,
        followers: p.followers,
        posts: p.posts,
      });
    }
    for (const id of batch) fresh.delete(id);
  }
}

/**
 * A Threads post's entries: its replies (GET /{id}/conversation: every reply in the tree, or /{id}/replies: the
 * top-level ones only when the form does not accept replies to replies), oldest first (reverse=false), in Graph
 * cursor pages. Each reply counts once, by its id, so a reply pushed by the webhook and read again here is one
 * entry. What a load read is kept (ThreadsCheckpoint, per contest and source): the entrants, the reply ids counted
 * and the cursor after the last page read, so the next load reads only what came after; a load stopped (rate
 * limit, network) resumes there. The first load at or after the window's end reads everything again from the
 * start: the last sweep, catching what a cursor could not (a reply in a branch already passed).
 * The contest's own replies (reminders, winners: the account's handle) are not entries. Replies pushed by the
 * webhook (stored once by id, ./webhook.ts) are merged in each load, folded in the order they happened
 * (services/network-events.ts), so an entry pushed during the window counts before the next poll reaches it.
 */
import type { Entrant } from "../../../engine/lifecycle/entrant";
import { foldEvents } from "../../services/network-events";
import type { GraphApi } from "../shared/graph-api";
import type { CheckpointStore } from "../shared/stores";
import type { EntriesLoad, EntriesRequest, NetworkEvent } from "../types";
import { mediaIdOf, type ThreadsList } from "./media";
import { threadsEntrant } from "./profile";

export type ThreadsReply = {
  id: string;
  text?: string;
  timestamp?: string;
  username?: string;
  hide_status?: string;
};

export type ThreadsCheckpoint = {
  /** The post id as the source names it (a shortcode or a media id) and the media id it names. */
  post: string;
  media_id: string;
  /** The cursor after the last page read (null: from the start). */
  after: string | null;
  /** The last sweep at the close was made. */
  swept: boolean;
  seen: string[];
  entrants: Entrant[];
};

export const REPLY_FIELDS = "id,text,timestamp,username,hide_status";
const MAX_PAGES = 200;

/** Graph timestamps are `2024-08-09T18:07:57+0000`: made ISO (Z) so they compare as text with ours. */
export function isoOf(timestamp: string): string {
  const t = Date.parse(timestamp.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(t) ? timestamp : new Date(t).toISOString();
}

/** Counts one reply into the entrants (false: already counted, the account's own, or outside the window). */
export function countReply(
  request: Pick<EntriesRequest, "provider" | "limit" | "window" | "account">,
  byHandle: Map<string, Entrant>,
  seen: Set<string>,
  reply: ThreadsReply,
): boolean {
  if (!reply.username || !reply.timestamp || seen.has(reply.id)) return false;
  if (reply.username.toLowerCase() === request.account?.screen_name.toLowerCase()) return false;
  const at = isoOf(reply.timestamp);
  if (request.window && (at < request.window.start || at > request.window.end)) return false;
  const handle = reply.username.toLowerCase();
  let e = byHandle.get(handle);
  if (!e) {
    if (byHandle.size >= request.limit) return false;
    e = threadsEntrant(request.provider, reply.username, at);
    byHandle.set(handle, e);
  }
  seen.add(reply.id);
  if (at < e.first_at) e.first_at = at;
  e.comments.push({ id: reply.id, text: reply.text ?? "", at });
  return true;
}

export async function loadPostEntries(
  api: GraphApi,
  request: EntriesRequest,
  postId: string,
  store: CheckpointStore<ThreadsCheckpoint>,
  /** The events the webhook stored for a media id. */
  pushed: (mediaId: string) => Promise<NetworkEvent[]>,
): Promise<EntriesLoad> {
  const resumed = await store.load(request.contest_id, request.source_id);
  const cp: ThreadsCheckpoint =
    resumed && resumed.post === postId
      ? resumed
      : {
          post: postId,
          media_id: await mediaIdOf(api, postId),
          after: null,
          swept: false,
          seen: [],
          entrants: [],
        };
  const seen = new Set(cp.seen);
  const byHandle = new Map(cp.entrants.map((e) => [e.external_id, e]));
  const acceptReplies =
    (request.source.actions as { comment?: { accept_replies?: unknown } } | undefined)?.comment
      ?.accept_replies !== false;
  const closing = request.window !== undefined && request.now.toISOString() >= request.window.end;
  const sweep = closing && !cp.swept;
  let after = sweep ? null : cp.after;
  const save = async () => {
    cp.seen = [...seen];
    cp.entrants = [...byHandle.values()];
    await store.save(request.contest_id, request.source_id, cp);
  };
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const list = await api.get<ThreadsList<ThreadsReply>>(
        `${cp.media_id}/${acceptReplies ? "conversation" : "replies"}`,
        { fields: REPLY_FIELDS, reverse: false, after: after ?? undefined },
      );
      for (const reply of list.data ?? []) countReply(request, byHandle, seen, reply);
      const next = list.paging?.cursors?.after;
      if (next && (list.data ?? []).length > 0) {
        after = next;
        // A sweep from the start keeps the cursor read before until it has read past it (to the end).
        if (!sweep) cp.after = next;
      }
      if (!list.paging?.next || !next || byHandle.size >= request.limit) break;
      await save();
    }
    if (sweep) {
      cp.swept = true;
      cp.after = after ?? cp.after;
    }
    mergePushed(request, byHandle, seen, await pushed(cp.media_id));
    await save();
  } catch (err) {
    await save();
    throw err;
  }
  const entrants = [...byHandle.values()].sort((a, b) => (a.first_at < b.first_at ? -1 : 1));
  return {
    entrants,
    lists: [{ action: "comment", listed: seen.size, total: null }],
    ...(cp.after ? { cursors: { comment: cp.after } } : {}),
  };
}

/** The webhook's events folded into what polling read: new replies counted once, removed ones taken out. */
function mergePushed(
  request: EntriesRequest,
  byHandle: Map<string, Entrant>,
  seen: Set<string>,
  events: readonly NetworkEvent[],
) {
  const { live, removed } = foldEvents(events);
  for (const e of live) {
    countReply(request, byHandle, seen, {
      id: e.id,
      username: e.entrant.screen_name ?? e.entrant.external_id,
      text: e.text ?? "",
      timestamp: e.at,
    });
  }
  if (removed.size === 0) return;
  for (const [handle, e] of byHandle) {
    e.comments = e.comments.filter((c) => !removed.has(c.id));
    if (e.comments.length === 0) byHandle.delete(handle);
  }
  for (const id of removed) seen.delete(id);
}

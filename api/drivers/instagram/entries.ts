/**
 * A post's entries: its comments (/{media-id}/comments, pages of 50) with their replies (asked in the same call,
 * `replies{...}`, the rest of a long thread from /{comment-id}/replies). Every comment is counted once by its id
 * (the webhook may have brought it already). The list has no time order to stop at, so a load reads it whole;
 * the checkpoint (per contest and source) keeps the entrants, the ids counted and, while a pass is under way, the
 * page cursor it goes on from: a load stopped by a rate limit resumes there. The close's last sweep is one more
 * load. Instagram lists no likers, sharers or followers: those are `unchecked` in the definition.
 */
import { type Entrant, entrantId } from "../../../engine/lifecycle/entrant";
import type { ProviderDefinition } from "../../catalog";
import { foldEvents } from "../../services/network-events";
import type { GraphApi } from "../shared/graph-api";
import type { CheckpointStore } from "../shared/stores";
import type { EntriesLoad, EntriesRequest, NetworkEvent } from "../types";
import type { Paged } from "./media";

export type IgComment = {
  id: string;
  text?: string;
  timestamp?: string;
  username?: string;
  from?: { id: string; username?: string };
  replies?: Paged<IgComment>;
};

export type InstagramCheckpoint = {
  media_id: string;
  /** The page a pass under way goes on from (null: none under way). */
  after: string | null;
  seen: string[];
  entrants: Entrant[];
};

const COMMENT_FIELDS = "id,text,timestamp,username,from";
const MAX_PAGES = 400;

export function entrantOf(
  provider: ProviderDefinition,
  who: { id: string; username: string | null },
  at: string,
): Entrant {
  const name = who.username ?? who.id;
  return {
    id: entrantId(provider.name, who.id),
    provider: provider.name,
    source_id: "",
    external_id: who.id,
    screen_name: name,
    name,
    profile_url: who.username ? `https://www.instagram.com/${who.username}/` : null,
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

/** Adds one comment to the entrants (once by id; before the window, or past the limit, not counted). */
export function countComment(
  provider: ProviderDefinition,
  state: { seen: Set<string>; byUser: Map<string, Entrant>; limit: number; windowStart: string | null },
  c: { id: string; from_id: string | null; username: string | null; text: string; at: string | null },
): boolean {
  if (!c.from_id || !c.at || state.seen.has(c.id)) return false;
  if (state.windowStart && c.at < state.windowStart) return false;
  let e = state.byUser.get(c.from_id);
  if (!e) {
    if (state.byUser.size >= state.limit) return false;
    e = entrantOf(provider, { id: c.from_id, username: c.username }, c.at);
    state.byUser.set(c.from_id, e);
  }
  state.seen.add(c.id);
  if (c.at < e.first_at) e.first_at = c.at;
  e.comments.push({ id: c.id, text: c.text, at: c.at });
  return true;
}

/** Drops removed comments, and the entrants left with none. */
function dropRemoved(state: { seen: Set<string>; byUser: Map<string, Entrant> }, removed: Set<string>) {
  for (const [id, e] of state.byUser) {
    e.comments = e.comments.filter((c) => !removed.has(c.id));
    if (e.comments.length === 0) state.byUser.delete(id);
    else e.first_at = e.comments.reduce((m, c) => (c.at < m ? c.at : m), e.comments[0]?.at ?? e.first_at);
  }
  for (const id of removed) state.seen.delete(id);
}

const asCounted = (c: IgComment) => ({
  id: c.id,
  from_id: c.from?.id ?? null,
  username: c.from?.username ?? c.username ?? null,
  text: c.text ?? "",
  at: c.timestamp ? new Date(c.timestamp).toISOString() : null,
});

export async function loadMediaEntries(
  api: GraphApi,
  request: EntriesRequest,
  mediaId: string,
  store: CheckpointStore<InstagramCheckpoint>,
  pushed: () => Promise<NetworkEvent[]> = async () => [],
): Promise<EntriesLoad> {
  const resumed = await store.load(request.contest_id, request.source_id);
  const cp: InstagramCheckpoint =
    resumed && resumed.media_id === mediaId
      ? resumed
      : { media_id: mediaId, after: null, seen: [], entrants: [] };
  const state = {
    seen: new Set(cp.seen),
    byUser: new Map(cp.entrants.map((e) => [e.external_id, e])),
    limit: request.limit,
    windowStart: request.window?.start ?? null,
  };
  const acceptReplies =
    (request.source.actions as { comment?: { accept_replies?: unknown } } | undefined)?.comment
      ?.accept_replies !== false;
  const save = async () => {
    cp.seen = [...state.seen];
    cp.entrants = [...state.byUser.values()];
    await store.save(request.contest_id, request.source_id, cp);
  };
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const list = await api.get<Paged<IgComment>>(`${mediaId}/comments`, {
        fields: acceptReplies ? `${COMMENT_FIELDS},replies{${COMMENT_FIELDS}}` : COMMENT_FIELDS,
        limit: 50,
        after: cp.after ?? undefined,
      });
      for (const c of list.data ?? []) {
        countComment(request.provider, state, asCounted(c));
        if (!acceptReplies) continue;
        for (const r of c.replies?.data ?? []) {
          countComment(request.provider, state, asCounted(r));
        }
        let after = c.replies?.paging?.next ? c.replies.paging.cursors?.after : undefined;
        for (let more = 0; after && more < 50; more++) {
          const replies = await api.get<Paged<IgComment>>(`${c.id}/replies`, {
            fields: COMMENT_FIELDS,
            limit: 50,
            after,
          });
          for (const r of replies.data ?? []) {
            countComment(request.provider, state, asCounted(r));
          }
          after = replies.paging?.next ? replies.paging.cursors?.after : undefined;
        }
      }
      const next = list.paging?.next ? (list.paging.cursors?.after ?? null) : null;
      cp.after = next;
      if (!next || state.byUser.size >= request.limit) break;
      await save();
    }
    cp.after = null;
    // What the webhook pushed, folded in the order it happened: a comment not listed yet counts (once, by its
    // id), a removed one is dropped even if a load counted it before.
    const { live, removed } = foldEvents(await pushed());
    for (const e of live) {
      if (e.action !== "comment") continue;
      countComment(request.provider, state, {
        id: e.id,
        from_id: e.entrant.external_id,
        username: e.entrant.screen_name,
        text: e.text ?? "",
        at: e.at,
      });
    }
    if (removed.size > 0) dropRemoved(state, removed);
    await save();
  } catch (err) {
    // What was read is kept with the page to go on from; the error says when to come back.
    await save();
    throw err;
  }
  const entrants = [...state.byUser.values()].sort((a, b) => (a.first_at < b.first_at ? -1 : 1));
  return { entrants, lists: [{ action: "comment", listed: state.seen.size, total: null }] };
}

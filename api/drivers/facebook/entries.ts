/**
 * A Page post's entries: its comments (`/{post}/comments?filter=stream&order=chronological`, every comment and
 * reply, oldest first, pages of 100) read incrementally from where the last load stopped (the `after` cursor of its
 * last page: a later load reads only what came after), and its reactions (`/{post}/reactions?type=…`, one list per
 * reaction, read whole each time: the network lists them undated, so each is dated by the load that first saw it),
 * merged with what the `feed` webhook pushed (network_events: a pushed comment is counted once with the polled one,
 * by its id; a pushed reaction is dated by the network's own time; a removal drops the comment).
 *
 * What a load read is kept per contest and source (FacebookCheckpoint), so a load stopped by a rate limit resumes
 * at its cursor, and the close's last sweep reads only what is new. The Page's own comments (its replies) are not
 * entries.
 */
import { REACTIONS } from "../../../engine/lifecycle/action-kinds/react";
import { type Entrant, entrantId } from "../../../engine/lifecycle/entrant";
import { foldEvents } from "../../services/network-events";
import type { CheckpointStore } from "../shared/stores";
import type { EntriesLoad, EntriesRequest, NetworkEvent } from "../types";
import type { GraphClient } from "./graph";

type GraphComment = {
  id: string;
  from?: { id?: string; name?: string };
  message?: string;
  created_time?: string;
};
type Paged<T> = {
  data?: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
  summary?: { total_count?: number };
};
type GraphReactor = { id: string; name?: string };

export type FacebookCheckpoint = {
  post_id: string;
  /** The comments' cursor after the last page read (null: from the start). */
  after: string | null;
  /** Comment ids counted (each once). */
  seen: string[];
  /** Entrants by their comments (reactions are read again every load and merged in). */
  entrants: Entrant[];
  /** When each reacting person was first seen, by id (reactions are undated). */
  reacted_first_seen: Record<string, string>;
  /** Private replies sent, by publication key: the message id (asked again, answered the same). */
  private_replies?: Record<string, string>;
};

/** The most pages one load reads per list (a contest's limit stops it sooner). */
const MAX_PAGES = 500;

export function emptyCheckpoint(postId: string): FacebookCheckpoint {
  return { post_id: postId, after: null, seen: [], entrants: [], reacted_first_seen: {} };
}

function entrantOf(request: EntriesRequest, person: string, name: string | null, at: string): Entrant {
  const provider = request.provider.name;
  return {
    id: entrantId(provider, person),
    provider,
    source_id: "",
    external_id: person,
    // Page-scoped people have no public handle: the name stands for it.
    screen_name: name ?? person,
    name: name ?? person,
    profile_url: `https://www.facebook.com/${person}`,
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

export type PostEntriesInput = {
  graph: GraphClient;
  /** The Page's token (reads as the Page) and the Page's id (its own comments are not entries). */
  token: string;
  page_id: string;
  post_id: string;
  request: EntriesRequest;
  store: CheckpointStore<FacebookCheckpoint>;
  /** The post's stored webhook events. */
  events: () => Promise<NetworkEvent[]>;
};

export async function loadPostEntries(i: PostEntriesInput): Promise<EntriesLoad> {
  const { request, graph, token } = i;
  const resumed = await i.store.load(request.contest_id, request.source_id);
  const cp = resumed && resumed.post_id === i.post_id ? resumed : emptyCheckpoint(i.post_id);
  const seen = new Set(cp.seen);
  const byPerson = new Map(cp.entrants.map((e) => [e.external_id, e]));
  const windowStart = request.window?.start ?? null;
  const now = request.now.toISOString();
  let total: number | null = null;
  const save = async () => {
    cp.seen = [...seen];
    cp.entrants = [...byPerson.values()];
    await i.store.save(request.contest_id, request.source_id, cp);
  };
  const addComment = (id: string, person: string, name: string | null, text: string, at: string) => {
    if (seen.has(id) || person === i.page_id) return;
    if (windowStart && at < windowStart) return;
    let e = byPerson.get(person);
    if (!e) {
      if (byPerson.size >= request.limit) return;
      e = entrantOf(request, person, name, at);
      byPerson.set(person, e);
    }
    seen.add(id);
    if (at < e.first_at) e.first_at = at;
    e.comments.push({ id, text, at });
  };

  try {
    for (let n = 0; n < MAX_PAGES && byPerson.size < request.limit; n++) {
      const page = await graph.get<Paged<GraphComment>>(
        "post comments",
        `${i.post_id}/comments`,
        {
          fields: "id,from,message,created_time",
          filter: "stream",
          order: "chronological",
          summary: "true",
          limit: 100,
          after: cp.after ?? undefined,
        },
        token,
      );
      total ??= page.summary?.total_count ?? null;
      for (const c of page.data ?? []) {
        const at = c.created_time ? new Date(c.created_time).toISOString() : null;
        if (!c.from?.id || !at) continue;
        addComment(c.id, c.from.id, c.from.name ?? null, c.message ?? "", at);
      }
      // An empty last page keeps the cursor it was asked with: the next load asks from there again.
      if ((page.data ?? []).length > 0 && page.paging?.cursors?.after) cp.after = page.paging.cursors.after;
      await save();
      if (!page.paging?.next) break;
    }
  } catch (err) {
    // What was read is kept with its cursor; the error says when to come back.
    await save();
    throw err;
  }

  // Reactions: who reacted how, now (undated; the first load that saw a person dates them).
  const reactions = new Map<string, { name: string | null; types: Set<string> }>();
  for (const type of REACTIONS) {
    let after: string | undefined;
    for (let n = 0; n < MAX_PAGES; n++) {
      const page = await graph.get<Paged<GraphReactor>>(
        "post reactions",
        `${i.post_id}/reactions`,
        { type: type.toUpperCase(), fields: "id,name", limit: 100, after },
        token,
      );
      for (const r of page.data ?? []) {
        const entry = reactions.get(r.id) ?? { name: r.name ?? null, types: new Set<string>() };
        entry.types.add(type);
        reactions.set(r.id, entry);
      }
      after = page.paging?.cursors?.after;
      if (!page.paging?.next || !after) break;
    }
  }

  // What the webhook pushed: comments not polled yet, reactions with their own time, removals.
  const { live, removed } = foldEvents(await i.events());
  const reactedAt = new Map<string, string>();
  for (const e of live) {
    if (e.action === "comment") addComment(e.id, e.entrant.external_id, e.entrant.name, e.text ?? "", e.at);
    if (e.action === "react" && e.text) {
      const person = e.entrant.external_id;
      const entry = reactions.get(person) ?? { name: e.entrant.name, types: new Set<string>() };
      entry.types.add(e.text);
      reactions.set(person, entry);
      reactedAt.set(person, e.at);
    }
  }
  for (const e of byPerson.values()) {
    e.comments = e.comments.filter((c) => !removed.has(c.id));
  }
  await save();

  // The list answered: commenters (with a comment left), and reacting people merged in.
  const out = new Map<string, Entrant>();
  for (const e of byPerson.values()) {
    if (e.comments.length === 0) continue;
    out.set(e.external_id, {
      ...e,
      first_at: e.comments.reduce((t, c) => (c.at < t ? c.at : t), e.comments[0]?.at ?? e.first_at),
    });
  }
  for (const [person, r] of reactions) {
    if (person === i.page_id) continue;
    const dated = reactedAt.get(person);
    cp.reacted_first_seen[person] ??= dated ?? now;
    const at = dated ?? cp.reacted_first_seen[person];
    if (windowStart && dated && dated < windowStart) continue;
    let e = out.get(person);
    if (!e) {
      if (out.size >= request.limit) continue;
      e = { ...entrantOf(request, person, r.name, at), ...(dated ? {} : { first_seen: true }) };
      out.set(person, e);
    }
    e.did = { ...e.did, reactions: [...r.types].sort() };
  }
  await i.store.save(request.contest_id, request.source_id, cp);
  const entrants = [...out.values()].sort((a, b) =>
    a.first_at < b.first_at ? -1 : a.first_at > b.first_at ? 1 : 0,
  );
  const comments = entrants.reduce((n, e) => n + e.comments.length, 0);
  return {
    entrants,
    lists: [
      { action: "comment", listed: comments, total },
      { action: "react", listed: [...reactions.keys()].filter((p) => p !== i.page_id).length, total: null },
    ],
    ...(cp.after ? { cursors: { comment: cp.after } } : {}),
  };
}

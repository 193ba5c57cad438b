/**
 * A Page's `feed` webhook delivery as events (Meta's Webhooks reference for Page, field feed): each change whose
 * item is a comment or a reaction on a post. Ids name the subject and what happened to it
 * (api/services/network-events.ts): a comment by its comment_id (`{id}`, `{id}/edited/{time}`, `{id}/remove`), a
 * reaction by post and person (`reaction:{post}:{person}`, `…/edited/{time}`, `…/remove`). Hidden and unhidden
 * comments, posts, shares and other items are not entries: they are left out. What is not the shape Meta
 * documents is skipped, never guessed.
 */
import type { NetworkEvent } from "../types";

type FeedValue = {
  item?: unknown;
  verb?: unknown;
  post_id?: unknown;
  comment_id?: unknown;
  created_time?: unknown;
  message?: unknown;
  reaction_type?: unknown;
  from?: { id?: unknown; name?: unknown };
};

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** created_time: Unix seconds (Meta's feed), or an ISO date. */
function timeOf(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return new Date(v * 1000).toISOString();
  if (typeof v === "string" && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString();
  return null;
}

function eventOf(value: FeedValue): NetworkEvent | null {
  const post = str(value.post_id);
  const person = str(value.from?.id);
  const at = timeOf(value.created_time);
  const verb = str(value.verb);
  if (!post || !person || !at || !verb) return null;
  const entrant = { external_id: person, screen_name: null, name: str(value.from?.name) };
  let subject: string;
  let action: string;
  let text: string | null;
  if (value.item === "comment") {
    const comment = str(value.comment_id);
    if (!comment) return null;
    subject = comment;
    action = "comment";
    text = typeof value.message === "string" ? value.message : "";
  } else if (value.item === "reaction") {
    subject = `reaction:${post}:${person}`;
    action = "react";
    text = str(value.reaction_type)?.toLowerCase() ?? "like";
  } else return null;
  if (verb === "add") return { id: subject, post_id: post, action, entrant, text, at };
  if (verb === "edited" || verb === "edit") {
    return { id: `${subject}/edited/${at}`, post_id: post, action, entrant, text, at };
  }
  if (verb === "remove")
    return { id: `${subject}/remove`, post_id: post, action: "remove", entrant, text: null, at };
  return null;
}

/** The events of one delivery (`object: page`, its entries' `feed` changes). */
export function facebookFeedEvents(body: unknown): NetworkEvent[] {
  const b = body as { object?: unknown; entry?: unknown };
  if (b?.object !== "page" || !Array.isArray(b.entry)) return [];
  const out: NetworkEvent[] = [];
  for (const entry of b.entry as { changes?: unknown }[]) {
    for (const change of Array.isArray(entry?.changes)
      ? (entry.changes as { field?: unknown; value?: unknown }[])
      : []) {
      if (change?.field !== "feed" || typeof change.value !== "object" || change.value === null) continue;
      const event = eventOf(change.value as FeedValue);
      if (event) out.push(event);
    }
  }
  return out;
}

/**
 * What one verified Threads webhook delivery means (the route api/routes/meta-webhooks.ts checks the signature
 * and stores each event once by id). Threads sends one object a delivery, its `values` one change (Meta's
 * reference, "Webhooks for Threads"):
 *
 *   { "app_id", "topic": "moderate", "target_id", "time", "subscription_id", "has_uid_field",
 *     "values": { "field": "replies", "value": { "id", "username", "text", "media_type", "permalink",
 *       "replied_to": { "id" }, "root_post": { "id", "owner_id", "username" }, "shortcode", "timestamp" } } }
 *
 * A `replies` change is a reply under one of the account's posts: one event, by the reply's id (the id polling
 * reads, so a reply pushed then polled counts once), on its root post (the contest's publication), its author
 * known by handle as polling knows them. Replies by the post's owner (the contest's own reminders) and other
 * fields (mentions, publish, delete) are not entries. A `values` list is read item by item.
 */
import type { NetworkEvent } from "../types";
import { isoOf } from "./entries";

type Reply = {
  id?: unknown;
  username?: unknown;
  text?: unknown;
  timestamp?: unknown;
  root_post?: { id?: unknown; username?: unknown };
};
type Change = { field?: unknown; value?: Reply };

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

function eventOf(change: Change): NetworkEvent | null {
  if (change.field !== "replies" || !change.value) return null;
  const v = change.value;
  const id = str(v.id);
  const username = str(v.username);
  const post = str(v.root_post?.id);
  const at = str(v.timestamp);
  if (!id || !username || !post || !at) return null;
  if (username.toLowerCase() === str(v.root_post?.username)?.toLowerCase()) return null;
  return {
    id,
    post_id: post,
    action: "comment",
    entrant: { external_id: username.toLowerCase(), screen_name: username, name: username },
    text: typeof v.text === "string" ? v.text : null,
    at: isoOf(at),
  };
}

export const threadsWebhook = {
  events(body: unknown): NetworkEvent[] {
    if (!body || typeof body !== "object") return [];
    const values = (body as { values?: unknown }).values;
    const changes = (Array.isArray(values) ? values : [values]) as Change[];
    return changes.flatMap((c) => (c && typeof c === "object" ? (eventOf(c) ?? []) : []));
  },
};

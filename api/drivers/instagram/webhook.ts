/**
 * Instagram's `comments` webhook (Meta's Webhooks for Instagram, object "instagram"): what one delivery means, for
 * the shared webhook route (GET|POST /api/v1/webhooks/:provider, which checks X-Hub-Signature-256 and stores each
 * event once by its id). A delivery batches entries (one per account) of changes; each `comments` change is one
 * comment (or reply: `parent_id`) on one media, by `from`. Anything else (mentions, other fields, a change without
 * its comment id, media or author) is not an entry and is left out. The comment id is the event's id, the same one
 * the polling reads, so a comment pushed and then swept counts once.
 */
import type { NetworkEvent } from "../types";

type Change = {
  field?: unknown;
  value?: {
    id?: unknown;
    text?: unknown;
    parent_id?: unknown;
    from?: { id?: unknown; username?: unknown };
    media?: { id?: unknown };
  };
};
type Delivery = { object?: unknown; entry?: { id?: unknown; time?: unknown; changes?: Change[] }[] };

const str = (v: unknown): string | null =>
  typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : null;

/** The comments of one verified delivery, in the order Meta sent them. */
export function instagramWebhookEvents(body: unknown): NetworkEvent[] {
  const delivery = (body ?? {}) as Delivery;
  if (delivery.object !== "instagram" || !Array.isArray(delivery.entry)) return [];
  const events: NetworkEvent[] = [];
  for (const entry of delivery.entry) {
    // Meta's `time` is in seconds (some deliveries: milliseconds); a delivery without it is dated now.
    const time = typeof entry?.time === "number" ? entry.time : Number.NaN;
    const at = Number.isFinite(time)
      ? new Date(time > 1e12 ? time : time * 1000).toISOString()
      : new Date().toISOString();
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      if (change?.field !== "comments") continue;
      const v = change.value ?? {};
      const id = str(v.id);
      const post = str(v.media?.id);
      const from = str(v.from?.id);
      if (!id || !post || !from) continue;
      events.push({
        id,
        post_id: post,
        action: "comment",
        entrant: { external_id: from, screen_name: str(v.from?.username), name: null },
        text: typeof v.text === "string" ? v.text : null,
        at,
      });
    }
  }
  return events;
}

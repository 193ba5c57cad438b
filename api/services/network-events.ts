/**
 * Events a network pushed (Meta's webhooks: api/routes/meta-webhooks.ts), stored once each and turned into entries
 * as they arrive, the way api/services/live-entries.ts does for the Bluesky stream: the running real contests whose
 * source reads the event's post have their next load brought forward to now, and that load (the driver reading
 * the stored events with what it polls, foldEvents) is what dates, checks and counts the entry, then pushes the
 * contest page's count through the realtime socket. An entry is counted once whichever way it came: by its
 * comment's id.
 *
 * An event's id names its subject and, after a `/`, what happened to it (`{comment id}`, `{comment id}/remove`):
 * the same delivery twice is stored once, and the subject's events are applied in the order they happened (their
 * `at`), not the order they arrived.
 */
import { and, asc, eq } from "drizzle-orm";
import { isPlainObject } from "../../engine/values";
import type { Db } from "../db/client";
import { jsonText } from "../db/json-sql";
import { contests, networkEvents } from "../db/tables";
import type { NetworkEvent } from "../drivers/types";
import type { Logger } from "../logger";
import { loadNow } from "./live-entries";

type Deps = { db: Db; clock: () => Date };

/** Stores the events not stored before (by provider and id); answers those that are new. */
export async function storeNetworkEvents(
  deps: Deps,
  provider: string,
  events: readonly NetworkEvent[],
): Promise<NetworkEvent[]> {
  const fresh: NetworkEvent[] = [];
  const receivedAt = deps.clock().toISOString();
  for (const e of events) {
    const done = await deps.db
      .insert(networkEvents)
      .values({
        provider,
        id: e.id,
        postId: e.post_id,
        action: e.action,
        entrant: e.entrant,
        text: e.text,
        at: e.at,
        receivedAt,
      })
      .onConflictDoNothing()
      .returning({ id: networkEvents.id });
    if (done.length === 1) fresh.push(e);
  }
  return fresh;
}

/** The running real contests with a source of this network reading one of these posts. */
export async function contestsReading(
  db: Db,
  provider: string,
  postIds: readonly string[],
): Promise<string[]> {
  if (postIds.length === 0) return [];
  const wanted = new Set(postIds);
  const rows = await db
    .select({ id: contests.id, sources: contests.sources })
    .from(contests)
    .where(and(eq(contests.status, "started"), eq(contests.sandbox, false)));
  return rows
    .filter((row) =>
      (Array.isArray(row.sources) ? row.sources : []).some(
        (s) =>
          isPlainObject(s) &&
          s.provider === provider &&
          typeof s.post_id === "string" &&
          wanted.has(s.post_id),
      ),
    )
    .map((row) => row.id);
}

/** Stores a delivery's events and brings forward the loads of the contests they concern; answers the counts. */
export async function receiveNetworkEvents(
  deps: Deps & { logger: Logger },
  provider: string,
  events: readonly NetworkEvent[],
): Promise<{ received: number; stored: number; contests: number }> {
  const fresh = await storeNetworkEvents(deps, provider, events);
  const ids = await contestsReading(deps.db, provider, [...new Set(fresh.map((e) => e.post_id))]);
  await loadNow(deps, ids);
  return { received: events.length, stored: fresh.length, contests: ids.length };
}

/** Every stored event of a post, in the order they happened. */
export async function eventsOfPost(db: Db, provider: string, postId: string): Promise<NetworkEvent[]> {
  const rows = await db
    .select()
    .from(networkEvents)
    .where(and(eq(networkEvents.provider, provider), eq(networkEvents.postId, postId)))
    .orderBy(asc(networkEvents.at), asc(networkEvents.id));
  return rows.map((r) => ({
    id: r.id,
    post_id: r.postId,
    action: r.action,
    entrant: r.entrant,
    text: r.text,
    at: r.at,
  }));
}

/** The subject an event's id names (before its `/`). */
export function subjectOf(eventId: string): string {
  const slash = eventId.indexOf("/");
  return slash < 0 ? eventId : eventId.slice(0, slash);
}

/**
 * What a post's events leave, by subject: each subject's events applied in the order they happened (a removal
 * after its comment removes it, an edit replaces the text, a removal delivered before the comment still wins when
 * it happened later). `live`: the subjects still there, each with its first time and last text; `removed`: the
 * subjects whose last event is a removal (a load drops them even when it polled them earlier).
 */
export function foldEvents(events: readonly NetworkEvent[]): { live: NetworkEvent[]; removed: Set<string> } {
  const sorted = [...events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const live = new Map<string, NetworkEvent>();
  const removed = new Set<string>();
  for (const e of sorted) {
    const subject = subjectOf(e.id);
    if (e.action === "remove") {
      live.delete(subject);
      removed.add(subject);
      continue;
    }
    removed.delete(subject);
    const before = live.get(subject);
    live.set(subject, before ? { ...before, text: e.text ?? before.text } : { ...e, id: subject });
  }
  return { live: [...live.values()], removed };
}

/** Deletes what a network's user did (Meta's data deletion), by their id on it; answers how many events. */
export async function forgetEventsOf(db: Db, provider: string, externalId: string): Promise<number> {
  const gone = await db
    .delete(networkEvents)
    .where(
      and(
        eq(networkEvents.provider, provider),
        eq(jsonText(networkEvents.entrant, ["external_id"]), externalId),
      ),
    )
    .returning({ id: networkEvents.id });
  return gone.length;
}

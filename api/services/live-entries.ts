/**
 * Entries as they happen (issue 25): the Bluesky event stream (api/drivers/bluesky/stream.ts) watched for the
 * running real contests' posts (likes, reposts, replies, quotes) and for follows of their authors. A touch brings
 * the contest's next load forward to now and wakes the scheduler, so the entry is read (and the contest page's
 * count moves, through the load's realtime push) seconds after the action instead of at the next periodic load.
 * The periodic loads stay as they are: they are the reconciliation, and what dates and checks every entry.
 *
 * What is watched is read from the database every WATCH_REFRESH_MS: contests started, real (not sandbox), with a
 * Bluesky source whose post is known by at:// URI. Partners to follow are named by handle in the form and not
 * watched here: their follows arrive with the loads.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import { isPlainObject } from "../../engine/values";
import type { Db } from "../db/client";
import { contests, jobs } from "../db/tables";
import { subscribeStream, type Touch } from "../drivers/bluesky/stream";
import type { Logger } from "../logger";

export const WATCH_REFRESH_MS = 10_000;

type Deps = { db: Db; clock: () => Date; logger: Logger };

/** Post URIs and followed DIDs of the running real Bluesky contests, each with its contests. */
export async function watchedSubjects(db: Db): Promise<Map<string, Set<string>>> {
  const rows = await db
    .select({ id: contests.id, sources: contests.sources })
    .from(contests)
    .where(and(eq(contests.status, "started"), eq(contests.sandbox, false)));
  const watched = new Map<string, Set<string>>();
  const add = (subject: string, id: string) => {
    const set = watched.get(subject) ?? new Set<string>();
    set.add(id);
    watched.set(subject, set);
  };
  for (const row of rows) {
    for (const source of Array.isArray(row.sources) ? row.sources : []) {
      if (!isPlainObject(source) || source.provider !== "bluesky") continue;
      const postId = source.post_id;
      if (typeof postId !== "string" || !postId.startsWith("at://")) continue;
      add(postId, row.id);
      // The author's followers: the publishing account to follow.
      add(postId.slice("at://".length).split("/")[0] as string, row.id);
    }
  }
  return watched;
}

/** Brings the pending load of these contests forward to now; answers how many were moved. */
export async function loadNow(deps: Deps, contestIds: string[]): Promise<number> {
  if (contestIds.length === 0) return 0;
  const now = deps.clock().toISOString();
  const moved = await deps.db
    .update(jobs)
    .set({ dueAt: now })
    .where(
      and(
        inArray(jobs.contestId, contestIds),
        eq(jobs.kind, "load"),
        eq(jobs.status, "pending"),
        gt(jobs.dueAt, now),
      ),
    )
    .returning({ id: jobs.id });
  return moved.length;
}

export type LiveEntries = { stop: () => Promise<void>; touches: () => number };

/** Starts watching the stream at `url`; `wake` runs the scheduler now (api/scheduler/ticker.ts). */
export function startLiveEntries(deps: Deps, url: string, wake: () => void): LiveEntries {
  let watched = new Map<string, Set<string>>();
  let seen = 0;
  const refresh = async () => {
    try {
      watched = await watchedSubjects(deps.db);
    } catch (err) {
      deps.logger.warn({ err }, "live entries: reading the watched contests failed");
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh(), WATCH_REFRESH_MS);
  timer.unref();
  const onTouch = (touch: Touch) => {
    const ids = watched.get(touch.subject);
    if (!ids) return;
    seen++;
    loadNow(deps, [...ids]).then(
      (moved) => {
        if (moved > 0) wake();
      },
      (err: unknown) => deps.logger.warn({ err }, "live entries: moving a load forward failed"),
    );
  };
  const stopStream = subscribeStream({
    url,
    onTouch,
    onError: (err) => deps.logger.warn({ err: err.message }, "live entries: stream error"),
  });
  return {
    touches: () => seen,
    stop: async () => {
      clearInterval(timer);
      await stopStream();
    },
  };
}

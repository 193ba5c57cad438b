/**
 * A big close with winning moments (issue 16, "Big contests"): the close writes every entry it read and schedules
 * the won and lost replies as moment_replies jobs, MOMENT_REPLIES_BATCH load positions each, which the next ticks
 * send: each listed entry answered exactly once, also when the network fails half-way through a job.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contests, jobs } from "../../../api/db/tables";
import { sandboxDriver } from "../../../api/drivers/sandbox";
import { MOMENT_REPLIES_BATCH } from "../../../api/scheduler/jobs";
import { findCommitment } from "../../../api/services/commitments";
import { momentReplyEntrants } from "../../../api/services/entrants";
import { PUBLISH_BATCH } from "../../../api/services/publications";
import {
  buildWorld,
  contestRow,
  createContest,
  HOUR,
  iso,
  jobsOf,
  MIN,
  publicationsOf,
  T0,
  twitterForm,
  type World,
  withMoments,
} from "./helpers";

let w: World;
afterEach(async () => {
  vi.restoreAllMocks();
  await w.t.cleanup();
});

/** Past one job's share: the replies take two jobs. */
const ENTRANTS = MOMENT_REPLIES_BATCH + 200;

/** A started twitter contest with three winning moments and ENTRANTS sandbox entrants, not closed yet. */
async function startedContest() {
  w = await buildWorld();
  const form = twitterForm(w.t, T0, { autodraw: false, nbWinners: 3 });
  const moments = [1, 2, 3].map((i) => iso(form.startAt + i * 5 * HOUR));
  const id = await createContest(w, withMoments(form, moments));
  const row = await contestRow(w, id);
  await w.t.db
    .update(contests)
    .set({ meta: { ...(row.meta ?? {}), sandbox_entrants: ENTRANTS } })
    .where(eq(contests.id, id));
  await w.tickAt(form.startAt);
  return { id, form };
}

/**
 * The accounts the replies answer (those with a valid entry, and the moments' winners, whose other entries are
 * listed too: one reply an account), and the winners.
 */
async function listed(id: string) {
  const results = (await findCommitment(w.t.db, id))?.momentsResult ?? {};
  const winners = Object.values(results).flatMap((list) =>
    (list as { winner: string | null }[]).flatMap((r) => (r.winner ? [r.winner] : [])),
  );
  const entries = await momentReplyEntrants(w.t.db, id, winners);
  return { ids: [...new Set(entries.map((e) => e.id))].sort(), winners };
}

describe("the winning moments' replies of a big close", { timeout: 120_000 }, () => {
  it("writes every entry at the close, then answers each listed entry once, in jobs of a bounded share", async () => {
    const { id, form } = await startedContest();
    const close = await w.tickAt(form.closeAt);
    expect(close.runs.find((r) => r.kind === "close")?.result).toEqual({ entries: ENTRANTS });
    expect((await contestRow(w, id)).entriesCount).toBe(ENTRANTS);
    // The close sent nothing itself: it scheduled a job per MOMENT_REPLIES_BATCH positions.
    expect((await publicationsOf(w, id)).filter((p) => p.kind.startsWith("winning_moment_"))).toEqual([]);
    const scheduled = (await jobsOf(w, id)).filter((j) => j.kind === "moment_replies");
    expect(scheduled.map((j) => [j.key, j.status]).sort()).toEqual([
      ["0", "pending"],
      [String(MOMENT_REPLIES_BATCH), "pending"],
    ]);

    const replies = await w.tickAt(form.closeAt);
    const runs = replies.runs.filter((r) => r.kind === "moment_replies");
    expect(runs.map((r) => r.outcome)).toEqual(["done", "done"]);
    const { ids, winners } = await listed(id);
    expect(winners.length).toBe(3);
    expect(ids.length).toBeGreaterThan(MOMENT_REPLIES_BATCH / 2);
    const sent = (await publicationsOf(w, id)).filter((p) => p.kind.startsWith("winning_moment_"));
    // One reply per listed account, under its id: won for the moments' winners, lost for the others.
    expect(sent.map((p) => p.key).sort()).toEqual(ids);
    expect(sent.every((p) => p.status === "published")).toBe(true);
    expect(
      sent
        .filter((p) => p.kind === "winning_moment_won")
        .map((p) => p.key)
        .sort(),
    ).toEqual([...winners].sort());

    // The jobs run again (a process that stopped before marking them done): the network is asked nothing.
    const replyMany = vi.spyOn(sandboxDriver, "replyMany");
    await w.t.db
      .update(jobs)
      .set({ status: "pending", doneAt: null })
      .where(and(eq(jobs.contestId, id), eq(jobs.kind, "moment_replies")));
    const again = await w.tickAt(form.closeAt + MIN);
    expect(again.runs.filter((r) => r.kind === "moment_replies").map((r) => r.outcome)).toEqual([
      "done",
      "done",
    ]);
    expect(replyMany).not.toHaveBeenCalled();
    expect((await publicationsOf(w, id)).filter((p) => p.kind.startsWith("winning_moment_"))).toEqual(sent);
  });

  it("sends each reply exactly once when the network fails half-way through a job and it runs again", async () => {
    const { id, form } = await startedContest();
    await w.tickAt(form.closeAt);

    // The network answers the first batch of replies, then fails: the job is retried later.
    const asked: string[] = [];
    const replyMany = sandboxDriver.replyMany?.bind(sandboxDriver);
    if (!replyMany) throw new Error("the sandbox answers batches");
    let calls = 0;
    vi.spyOn(sandboxDriver, "replyMany").mockImplementation(async (requests) => {
      calls++;
      if (calls === 2) throw new Error("the network is down");
      asked.push(...requests.map((r) => `${r.kind}:${r.key}`));
      return replyMany(requests);
    });
    const failed = await w.tickAt(form.closeAt);
    const runs = failed.runs.filter((r) => r.kind === "moment_replies");
    expect(runs.map((r) => r.outcome).sort()).toEqual(["done", "retry"]);
    const half = (await publicationsOf(w, id)).filter((p) => p.kind.startsWith("winning_moment_"));
    expect(half.filter((p) => p.status === "published").length).toBe(asked.length);
    expect(half.some((p) => p.status === "publishing")).toBe(true);
    expect(asked.length).toBeGreaterThanOrEqual(PUBLISH_BATCH);

    // The retry (after its backoff) asks only for what was not published.
    const retried = await w.tickAt(form.closeAt + HOUR);
    expect(retried.runs.filter((r) => r.kind === "moment_replies").map((r) => r.outcome)).toEqual(["done"]);
    const { ids } = await listed(id);
    const sent = (await publicationsOf(w, id)).filter((p) => p.kind.startsWith("winning_moment_"));
    expect(sent.map((p) => p.key).sort()).toEqual(ids);
    expect(sent.every((p) => p.status === "published")).toBe(true);
    // Every reply was asked of the network exactly once (the failed call answered none).
    expect(asked.length).toBe(ids.length);
    expect(new Set(asked).size).toBe(asked.length);
  });
});

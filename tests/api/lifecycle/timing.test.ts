import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { contests, entrants } from "../../../api/db/tables";
import { SCHEDULER_TICK_MS } from "../../../api/scheduler";
import {
  buildWorld,
  createContest,
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
afterEach(() => w.t.cleanup());

type Verify = { winning_moments: { results: { moment: string; winner: string | null }[] | null }[] };

/** A twitter rehearsal starting 5 minutes from now, 10 minutes long, with two winning moments inside it. */
async function shortRehearsal() {
  const form = twitterForm(w.t, T0, { autodraw: false });
  const startAt = T0 + 5 * MIN;
  const closeAt = startAt + 10 * MIN;
  Object.assign(form.base, {
    start_date: iso(startAt),
    original_start_date: iso(startAt),
    close_date: iso(closeAt),
  });
  const source = form.sources[0] as { reminders: Record<string, unknown> };
  source.reminders.enabled = false;
  source.reminders.list = [];
  const moments = [iso(startAt + 3 * MIN), iso(startAt + 6 * MIN)];
  const id = await createContest(w, withMoments({ ...form, startAt, closeAt }, moments));
  return { id, startAt, closeAt, moments };
}

describe("a sandbox contest as it runs", { timeout: 60_000 }, () => {
  it("gets its entries within its own window, loaded while it runs, and sends a won reply before the close", async () => {
    w = await buildWorld();
    const { id, startAt, closeAt } = await shortRehearsal();

    // The scheduler ticks every SCHEDULER_TICK_MS on the test's clock, from now until a minute after the close.
    const seen: { at: number; entries: number }[] = [];
    for (let at = T0; at <= closeAt + MIN; at += SCHEDULER_TICK_MS) {
      await w.tickAt(at);
      const row = await first(w.t.db.select().from(contests).where(eq(contests.id, id)));
      seen.push({ at, entries: row?.entriesCount ?? 0 });
    }

    // Entries came in while it ran, growing, not all at once at the close.
    const during = seen.filter((s) => s.at < closeAt).map((s) => s.entries);
    expect(Math.max(...during)).toBeGreaterThan(0);
    const final = seen[seen.length - 1]?.entries ?? 0;
    expect(final).toBeGreaterThan(Math.min(...during.filter((n) => n > 0)));
    for (let i = 1; i < during.length; i++) expect(during[i]).toBeGreaterThanOrEqual(during[i - 1] ?? 0);
    expect(
      (await jobsOf(w, id)).filter((j) => j.kind === "load" && j.status === "done").length,
    ).toBeGreaterThan(3);

    // Every entry and comment lies within the contest's window, most in its first half.
    const rows = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(rows.length).toBe(final);
    const times = rows.flatMap((r) => [r.firstAt, ...r.comments.map((c) => c.at)]).map((t) => Date.parse(t));
    for (const time of times) {
      expect(time).toBeGreaterThanOrEqual(startAt);
      expect(time).toBeLessThan(closeAt);
    }
    const firstHalf = rows.filter((r) => Date.parse(r.firstAt) < startAt + 5 * MIN).length;
    expect(firstHalf).toBeGreaterThan(rows.length / 2);
    expect(rows.some((r) => Date.parse(r.firstAt) >= startAt + 5 * MIN)).toBe(true);

    // At least one moment was won, and its won reply went out while the contest ran.
    const res = await w.t.app.request(`/api/v1/verify/${id}`);
    const results = ((await res.json()) as Verify).winning_moments[0]?.results ?? [];
    const winners = results.flatMap((r) => (r.winner ? [r.winner] : []));
    expect(winners.length).toBeGreaterThan(0);
    const won = (await publicationsOf(w, id)).filter((p) => p.kind === "winning_moment_won");
    expect(won.map((p) => p.key).sort()).toEqual([...winners].sort());
    const early = won.filter((p) => p.publishedAt !== null && Date.parse(p.publishedAt) < closeAt);
    expect(early.length).toBeGreaterThan(0);
    // Each once: the close answered the same posts.
    expect(new Set(won.map((p) => p.key)).size).toBe(won.length);
  });

  it("reads the same entries at two times as one list growing: nothing read earlier changes or disappears", async () => {
    w = await buildWorld();
    const { id, startAt } = await shortRehearsal();
    await w.tickAt(startAt);
    const read = (at: number) => {
      w.setNow(at);
      return w
        .tickAt(at)
        .then(async () =>
          (await w.t.db.select().from(entrants).where(eq(entrants.contestId, id))).map(
            (r) => `${r.id}@${r.firstAt}`,
          ),
        );
    };
    const early = await read(startAt + 2 * MIN);
    const later = await read(startAt + 8 * MIN);
    expect(early.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(early.length);
    for (const e of early) expect(later).toContain(e);
  });
});

import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contests, entrants, jobs } from "../../../api/db/schema";
import { seedDemo } from "../../../api/db/seed";
import { runDueJobs } from "../../../api/scheduler";
import { drawWinners, seedCommitment } from "../../../engine/lifecycle";
import { createTestApp, type TestApp } from "../../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

const NOW = Date.parse("2030-05-01T12:00:00.000Z");

describe("the demo seed's contests", { timeout: 30_000 }, () => {
  it("has entrants in the closed contest and a final draw of the ended one that /verify lets anyone check", async () => {
    t = createTestApp({ clock: () => new Date(NOW) });
    expect(seedDemo(t.db, t.deps.clock)).toEqual({ seeded: true });
    const byStatus = (status: string) => {
      const row = t.db.select().from(contests).where(eq(contests.status, status)).get();
      if (!row) throw new Error(`no ${status} contest`);
      return row;
    };
    const closed = byStatus("closed");
    const loaded = t.db.select().from(entrants).where(eq(entrants.contestId, closed.id)).all();
    expect(loaded.length).toBeGreaterThan(50);
    expect(closed.entriesCount).toBe(loaded.length);
    expect(closed.funnel).toMatchObject({ total: loaded.length });

    const ended = byStatus("ended");
    const res = await t.app.request(`/api/v1/verify/${ended.id}`);
    expect(res.status).toBe(200);
    const v = await res.json();
    expect(v.name).toBe("New year contest");
    expect(seedCommitment(v.seed)).toBe(v.seed_commitment);
    const again = drawWinners({
      seed: v.seed,
      entrantIds: v.entrants,
      winners: v.winners_count,
      substitutes: v.substitutes_count,
      kind: "final",
    });
    expect(again.winners).toEqual(v.winners);
    expect(v.winners).toHaveLength(2);

    // The planned and started contests are picked up by the scheduler's first tick.
    await runDueJobs(t.deps);
    for (const status of ["planned", "started"]) {
      const row = byStatus(status);
      expect(
        t.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.contestId, row.id), eq(jobs.kind, "close")))
          .get(),
      ).toBeDefined();
    }
  });
});

import { and, eq, isNotNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { seedDemo } from "../../../api/db/seed";
import { INSTANT_WIN_CONTEST } from "../../../api/db/seed-lifecycle";
import { accounts, contests, drawCommitments, entrants, jobs, teams } from "../../../api/db/tables";
import { runDueJobs } from "../../../api/scheduler";
import {
  drawWinners,
  momentsCommitment,
  resolveWinningMoments,
  seedCommitment,
} from "../../../engine/lifecycle";
import { isValidHandle } from "../../../engine/text/handle";
import { createTestApp, type TestApp } from "../../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

const NOW = Date.parse("2030-05-01T12:00:00.000Z");

type Verify = {
  name: string;
  status: string;
  seed: string;
  seed_commitment: string;
  entrants: string[];
  winners: string[];
  substitutes: string[];
  winners_count: number;
  substitutes_count: number;
  winning_moments: {
    source_id: string;
    commitment: string;
    moments: string[] | null;
    salt: string | null;
    entries: { id: string; at: string }[] | null;
    results: { moment: string; winner: string | null; entered_at: string | null }[] | null;
  }[];
};

async function seeded(): Promise<TestApp> {
  const app = await createTestApp({ clock: () => new Date(NOW) });
  expect(await seedDemo(app.db, app.deps.clock)).toEqual({ seeded: true });
  return app;
}

async function contestNamed(name: string) {
  const row = await first(t.db.select().from(contests).where(eq(contests.name, name)));
  if (!row) throw new Error(`no contest ${name}`);
  return row;
}

/** The verify API as anyone calls it: no cookie, no CSRF token. */
async function verify(id: string): Promise<Verify> {
  const res = await t.app.request(`/api/v1/verify/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Verify;
}

/** The final draw again from what /verify publishes, as its page does. */
function redraw(v: Verify) {
  return drawWinners({
    seed: v.seed,
    entrantIds: v.entrants,
    winners: v.winners_count,
    substitutes: v.substitutes_count,
    kind: "final",
  });
}

describe("the demo seed's contests", { timeout: 30_000 }, () => {
  it("links the demo team's accounts under handles each network's rule accepts", async () => {
    t = await seeded();
    const linked = await t.db.select().from(accounts).where(isNotNull(accounts.teamId));
    expect(linked.length).toBeGreaterThanOrEqual(7);
    for (const account of linked) {
      const rule = t.deps.catalog.providers.get(account.provider)?.handle;
      if (!rule) throw new Error(`no handle rule for ${account.provider}`);
      expect(isValidHandle(rule, account.screenName), `${account.provider} ${account.screenName}`).toBe(true);
    }
  });

  it("dates every contest coherently: made before it starts, started before it closes, after its team was founded", async () => {
    t = await seeded();
    const rows = await t.db.select().from(contests);
    const [team] = await t.db.select().from(teams).where(eq(teams.name, "Fairdraw Demo"));
    expect(rows.length).toBeGreaterThan(1);
    for (const c of rows) {
      const made = Date.parse(c.createdAt);
      expect(made, c.name).toBeLessThanOrEqual(NOW);
      expect(made, c.name).toBeGreaterThanOrEqual(Date.parse(team?.createdAt ?? ""));
      if (c.startAt === null) continue;
      expect(made, c.name).toBeLessThanOrEqual(Date.parse(c.startAt));
      expect(Date.parse(c.startAt), c.name).toBeLessThanOrEqual(Date.parse(c.closeAt ?? ""));
    }
    // Its accounts were linked before the contests that publish with them started.
    const linked = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.teamId, team?.id ?? ""));
    const firstStart = Math.min(...rows.flatMap((c) => (c.startAt ? [Date.parse(c.startAt)] : [])));
    for (const a of linked) expect(Date.parse(a.linkedAt)).toBeLessThan(firstStart);
  });

  it("has entrants in the closed contest and a final draw of the ended one that /verify lets anyone check", async () => {
    t = await seeded();
    const byStatus = async (status: string) => {
      const row = await first(t.db.select().from(contests).where(eq(contests.status, status)));
      if (!row) throw new Error(`no ${status} contest`);
      return row;
    };
    const closed = await byStatus("closed");
    const loaded = await t.db.select().from(entrants).where(eq(entrants.contestId, closed.id));
    expect(loaded.length).toBeGreaterThan(50);
    expect(closed.entriesCount).toBe(loaded.length);
    expect(closed.funnel).toMatchObject({ total: loaded.length });

    const ended = await contestNamed("New year contest");
    expect(ended.status).toBe("ended");
    const v = await verify(ended.id);
    expect(v.name).toBe("New year contest");
    expect(seedCommitment(v.seed)).toBe(v.seed_commitment);
    expect(redraw(v).winners).toEqual(v.winners);
    expect(v.winners).toHaveLength(2);
    expect(v.winning_moments).toEqual([]);

    // The planned and started contests are picked up by the scheduler's first tick.
    await runDueJobs(t.deps);
    for (const status of ["planned", "started"]) {
      const row = await byStatus(status);
      expect(
        await first(
          t.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.contestId, row.id), eq(jobs.kind, "close"))),
        ),
      ).toBeDefined();
    }
  });

  it("has an ended contest whose winning moments, committed before its start, /verify reveals with their winners", async () => {
    t = await seeded();
    const row = await contestNamed(INSTANT_WIN_CONTEST);
    expect(row.status).toBe("ended");
    const v = await verify(row.id);
    expect(v.winning_moments).toHaveLength(1);
    const [m] = v.winning_moments;
    if (!m?.moments || !m.salt || !m.entries || !m.results) throw new Error("the moments were not revealed");

    // The moments are the form's, inside the contest's window, committed while it was planned.
    const forms = row.cbData?.sources as { winning_moments: { list: { date: string }[] } }[] | undefined;
    expect(m.moments).toEqual(forms?.[0]?.winning_moments.list.map((x) => x.date));
    const [start, close] = [Date.parse(row.startAt ?? ""), Date.parse(row.closeAt ?? "")];
    for (const moment of m.moments) {
      expect(Date.parse(moment)).toBeGreaterThan(start);
      expect(Date.parse(moment)).toBeLessThan(close);
    }
    const commitment = await first(
      t.db.select().from(drawCommitments).where(eq(drawCommitments.contestId, row.id)),
    );
    expect(Date.parse(commitment?.committedAt ?? "")).toBeLessThan(start);
    expect(commitment?.momentsRevealedAt).toBe(row.closedAt);
    expect(momentsCommitment(m.moments, m.salt)).toBe(m.commitment);

    // Resolved over the source's valid entries: two moments won, the last one (after the last entry) by nobody.
    const valid = await t.db
      .select()
      .from(entrants)
      .where(and(eq(entrants.contestId, row.id), eq(entrants.valid, true)))
      .orderBy(entrants.position);
    expect(m.entries.map((e) => e.id)).toEqual(valid.map((e) => e.id));
    const again = resolveWinningMoments(
      m.moments,
      m.entries.map((e) => ({ ...e, valid: true })),
    );
    expect(m.results.map((r) => [r.moment, r.winner])).toEqual(again.map((r) => [r.moment, r.winner]));
    const momentWinners = m.results.flatMap((r) => (r.winner ? [r.winner] : []));
    expect(momentWinners).toHaveLength(2);
    expect(m.results[2]).toMatchObject({ winner: null, entered_at: null });

    // The final draw leaves the moments' winners out and draws the third winner among the others.
    expect(seedCommitment(v.seed)).toBe(v.seed_commitment);
    expect(v.winners_count).toBe(1);
    expect(redraw(v).winners).toEqual(v.winners);
    expect(v.winners).toHaveLength(1);
    for (const id of momentWinners) {
      expect(v.entrants).not.toContain(id);
      expect([...v.winners, ...v.substitutes]).not.toContain(id);
    }
  });
});

import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { entrants } from "../../../api/db/tables";
import { transaction } from "../../../api/db/transaction";
import { commitContest } from "../../../api/services/commitments";
import { momentsCommitment, resolveWinningMoments } from "../../../engine/lifecycle";
import { recheckMoments } from "../../../web/src/lifecycle/verify-moments";
import { listOf } from "../../helpers/published-lists";
import {
  buildWorld,
  contestRow,
  createContest,
  HOUR,
  iso,
  T0,
  twitterForm,
  type World,
  withMoments,
} from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

type Moments = {
  source_id: string;
  commitment: string;
  revealed_at: string | null;
  moments: string[] | null;
  salt: string | null;
  entries: { id: string; at: string }[] | null;
  entries_count: number | null;
  entries_pages: number | null;
  entries_hash: string | null;
  results:
    | {
        moment: string;
        winner: string | null;
        screen_name: string | null;
        name: string | null;
        url: string | null;
        entered_at: string | null;
        rejected: boolean;
      }[]
    | null;
};

/** The verify API as anyone calls it: no cookie, no CSRF token. */
async function momentsOf(id: string): Promise<Moments[]> {
  const res = await w.t.app.request(`/api/v1/verify/${encodeURIComponent(id)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { winning_moments: Moments[] }).winning_moments;
}

/** A twitter contest with winning moments: two while entries come in, one after the last entry can come. */
async function momentsContest() {
  const form = twitterForm(w.t, T0, { nbWinners: 3 });
  const moments = [iso(form.startAt + 2 * HOUR), iso(form.closeAt - 30 * HOUR), iso(form.closeAt - 1000)];
  return { form, moments, id: await createContest(w, withMoments(form, moments)) };
}

describe("GET /api/v1/verify/:contestId, winning moments", { timeout: 30_000 }, () => {
  it("gives only the moments' hash until the close, then moments that hash to it and winners anyone recomputes", async () => {
    w = await buildWorld();
    const { form, moments, id } = await momentsContest();
    const hidden = {
      revealed_at: null,
      moments: null,
      salt: null,
      entries: null,
      entries_count: null,
      entries_pages: null,
      entries_hash: null,
      frozen: null,
      results: null,
    };

    const planned = await momentsOf(id);
    expect(planned).toHaveLength(1);
    expect(planned[0]).toMatchObject(hidden);
    const commitment = planned[0]?.commitment ?? "";
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);

    await w.tickAt(form.startAt);
    expect(await momentsOf(id)).toEqual([{ source_id: planned[0]?.source_id, commitment, ...hidden }]);
    // Scheduled again once started (the scheduler adopting it), it keeps the moments committed before the start.
    const started = await contestRow(w, id);
    await transaction(w.t.db, async (tx) => commitContest(tx, started, iso(form.startAt + HOUR)));
    expect((await momentsOf(id))[0]?.commitment).toBe(commitment);

    await w.tickAt(form.closeAt);
    const [m] = await momentsOf(id);
    if (!m?.moments || !m.salt || !m.entries || !m.results) throw new Error("the moments were not revealed");
    expect(m.commitment).toBe(commitment);
    expect(m.revealed_at).toEqual(expect.any(String));
    expect(m.moments).toEqual(moments);
    expect(momentsCommitment(m.moments, m.salt)).toBe(commitment);

    // The list is the source's valid entries, in load order, nothing else.
    const rows = await w.t.db
      .select()
      .from(entrants)
      .where(and(eq(entrants.contestId, id), eq(entrants.sourceId, m.source_id)))
      .orderBy(entrants.position);
    expect(rows.some((r) => !r.valid)).toBe(true);
    expect(m.entries.map((e) => e.id)).toEqual(rows.filter((r) => r.valid).map((r) => r.id));

    // Each moment's winner is the first valid entry at or after it, with its handle, name, profile and when it entered.
    const again = resolveWinningMoments(
      m.moments,
      m.entries.map((e) => ({ ...e, valid: true })),
    );
    expect(m.results.map((r) => [r.moment, r.winner])).toEqual(again.map((r) => [r.moment, r.winner]));
    const won = m.results.filter((r) => r.winner !== null);
    expect(won.length).toBeGreaterThan(0);
    for (const r of won) {
      const row = rows.find((e) => e.id === r.winner);
      expect(r.screen_name).toBe(row?.screenName);
      // Shown on the public winners page like a drawn winner: name and a web profile link.
      expect(r.name).toBe(row?.name);
      expect(r.url).toMatch(/^https:\/\//);
      expect(Date.parse(r.entered_at ?? "")).toBeGreaterThanOrEqual(Date.parse(r.moment));
      expect(m.entries).toContainEqual({ id: r.winner, at: r.entered_at });
    }
    const last = m.results[2];
    expect(last).toMatchObject({ winner: null, screen_name: null, entered_at: null });

    // The verify page's checks pass on this answer, and fail on a moment changed after the start.
    const published = { ...m, moments: m.moments, salt: m.salt, entries: m.entries, results: m.results };
    expect(recheckMoments(published, listOf(m.entries)).passed).toBe(true);
    const moved = [...m.moments];
    moved[1] = iso(Date.parse(moved[1] ?? "") - HOUR);
    const tampered = recheckMoments({ ...published, moments: moved }, listOf(m.entries));
    expect(tampered.checks[0]).toMatchObject({ id: "moments-commitment", passed: false });
  });

  it("publishes the list the moments were resolved over, and a winner the manual check rejected without a name", async () => {
    w = await buildWorld();
    const { form, id } = await momentsContest();
    await w.tickAt(form.startAt);
    await w.tickAt(form.closeAt);
    const [before] = await momentsOf(id);
    const winner = before?.results?.find((r) => r.winner !== null)?.winner;
    if (!before?.entries || !winner) throw new Error("nobody won a moment");
    expect(before.results?.every((r) => r.rejected === false)).toBe(true);

    // The entries table moves on (here by hand): the published list is the one frozen with the result.
    await w.t.db.update(entrants).set({ valid: false }).where(eq(entrants.contestId, id));
    await w.t.db
      .update(entrants)
      .set({ valid: true, manualCheck: "rejected" })
      .where(eq(entrants.id, winner));
    const [after] = await momentsOf(id);
    expect(after?.entries).toEqual(before.entries);
    const result = after?.results?.find((r) => r.winner === winner);
    expect(result).toMatchObject({ winner, screen_name: null, name: null, url: null, rejected: true });
    expect(result?.entered_at).toBe(before.results?.find((r) => r.winner === winner)?.entered_at);
    // Still checkable: the moment went to that entry.
    const published = after as Required<{ [K in keyof Moments]: NonNullable<Moments[K]> }>;
    expect(recheckMoments(published, listOf(published.entries)).passed).toBe(true);
  });
});

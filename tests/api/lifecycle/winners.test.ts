import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { first } from "../../../api/db/query";
import { draws, entrants } from "../../../api/db/tables";
import { sandboxDriver } from "../../../api/drivers/sandbox";
import { findCommitment } from "../../../api/services/commitments";
import { resolveWinningMoments } from "../../../engine/lifecycle";
import {
  buildWorld,
  contestPath,
  contestRow,
  createContest,
  DAY,
  HOUR,
  iso,
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

/** The previous-winners filter on, over the last 12 months. */
function excludingPreviousWinners<F extends ReturnType<typeof twitterForm>>(form: F): F {
  Object.assign(form.base, { exclude_previous_winners: { enabled: true, nb_months: 12 } });
  return form;
}

async function momentWinnersOf(id: string): Promise<string[]> {
  const results = (await findCommitment(w.t.db, id))?.momentsResult ?? {};
  return Object.values(results).flatMap((list) =>
    (list as { winner: string | null }[]).flatMap((r) => (r.winner ? [r.winner] : [])),
  );
}

async function entrantsOf(id: string) {
  return await w.t.db.select().from(entrants).where(eq(entrants.contestId, id)).orderBy(entrants.position);
}

describe("winning moments and previous winners", { timeout: 30_000 }, () => {
  it("gives a winning moment to the first entry made at or after it, timed by the entrant's first action", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0, { nbWinners: 1 });
    const moment = iso(form.closeAt - 30 * HOUR);
    const id = await createContest(w, withMoments(form, [moment]));
    await w.tickAt(form.startAt);
    // The entrants first like or repost, and comment half a day later. They are drawn from fixed ids (the contest's
    // and source's ids are random), so that an entrant's first action falls before the moment on every run.
    const load = sandboxDriver.loadEntries;
    vi.spyOn(sandboxDriver, "loadEntries").mockImplementation(async (request) => {
      const got = await load({ ...request, contest_id: "moments-contest", source_id: "moments-source" });
      return {
        ...got,
        entrants: got.entrants.map((e) => ({
          ...e,
          source_id: request.source_id,
          comments: e.comments.map((c) => ({ ...c, at: iso(Date.parse(c.at) + 12 * HOUR) })),
        })),
      };
    });
    await w.tickAt(form.closeAt);

    const rows = await entrantsOf(id);
    const byFirstAction = resolveWinningMoments(
      [moment],
      rows.map((e) => ({ id: e.id, at: e.firstAt, valid: e.valid })),
    );
    const byFirstComment = resolveWinningMoments(
      [moment],
      rows.map((e) => ({ id: e.id, at: e.comments[0]?.at ?? e.firstAt, valid: e.valid })),
    );
    expect(byFirstAction[0]?.winner).not.toBeNull();
    expect(byFirstAction[0]?.winner).not.toBe(byFirstComment[0]?.winner);
    expect(await momentWinnersOf(id)).toEqual([byFirstAction[0]?.winner]);
  });

  it("takes a moment's winner rejected by the manual check out of the winners: the final draw picks one more", async () => {
    w = await buildWorld();
    // One moment and one winner more: the final draw, by hand, after the entries were checked.
    const form = twitterForm(w.t, T0, { autodraw: false, nbWinners: 2 });
    const moments = [iso(form.closeAt - 30 * HOUR), iso(form.closeAt - 20 * HOUR)];
    const id = await createContest(w, withMoments(form, moments));
    await w.tickAt(form.startAt);
    // Entrants drawn from fixed ids: from the contest's random id, the sandbox's late tail of entries left one moment
    // without a valid entry after it in about 4 runs of 100.
    const load = sandboxDriver.loadEntries;
    vi.spyOn(sandboxDriver, "loadEntries").mockImplementation(async (request) => {
      const got = await load({ ...request, contest_id: "moments-contest", source_id: "moments-source" });
      return { ...got, entrants: got.entrants.map((e) => ({ ...e, source_id: request.source_id })) };
    });
    await w.tickAt(form.closeAt);
    const [winner, other] = await momentWinnersOf(id);
    if (!winner || !other) throw new Error("nobody won the moments");

    const entrant = `${contestPath(id)}/entries/${encodeURIComponent(winner)}`;
    expect((await w.owner.call("POST", `${entrant}/profile`)).status).toBe(200);
    const check = await w.owner.call("POST", `${entrant}/check`, {
      decision: "reject",
      reasons: ["seemsAutomated"],
    });
    expect(check.status).toBe(200);
    const res = await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true });
    expect(res.status).toBe(201);
    const draw = await res.json();
    expect(draw.moment_winners).toEqual([other]);
    expect(draw.winners_count).toBe(1);
    expect(draw.winners).toHaveLength(1);
    expect(draw.winners).not.toContain(winner);
    expect(draw.entrants_count).toBe(
      new Set(
        (await entrantsOf(id)).filter((e) => e.valid && e.id !== winner && e.id !== other).map((e) => e.id),
      ).size,
    );
  });

  it("lets a winner of the team's earlier sandbox contest enter again, for the previous-winners filter to catch", async () => {
    w = await buildWorld();
    const earlier = twitterForm(w.t, T0, { name: "First giveaway" });
    const firstId = await createContest(w, earlier);
    const second = excludingPreviousWinners(twitterForm(w.t, T0 + 5 * DAY, { name: "Second giveaway" }));
    const secondId = await createContest(w, second);
    for (const t of [earlier.startAt, earlier.closeAt, earlier.closeAt + HOUR]) await w.tickAt(t);
    expect((await contestRow(w, firstId)).status).toBe("ended");
    const won = (await first(w.t.db.select().from(draws).where(eq(draws.contestId, firstId))))?.winners ?? [];

    await w.tickAt(second.startAt);
    await w.tickAt(second.closeAt);
    const caught = (await entrantsOf(secondId)).filter((e) => e.reasons.includes("previous_winner"));
    expect(caught.length).toBeGreaterThan(0);
    for (const entry of caught) {
      expect(won).toContain(entry.id);
      // Under the handle it won with.
      const before = await first(
        w.t.db
          .select()
          .from(entrants)
          .where(and(eq(entrants.contestId, firstId), eq(entrants.id, entry.id))),
      );
      expect(entry.screenName).toBe(before?.screenName);
    }
  });

  it("counts the winners of the team's earlier winning moments as previous winners", async () => {
    w = await buildWorld();
    const first = twitterForm(w.t, T0, { name: "Instant win", autodraw: false, nbWinners: 1 });
    withMoments(first, [iso(first.closeAt - 30 * HOUR)]);
    const firstId = await createContest(w, first);
    const second = excludingPreviousWinners(twitterForm(w.t, T0 + 5 * DAY, { name: "Second giveaway" }));
    const secondId = await createContest(w, second);
    await w.tickAt(first.startAt);
    await w.tickAt(first.closeAt);
    const [instant] = await momentWinnersOf(firstId);
    if (!instant) throw new Error("nobody won the moment");
    // No final draw: the moment is the only win of the earlier contest.
    expect(await w.t.db.select().from(draws).where(eq(draws.contestId, firstId))).toEqual([]);

    await w.tickAt(second.startAt);
    await w.tickAt(second.closeAt);
    const entered = (await entrantsOf(secondId)).filter((e) => e.id === instant);
    expect(entered.length).toBeGreaterThan(0);
    expect(entered.every((e) => !e.valid && e.reasons.includes("previous_winner"))).toBe(true);
  });
});

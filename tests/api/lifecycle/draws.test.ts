import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { activities, contests } from "../../../api/db/tables";
import { seedCommitment } from "../../../engine/lifecycle";
import { setPlan } from "../../helpers/world";
import {
  buildWorld,
  contestPath,
  contestRow,
  createContest,
  DAY,
  importContest,
  loadedImport,
  memberOf,
  T0,
  twitterForm,
  type World,
} from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

const draw = (id: string, body: unknown, s = w.owner) => s.call("POST", `${contestPath(id)}/draws`, body);

describe("POST /api/v1/teams/current/contests/:id/draws", { timeout: 30_000 }, () => {
  it("makes test draws that reveal nothing, then the final draw that reveals the seed and ends the contest", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);

    const first = await draw(id, { kind: "test" });
    expect(first.status).toBe(201);
    const test1 = await first.json();
    expect(test1).toMatchObject({
      kind: "test",
      test_index: 1,
      seed: null,
      winners_count: 1,
      substitutes_count: 1,
    });
    expect(test1.winners).toHaveLength(1);
    const test2 = await (await draw(id, { kind: "test" })).json();
    expect(test2.test_index).toBe(2);
    expect((await contestRow(w, id)).status).toBe("closed");
    const listed = await (await w.owner.call("GET", `${contestPath(id)}/draws`)).json();
    expect(listed.data.map((d: { kind: string; seed: string | null }) => [d.kind, d.seed])).toEqual([
      ["test", null],
      ["test", null],
    ]);
    const verifyBefore = await (await w.t.app.request(`/api/v1/verify/${id}`)).json();
    expect(verifyBefore.seed).toBeNull();

    const res = await draw(id, { kind: "final", consent: true });
    expect(res.status).toBe(201);
    const final = await res.json();
    expect(final).toMatchObject({ kind: "final", test_index: null, algorithm: "fairdraw-draw-v1" });
    expect(seedCommitment(final.seed)).toBe(final.seed_commitment);
    expect(final.seed_commitment).toBe(test1.seed_commitment);
    expect(final.entrants_hash).toBe(test1.entrants_hash);
    const row = await contestRow(w, id);
    expect(row).toMatchObject({ status: "ended" });
    expect(row.drawnAt).toBe(final.created_at);
    const after = await (await w.owner.call("GET", `${contestPath(id)}/draws`)).json();
    expect(after.data.map((d: { kind: string }) => d.kind)).toEqual(["test", "test", "final"]);
    expect(after.data[0].seed).toBeNull();
    const types = (
      await w.t.db.select({ type: activities.type }).from(activities).where(eq(activities.teamId, w.teamId))
    ).map((a) => a.type);
    expect(types.filter((t) => t === "startDraw")).toHaveLength(3);
    expect(types.filter((t) => t === "finishDraw")).toHaveLength(3);

    const again = await draw(id, { kind: "final", consent: true });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("contestAlreadyDrawn");
    expect((await draw(id, { kind: "test" })).status).toBe(409);
  });

  it("asks for consent on the final draw (422) and a closed contest (409)", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    for (const body of [{ kind: "final" }, { kind: "final", consent: false }]) {
      const res = await draw(id, body);
      expect(res.status).toBe(422);
      expect(Object.keys((await res.json()).errors)).toEqual(["consent"]);
    }
    const bad = await draw(id, { kind: "lucky" });
    expect(Object.keys((await bad.json()).errors)).toEqual(["kind"]);

    const form = twitterForm(w.t, T0);
    const tunnel = await createContest(w, form);
    const planned = await draw(tunnel, { kind: "final", consent: true });
    expect(planned.status).toBe(409);
    expect((await planned.json()).error).toBe("contestNotClosed");
    await w.tickAt(form.startAt);
    expect((await draw(tunnel, { kind: "final", consent: true })).status).toBe(409);
    const noEntries = await draw(tunnel, { kind: "test" });
    expect(noEntries.status).toBe(409);
    expect((await noEntries.json()).error).toBe("entriesNotLoaded");

    // An import not loaded yet is started, not closed.
    const started = await importContest(w, "05");
    expect((await draw(started, { kind: "final", consent: true })).status).toBe(409);
  });

  it("draws the contest's number of winners, one substitute each, at most the team's winners quota", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0, { autodraw: false, nbWinners: 3 });
    const id = await createContest(w, form);
    await w.tickAt(form.startAt);
    await w.tickAt(form.closeAt + DAY);
    expect((await contestRow(w, id)).status).toBe("closed");
    const test = await (await draw(id, { kind: "test" })).json();
    expect(test).toMatchObject({ winners_count: 3, substitutes_count: 3 });
    expect(test.winners).toHaveLength(3);
    expect(test.substitutes).toHaveLength(3);
    expect(new Set([...test.winners, ...test.substitutes]).size).toBe(6);

    await setPlan(w.t, w.teamId, "hobbyist"); // a winners quota of 5, test draws included
    await w.t.db
      .update(contests)
      .set({ config: { nb_winners: 40 } })
      .where(eq(contests.id, id));
    const capped = await (await draw(id, { kind: "test" })).json();
    expect(capped.winners_count).toBe(5);
  });

  it("needs do_testdraw and the testDraws feature for a test draw, do_finaldraw for the final one", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const tester = await memberOf(w, "tess@brand.example", { "team.contests.do_testdraw": true });
    expect((await draw(id, { kind: "test" }, tester)).status).toBe(201);
    expect((await draw(id, { kind: "final", consent: true }, tester)).status).toBe(403);
    const bob = await memberOf(w, "bob@brand.example", null);
    expect((await draw(id, { kind: "test" }, bob)).status).toBe(403);

    await setPlan(w.t, w.teamId, "basic");
    const res = await draw(id, { kind: "test" });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("upgradeToPerformTestDraws");
    // The final draw is not a plan feature.
    expect((await draw(id, { kind: "final", consent: true })).status).toBe(201);
  });
});

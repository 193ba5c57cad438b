import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { publications } from "../../../api/db/tables";
import { drawWinners, entrantsHash, momentsCommitment, seedCommitment } from "../../../engine/lifecycle";
import { signIn } from "../../helpers/api-client";
import { formBody } from "../../helpers/world";
import {
  A,
  buildWorld,
  contestPath,
  createContest,
  HOUR,
  iso,
  loadedImport,
  T0,
  twitterForm,
  type World,
  withMoments,
} from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

/** The verify API as anyone calls it: no cookie, no CSRF token. */
async function verify(id: string) {
  return w.t.app.request(`/api/v1/verify/${encodeURIComponent(id)}`);
}

describe("GET /api/v1/verify/:contestId", { timeout: 30_000 }, () => {
  it("lets anyone recompute the final draw's winners from what it answers", async () => {
    w = await buildWorld();
    const id = await loadedImport(w, "01", 150);
    const before = await (await verify(id)).json();
    expect(before).toMatchObject({
      contest_id: id,
      name: "Import 01",
      status: "closed",
      seed: null,
      entrants: null,
    });
    expect(before.seed_commitment).toMatch(/^[0-9a-f]{64}$/);

    const made = await (
      await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true })
    ).json();
    const res = await verify(id);
    expect(res.status).toBe(200);
    const v = await res.json();
    expect(v).toMatchObject({ status: "ended", algorithm: "fairdraw-draw-v1", winners: made.winners });
    expect(seedCommitment(v.seed)).toBe(v.seed_commitment);
    expect(v.seed_commitment).toBe(before.seed_commitment);
    expect(entrantsHash(v.entrants)).toBe(v.entrants_hash);
    expect(v.entrants).toHaveLength(v.entrants_count);
    const again = drawWinners({
      seed: v.seed,
      entrantIds: v.entrants,
      winners: v.winners_count,
      substitutes: v.substitutes_count,
      kind: "final",
    });
    expect(again.winners).toEqual(v.winners);
    expect(again.substitutes).toEqual(v.substitutes);
    expect(again.entrantsHash).toBe(v.entrants_hash);
    expect(v.winners_accounts[0]).toMatchObject({ id: v.winners[0], provider: "twitter" });
    expect(v.winners_accounts[0].screen_name).toEqual(expect.any(String));
  });

  it("shows a planned contest's commitment and nothing else, to a signed-in stranger too", async () => {
    w = await buildWorld();
    const id = await createContest(w, twitterForm(w.t, T0));
    const stranger = await signIn(w.t, "sam@elsewhere.example", "Sam");
    const res = await stranger.call("GET", `/api/v1/verify/${id}`);
    expect(res.status).toBe(200);
    const v = await res.json();
    expect(v).toMatchObject({
      status: "planned",
      seed: null,
      entrants: null,
      entrants_hash: null,
      winners: [],
      winners_count: null,
      winning_moments: [],
    });
    expect(v.committed_at).toBe(iso(T0));
  });

  it("answers 404 for an unknown id, a draft and a deleted contest", async () => {
    w = await buildWorld();
    const draft = await (
      await w.owner.call("POST", `${A}/contests/create`, formBody(w.t, "draft", "Draft", randomUUID()))
    ).json();
    const planned = await createContest(w, twitterForm(w.t, T0, { name: "Deleted contest" }));
    expect((await w.owner.call("DELETE", contestPath(planned))).status).toBe(200);
    for (const id of ["0123456789abcdef01234567", draft.contest_id, planned, "%00", "x".repeat(300)]) {
      const res = await verify(id);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe("notFound");
    }
  });

  it("commits twitter winning moments before the start and reveals them, resolved, at the close", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0, { nbWinners: 2 });
    const moments = [iso(form.startAt - HOUR + 3 * HOUR), iso(form.closeAt - 30 * HOUR)];
    withMoments(form, moments);
    const id = await createContest(w, form);
    const planned = await (await verify(id)).json();
    expect(planned.winning_moments).toHaveLength(1);
    expect(planned.winning_moments[0]).toMatchObject({ moments: null, salt: null, results: null });
    expect(planned.winning_moments[0].commitment).toMatch(/^[0-9a-f]{64}$/);

    await w.tickAt(form.startAt);
    await w.tickAt(form.closeAt);
    const closed = await (await verify(id)).json();
    const [m] = closed.winning_moments;
    expect(m.moments).toEqual(moments);
    expect(momentsCommitment(m.moments, m.salt)).toBe(planned.winning_moments[0].commitment);
    expect(m.results.map((r: { moment: string }) => r.moment)).toEqual(moments);
    const won = m.results.flatMap((r: { winner: string | null }) => (r.winner ? [r.winner] : []));
    expect(won.length).toBeGreaterThan(0);

    // The close publishes nothing itself: it scheduled the won and lost replies, which the next tick sends.
    const ofContest = () => w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect((await ofContest()).filter((p) => p.kind.startsWith("winning_moment_"))).toEqual([]);
    await w.tickAt(form.closeAt);
    // The won and lost replies went out; the automatic draw leaves the moments' winners out and draws the rest.
    const replies = await ofContest();
    const wonReplies = replies.filter((p) => p.kind === "winning_moment_won");
    expect(wonReplies.map((p) => p.key).sort()).toEqual([...won].sort());
    expect(wonReplies.every((p) => p.mode === "reply" && p.text.startsWith("You won, "))).toBe(true);
    expect(replies.filter((p) => p.kind === "winning_moment_lost").length).toBeGreaterThan(0);
    await w.tickAt(form.closeAt + HOUR);
    const final = await (await verify(id)).json();
    expect(final.status).toBe("ended");
    expect(final.winners_count).toBe(2 - won.length);
    for (const winner of won) expect(final.entrants).not.toContain(winner);
    const draws = await (await w.owner.call("GET", `${contestPath(id)}/draws`)).json();
    expect(draws.data[0].moment_winners).toEqual(won);
  });
});

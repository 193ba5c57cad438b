/**
 * Frozen winners (docs/draw.md "Frozen winners"): on a real network an entry may turn valid or invalid after a
 * moment's won reply went out. The moment's winner is frozen when its won reply is sent, the close keeps it, and
 * /verify publishes the frozen moments so anyone re-runs the resolution with them.
 *
 * Two entrants come a minute and two minutes after the moment. At the load that follows the moment, the first has
 * not liked the post yet (invalid): the moment goes to the second, whose won reply goes out. By the close the first
 * has liked it and the second has taken back their like: resolved afresh, the moment would go to the first.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { sandboxDriver } from "../../../api/drivers/sandbox";
import type { EntriesRequest } from "../../../api/drivers/types";
import { findCommitment } from "../../../api/services/commitments";
import { resolveWinningMoments } from "../../../engine/lifecycle";
import type { Entrant } from "../../../engine/lifecycle/entrant";
import { recheckMoments } from "../../../web/src/lifecycle/verify-moments";
import { listOf } from "../../helpers/published-lists";
import {
  buildWorld,
  createContest,
  DAY,
  iso,
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

type Verify = {
  winning_moments: {
    moments: string[];
    salt: string;
    commitment: string;
    entries: { id: string; at: string }[];
    entries_count: number;
    entries_hash: string;
    frozen: { moment: string; winner: string; entered_at: string; frozen_at: string }[];
    results: { moment: string; winner: string | null; entered_at: string | null; frozen: boolean }[];
  }[];
};

/**
 * An entrant of the sandbox's list, made at `at` (its first action and its reply), liking the post or not, and
 * otherwise clean: the sandbox gives some entrants a defect (a bot, a bad word, a young account, a high repost
 * ratio), drawn from the contest's random id, and the test must not depend on which two it got.
 */
function entrantAt(base: Entrant, at: number, likes: boolean): Entrant {
  return {
    ...base,
    is_bot_signal: false,
    account_created_at: iso(T0 - 3 * 365 * DAY),
    repost_ratio: 0,
    first_at: iso(at),
    comments: base.comments.slice(0, 1).map((c) => ({ ...c, text: "Count me in!", at: iso(at) })),
    did: { ...base.did, like: likes },
  };
}

describe("a winning moment's winner once its won reply is out", { timeout: 30_000 }, () => {
  it("is frozen: the close keeps it after the entries changed, and /verify lets anyone re-run it", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0, { autodraw: false, nbWinners: 1 });
    const moment = form.startAt + DAY;
    const id = await createContest(w, withMoments(form, [iso(moment)]));
    await w.tickAt(form.startAt);

    let phase: "run" | "close" = "run";
    let ids: [string, string] = ["", ""];
    const load = sandboxDriver.loadEntries;
    vi.spyOn(sandboxDriver, "loadEntries").mockImplementation(async (request: EntriesRequest) => {
      // Two accounts (the sandbox's list holds second entries of one account, caught as duplicates).
      const list = (await load(request)).entrants.filter(
        (e, i, all) => e.comments.length > 0 && all.findIndex((o) => o.id === e.id) === i,
      );
      const [a, b] = list;
      if (!a || !b) throw new Error("the sandbox gave too few entrants");
      ids = [a.id, b.id];
      const first = entrantAt(a, moment + MIN, phase === "close");
      const second = entrantAt(b, moment + 2 * MIN, phase === "run");
      return { entrants: [first, second], lists: [] };
    });

    // The load after the moment: the first entrant has not liked yet, the moment goes to the second.
    await w.tickAt(moment + 30 * MIN);
    const [first, second] = ids;
    const sent = (await publicationsOf(w, id)).filter((p) => p.kind === "winning_moment_won");
    expect(sent.map((p) => p.key)).toEqual([second]);
    const frozen = Object.values((await findCommitment(w.t.db, id))?.moments ?? {})[0] as {
      frozen: unknown[];
    };
    expect(frozen.frozen).toMatchObject([{ moment: iso(moment), winner: second, at: iso(moment + 2 * MIN) }]);

    // The close: the entries changed. Afresh, the moment would go to the first; the close keeps the second.
    phase = "close";
    await w.tickAt(form.closeAt);
    expect((await findCommitment(w.t.db, id))?.momentsResult).toEqual({
      [Object.keys((await findCommitment(w.t.db, id))?.moments ?? {})[0] as string]: [
        { moment: iso(moment), winner: second },
      ],
    });
    // The replies go out in the jobs the close scheduled, at the next tick.
    await w.tickAt(form.closeAt);
    const won = (await publicationsOf(w, id)).filter((p) => p.kind === "winning_moment_won");
    expect(won.map((p) => p.key)).toEqual([second]);
    const lost = (await publicationsOf(w, id)).filter((p) => p.kind === "winning_moment_lost");
    expect(lost.map((p) => p.key)).toEqual([first]);

    // /verify publishes the frozen moment; re-run with it, the published winners come out again (in the
    // browser's check too); without it, the first entrant would have won: the freeze is what decided.
    const res = await w.t.app.request(`/api/v1/verify/${id}`);
    const [m] = ((await res.json()) as Verify).winning_moments;
    if (!m) throw new Error("no moments published");
    expect(m.entries.map((e) => e.id)).toEqual([first]);
    expect(m.frozen).toEqual([
      {
        moment: iso(moment),
        winner: second,
        entered_at: iso(moment + 2 * MIN),
        frozen_at: iso(moment + 30 * MIN),
      },
    ]);
    expect(m.results).toEqual([
      expect.objectContaining({
        moment: iso(moment),
        winner: second,
        entered_at: iso(moment + 2 * MIN),
        frozen: true,
      }),
    ]);
    const entries = m.entries.map((e) => ({ ...e, valid: true }));
    expect(resolveWinningMoments(m.moments, entries, m.frozen).map((r) => r.winner)).toEqual([second]);
    expect(resolveWinningMoments(m.moments, entries).map((r) => r.winner)).toEqual([first]);
    expect(recheckMoments(m, listOf(m.entries)).passed).toBe(true);
    expect(recheckMoments({ ...m, frozen: [] }, listOf(m.entries)).passed).toBe(false);
  });
});

/**
 * The load of a running contest (job kind `load`, jobs.ts schedules it): its entries are read as it runs, not
 * only at the close, so the entries tab and the statistics fill in while it runs, and a winning moment's won
 * reply goes out when its winning entry is read rather than at the close.
 *
 * - A load replaces the contest's entries with what the networks answer now (api/services/entrants.ts
 *   writeEntries: manual checks kept), then schedules the next load, until the close (which loads the last time).
 * - Won replies during the run: each source's moments that have passed are resolved over the entries read so far
 *   with the close's rule (engine/lifecycle resolveWinningMoments; a moment's winner depends only on the entries
 *   up to it, which are all read once it has passed) and each winner gets the won reply, keyed as the close keys
 *   it (kind winning_moment_won, key the entrant's id): the close answers the same post and never replies twice.
 *   The lost replies wait for the close, as do the moments' reveal and their proof.
 * - Frozen winners (docs/draw.md "Frozen winners"): on a real network an entry may turn valid or invalid after
 *   a won reply went out (an action done later, a post deleted), and the next resolution could give that moment
 *   to someone else. So a moment's winner is frozen (api/services/commitments.ts freezeMoment) just before its
 *   won reply is sent, and every later resolution, the close's too, keeps it: a reply that went out never
 *   names anyone but the moment's winner.
 * - A load that comes once the close is due does nothing (the close loads).
 */
import { eq } from "drizzle-orm";
import { resolveWinningMoments } from "../../engine/lifecycle";
import { toTime } from "../../engine/values";
import { first } from "../db/query";
import { contests } from "../db/tables";
import { transaction } from "../db/transaction";
import {
  committedMoments,
  entryTime,
  findCommitment,
  freezeMoment,
  momentEntries,
} from "../services/commitments";
import { contestSources, formPart, mediaIds } from "../services/contest-sources";
import { entrantsOf, readEntries, TUNNEL_LOAD_MAX, writeEntries } from "../services/entrants";
import { fillTokens, publishOnce, verifyUrl } from "../services/publications";
import { type JobOutcome, NotReady, type SchedulerDeps } from "./handlers";
import { scheduleNextLoad } from "./jobs";

type ContestRow = typeof contests.$inferSelect;

export async function runLoad(deps: SchedulerDeps, row: ContestRow): Promise<JobOutcome> {
  if (row.status === "planned") throw new NotReady("the contest has not started");
  if (row.status !== "started")
    return { result: { skipped: `contest ${row.status}` }, moves: [], changed: false };
  const now = deps.clock();
  const close = toTime(row.closeAt);
  if (close !== null && now.getTime() >= close) {
    return { result: { skipped: "the close loads" }, moves: [], changed: false };
  }
  const load = await readEntries(deps, row, { limit: TUNNEL_LOAD_MAX, now });
  const at = deps.clock().toISOString();
  const loaded = await transaction(deps.db, async (tx) => {
    const fresh = await first(tx.select().from(contests).where(eq(contests.id, row.id)));
    if (fresh?.status !== "started") return false;
    await writeEntries(tx, fresh, load, at);
    await scheduleNextLoad(tx, fresh, at);
    return true;
  });
  if (!loaded) return { result: { skipped: "contest no longer started" }, moves: [], changed: false };
  const won = await publishWonSoFar(deps, row, now);
  return {
    result: { entries: load.entrants.length, ...(won > 0 ? { moments_won: won } : {}) },
    moves: [],
    changed: true,
  };
}

/** The won replies of the moments passed by `now`, over the entries read so far (see the file's comment). */
async function publishWonSoFar(deps: SchedulerDeps, row: ContestRow, now: Date): Promise<number> {
  const commitment = await findCommitment(deps.db, row.id);
  // Resolved already (the close ran): the close sends the replies.
  if (!commitment || commitment.momentsResult) return 0;
  const committed = committedMoments(commitment);
  if (Object.keys(committed).length === 0) return 0;
  const all = await entrantsOf(deps.db, row.id);
  const tokens = {
    seedCommitment: commitment.seedCommitment,
    drawLink: verifyUrl(deps.env.publicUrl, row.id),
  };
  let sent = 0;
  for (const source of await contestSources(deps, row)) {
    const moments = committed[source.stored._id]?.moments.filter(
      (m) => (toTime(m) ?? Infinity) <= now.getTime(),
    );
    if (!moments || moments.length === 0) continue;
    if (!source.driver || !source.account || !source.stored.post_id) continue;
    const list = momentEntries(all, source.stored._id).map((e) => ({ ...e, valid: true }));
    const frozen = committed[source.stored._id]?.frozen ?? [];
    const won = formPart(source, "winning_moments", "won_publication");
    for (const result of resolveWinningMoments(moments, list, frozen)) {
      const entrant =
        result.winner === null
          ? undefined
          : all.find((e) => e.id === result.winner && e.sourceId === source.stored._id);
      if (!entrant) continue;
      // Frozen before the reply goes out: a reply sent always names the winner the close keeps.
      const frozenAt = deps.clock().toISOString();
      await transaction(
        deps.db,
        async (tx) =>
          await freezeMoment(tx, row.id, source.stored._id, {
            moment: result.moment,
            winner: entrant.id,
            at: entryTime(entrant),
            frozen_at: frozenAt,
          }),
      );
      await publishOnce(deps, source.driver, {
        contest_id: row.id,
        source_id: source.stored._id,
        kind: "winning_moment_won",
        key: entrant.id,
        provider: source.stored.provider,
        mode: "reply",
        account: source.account,
        text: fillTokens(typeof won?.content === "string" ? won.content : "", {
          ...tokens,
          name: entrant.name,
        }),
        media: mediaIds(won?.media),
        dark: won?.dark === true,
        inReplyTo: entrant.comments[0]?.id ?? source.stored.post_id,
      });
      sent++;
    }
  }
  return sent;
}

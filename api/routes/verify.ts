/**
 * The public verify API (issue 8, docs/draw.md): what anyone needs to check a contest's draw, without signing in.
 *
 * GET /verify/:contestId → the contest's name, its team's name and its status, its seed commitment and when it was made, and once the
 * final draw is made: the revealed seed, the frozen entrants list (ids, canonical order: its first page, its page
 * count, the rest from verify-pages.ts) and its hash, the
 * winners and substitutes and how many were asked, the algorithm. With that, drawWinners({ seed, entrantIds:
 * entrants, winners: winners_count, substitutes: substitutes_count, kind: "final" }) gives the same winners.
 * Winning moments (docs/draw.md "Instant win"), per twitter source that has them: the commitment published before
 * the start, and only once the contest closed (the moments are resolved then): the moments, the salt, the list
 * they were resolved over (the source's valid entries in load order, each entrant id with its entry time: its first
 * page, its size, page count and hash, the rest from verify-pages.ts) and each
 * moment's winner (id, handle, entry time, and whether the manual check rejected it: a rejected winner is not
 * named and wins nothing; frozen when its won reply went out during the run) or none, and the frozen moments
 * ({ moment, winner, entered_at, frozen_at }). The list is the one kept when the moments were resolved. With
 * that, momentsCommitment(moments, salt) gives the commitment and resolveWinningMoments(moments, entries, frozen)
 * the same winners.
 * Unknown ids, drafts and deleted contests are a 404.
 */
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { pageCount, pageOf } from "../../engine/lifecycle";
import { isPlainObject, toTime } from "../../engine/values";
import type { AppEnv } from "../context";
import { first } from "../db/query";
import { contests, teams } from "../db/tables";
import { AppError } from "../errors";
import { committedMoments, findCommitment, momentsEntriesOf } from "../services/commitments";
import { DRAW_ALGORITHM, findFinalDraw } from "../services/draws";
import { entrantProfileUrl, entrantsOf } from "../services/entrants";
import { momentsEntriesHashOf } from "./verify-pages";

export const verifyRoutes = new Hono<AppEnv>().get("/verify/:contestId", async (c) => {
  const { db, catalog } = c.get("deps");
  const row = await first(
    db
      .select()
      .from(contests)
      .where(and(eq(contests.id, c.req.param("contestId")), isNull(contests.deletedAt))),
  );
  if (!row || row.status === "draft") throw new AppError("notFound", { message: "error.notFound.contest" });
  const commitment = await findCommitment(db, row.id);
  const draw = await findFinalDraw(db, row.id);
  const revealed = draw !== undefined && commitment?.revealedAt != null;
  const winnerRows = draw ? await entrantsOf(db, row.id, [...draw.winners, ...draw.substitutes]) : [];
  // The winners as the public winners page shows them: network, handle, name and profile (public accounts that
  // took part in a public contest).
  const accountOf = (id: string) => {
    const e = winnerRows.find((r) => r.id === id);
    return {
      id,
      provider: e?.provider ?? null,
      screen_name: e?.screenName ?? null,
      name: e?.name ?? null,
      url: e ? entrantProfileUrl(e, catalog.providers.get(e.provider)) : null,
    };
  };
  const team = await first(db.select({ name: teams.name }).from(teams).where(eq(teams.id, row.teamId)));
  const momentsRevealedAt = commitment?.momentsRevealedAt ?? null;
  const committed = Object.entries(committedMoments(commitment));
  const lists = momentsRevealedAt !== null && committed.length > 0 ? await momentsEntriesOf(db, row.id) : {};
  // Only the moments' winners are read from the entries (their handles, and whether the manual check rejected them).
  const resultsOf = new Map(
    committed.map(([sourceId]) => [sourceId, momentResults(commitment?.momentsResult?.[sourceId])]),
  );
  const momentWinnerIds = [
    ...new Set([...resultsOf.values()].flatMap((list) => list.flatMap((r) => (r.winner ? [r.winner] : [])))),
  ];
  const winnerEntries = momentsRevealedAt !== null ? await entrantsOf(db, row.id, momentWinnerIds) : [];
  const moments = committed.map(([sourceId, m]) => {
    if (momentsRevealedAt === null) {
      return {
        source_id: sourceId,
        commitment: m.commitment,
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
    }
    const entries = lists[sourceId] ?? [];
    // Moments frozen during the run, in the order they were frozen (docs/draw.md "Frozen winners").
    const frozen = m.frozen.map((f) => ({
      moment: f.moment,
      winner: f.winner,
      entered_at: f.at,
      frozen_at: f.frozen_at,
    }));
    const pending = [...frozen];
    return {
      source_id: sourceId,
      commitment: m.commitment,
      revealed_at: momentsRevealedAt,
      moments: m.moments,
      salt: m.salt,
      // The list's first page; the others come from GET …/moments/{source}/entries/{page} (verify-pages.ts).
      entries: pageOf(entries, 1),
      entries_count: entries.length,
      entries_pages: pageCount(entries.length),
      entries_hash: momentsEntriesHashOf(row.id, sourceId, momentsRevealedAt, entries),
      frozen,
      results: (resultsOf.get(sourceId) ?? []).map((r) => {
        const held = pending.findIndex((f) => f.moment === r.moment && f.winner === r.winner);
        const hold = held >= 0 ? pending.splice(held, 1)[0] : undefined;
        const won = r.winner === null ? undefined : winningEntry(entries, r.winner, r.moment);
        const rows = winnerEntries.filter((e) => e.id === r.winner);
        // A moment winner the manual check rejected stays in the proof (the moment went to that entry) but wins
        // nothing, and is not named.
        const rejected = rows.some((e) => e.manualCheck === "rejected");
        const account = rows.find((e) => e.sourceId === sourceId);
        return {
          moment: r.moment,
          winner: r.winner,
          screen_name: account && !rejected ? account.screenName : null,
          // Shown like the drawn winners on the public winners page: name and profile, unless rejected.
          name: account && !rejected ? account.name : null,
          url:
            account && !rejected ? entrantProfileUrl(account, catalog.providers.get(account.provider)) : null,
          entered_at: hold ? hold.entered_at : won ? won.at : null,
          frozen: hold !== undefined,
          rejected,
        };
      }),
    };
  });
  return c.json({
    contest_id: row.id,
    name: row.name,
    team_name: team?.name ?? null,
    status: row.status,
    algorithm: DRAW_ALGORITHM,
    seed_commitment: commitment?.seedCommitment ?? null,
    committed_at: commitment?.committedAt ?? null,
    seed: revealed ? (commitment?.seed ?? null) : null,
    revealed_at: revealed ? (commitment?.revealedAt ?? null) : null,
    drawn_at: draw?.createdAt ?? null,
    entrants_hash: draw?.entrantsHash ?? null,
    // How much of each action's list the networks let us read, covered by entrants_hash (docs/draw.md).
    list_reads: draw?.listReads ?? [],
    entrants_count: draw?.entrantsCount ?? null,
    // The list's first page; the others come from GET /verify/{id}/entrants/{page} (verify-pages.ts).
    entrants: draw ? pageOf(draw.entrants, 1) : null,
    entrants_pages: draw ? pageCount(draw.entrants.length) : null,
    winners: draw?.winners ?? [],
    substitutes: draw?.substitutes ?? [],
    winners_count: draw?.winnersCount ?? null,
    substitutes_count: draw?.substitutesCount ?? null,
    winners_accounts: (draw?.winners ?? []).map(accountOf),
    substitutes_accounts: (draw?.substitutes ?? []).map(accountOf),
    winning_moments: moments,
  });
});

/** A source's stored resolution (engine/lifecycle resolveWinningMoments' answer), read safely. */
function momentResults(value: unknown): { moment: string; winner: string | null }[] {
  return (Array.isArray(value) ? value : []).flatMap((r) =>
    isPlainObject(r) && typeof r.moment === "string"
      ? [{ moment: r.moment, winner: typeof r.winner === "string" ? r.winner : null }]
      : [],
  );
}

/** The entry that won a moment: the winner's earliest entry made at or after it (the first listed on a tie). */
function winningEntry(entries: readonly { id: string; at: string }[], id: string, moment: string) {
  const from = toTime(moment);
  let best: { id: string; at: string; time: number } | undefined;
  if (from === null) return undefined;
  for (const e of entries) {
    // The id first: parsing every entry's date for each moment is what made this slow on long lists.
    if (e.id !== id) continue;
    const time = toTime(e.at);
    if (time === null || time < from) continue;
    if (!best || time < best.time) best = { ...e, time };
  }
  return best && { id: best.id, at: best.at };
}

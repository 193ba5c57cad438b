/**
 * The public verify API (issue 8, docs/draw.md): what anyone needs to check a contest's draw, without signing in.
 *
 * GET /verify/:contestId → the contest's name and status, its seed commitment and when it was made, and once the
 * final draw is made: the revealed seed, the frozen entrants list (ids, canonical order) and its hash, the
 * winners and substitutes and how many were asked, the algorithm. With that, drawWinners({ seed, entrantIds:
 * entrants, winners: winners_count, substitutes: substitutes_count, kind: "final" }) gives the same winners.
 * Winning moments: their commitments from the start, the moments, salt and who won each once the contest closed.
 * Unknown ids, drafts and deleted contests are a 404.
 */
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { contests } from "../db/schema";
import { AppError } from "../errors";
import { committedMoments, findCommitment } from "../services/commitments";
import { DRAW_ALGORITHM, findFinalDraw } from "../services/draws";
import { entrantsOf } from "../services/entrants";

export const verifyRoutes = new Hono<AppEnv>().get("/verify/:contestId", (c) => {
  const { db } = c.get("deps");
  const row = db
    .select()
    .from(contests)
    .where(and(eq(contests.id, c.req.param("contestId")), isNull(contests.deletedAt)))
    .get();
  if (!row || row.status === "draft") throw new AppError("notFound", "This contest does not exist.");
  const commitment = findCommitment(db, row.id);
  const draw = findFinalDraw(db, row.id);
  const revealed = draw !== undefined && commitment?.revealedAt != null;
  const winnerRows = draw ? entrantsOf(db, row.id, [...draw.winners, ...draw.substitutes]) : [];
  const accountOf = (id: string) => {
    const e = winnerRows.find((r) => r.id === id);
    return { id, provider: e?.provider ?? null, screen_name: e?.screenName ?? null };
  };
  const momentsResult = commitment?.momentsResult ?? null;
  const moments = Object.entries(committedMoments(commitment)).map(([sourceId, m]) => ({
    source_id: sourceId,
    commitment: m.commitment,
    ...(commitment?.momentsRevealedAt
      ? { moments: m.moments, salt: m.salt, results: momentsResult?.[sourceId] ?? [] }
      : { moments: null, salt: null, results: null }),
  }));
  return c.json({
    contest_id: row.id,
    name: row.name,
    status: row.status,
    algorithm: DRAW_ALGORITHM,
    seed_commitment: commitment?.seedCommitment ?? null,
    committed_at: commitment?.committedAt ?? null,
    seed: revealed ? (commitment?.seed ?? null) : null,
    revealed_at: revealed ? (commitment?.revealedAt ?? null) : null,
    drawn_at: draw?.createdAt ?? null,
    entrants_hash: draw?.entrantsHash ?? null,
    entrants_count: draw?.entrantsCount ?? null,
    entrants: draw ? draw.entrants : null,
    winners: draw?.winners ?? [],
    substitutes: draw?.substitutes ?? [],
    winners_count: draw?.winnersCount ?? null,
    substitutes_count: draw?.substitutesCount ?? null,
    winners_accounts: (draw?.winners ?? []).map(accountOf),
    substitutes_accounts: (draw?.substitutes ?? []).map(accountOf),
    winning_moments: moments,
  });
});

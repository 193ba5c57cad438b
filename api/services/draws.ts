/**
 * Draws (docs/draw.md): test draws and the one final draw of a contest, over a frozen list of entrant ids, with
 * engine/lifecycle's drawWinners and the contest's committed seed.
 *
 * - The list is frozen when the draw is made: the ids of the accounts with a valid entry that the manual check
 *   did not reject (api/services/entrants.ts drawableIds), less the winners of winning moments, in canonical
 *   order; the draw stores it with its hash.
 * - How many: config.nb_winners (the form's base.nb_winners, 1 for a quick import), at most the team's winners
 *   quota; one substitute per winner. Winning moments won at the close count as winners already (unless the
 *   manual check rejected their winner): the draw picks the rest.
 * - A test draw uses the same seed under its own label (test:1, test:2, ...): it shows what a draw looks like and
 *   reveals nothing of the final one. The final draw reveals the seed (anyone can then recompute it on /verify),
 *   moves the contest to ended (drawn_at) and schedules the winners publications and private messages.
 */
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { canonicalEntrantIds, drawWinners, type FrozenListRead } from "../../engine/lifecycle";
import type { Catalog } from "../catalog";
import type { TeamRow } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { type contests, drawCommitments, draws, entrants, users } from "../db/tables";
import { newId } from "../ids";
import { commitContest, findCommitment } from "./commitments";
import { moveStatus, type StatusMove } from "./contest-status";
import { drawableIds, type StoredFunnel } from "./entrants";
import { teamQuotas } from "./teams";

export type DrawRow = typeof draws.$inferSelect;
type ContestRow = typeof contests.$inferSelect;
type Tx = Db;

export const DRAW_ALGORITHM = "fairdraw-draw-v1";

/** The winners a contest's settings ask for (see the file's comment), and one substitute each. */
export function drawCounts(
  catalog: Catalog,
  team: Pick<TeamRow, "plan" | "quotas" | "subscription">,
  row: Pick<ContestRow, "config" | "cbData">,
): { winners: number; substitutes: number } {
  const fromConfig = row.config?.nb_winners;
  const fromForm = (row.cbData?.base as Record<string, unknown> | undefined)?.nb_winners;
  const asked = [fromConfig, fromForm].find(
    (n): n is number => typeof n === "number" && Number.isInteger(n) && n >= 1,
  );
  const quota = teamQuotas(catalog, team).winners;
  const winners = Math.max(1, Math.min(asked ?? 1, quota > 0 ? quota : 1));
  return { winners, substitutes: winners };
}

/**
 * The winners of winning moments resolved at the close (entrant ids, in moment order), less those the manual
 * check rejected since (a rejection rejects the account: it wins nothing, and the final draw picks one more).
 */
export async function momentWinners(db: Pick<Db, "select">, contestId: string): Promise<string[]> {
  const result = (await findCommitment(db, contestId))?.momentsResult ?? {};
  const out: string[] = [];
  for (const resolved of Object.values(result)) {
    if (!Array.isArray(resolved)) continue;
    for (const r of resolved) {
      const winner = (r as { winner?: unknown }).winner;
      if (typeof winner === "string" && !out.includes(winner)) out.push(winner);
    }
  }
  if (out.length === 0) return out;
  const rejected = new Set(
    (
      await db
        .select({ id: entrants.id })
        .from(entrants)
        .where(
          and(
            eq(entrants.contestId, contestId),
            eq(entrants.manualCheck, "rejected"),
            inArray(entrants.id, out),
          ),
        )
    ).map((r) => r.id),
  );
  return out.filter((id) => !rejected.has(id));
}

export async function findFinalDraw(db: Pick<Db, "select">, contestId: string): Promise<DrawRow | undefined> {
  return await first(
    db
      .select()
      .from(draws)
      .where(and(eq(draws.contestId, contestId), eq(draws.kind, "final"))),
  );
}

export async function listDraws(db: Pick<Db, "select">, contestId: string) {
  return await db
    .select({ draw: draws, userName: users.name })
    .from(draws)
    .leftJoin(users, eq(users.id, draws.createdBy))
    .where(eq(draws.contestId, contestId))
    .orderBy(draws.createdAt, draws.id);
}

export type DrawOutcome = { draw: DrawRow; move: StatusMove | null };

/**
 * Makes a draw in the caller's transaction. The caller has checked what the person may do; here only what the
 * contest allows is checked again where the write happens (`refuse` says why not: a closed contest for the
 * final draw, a single final draw).
 */
export async function makeDraw(
  tx: Tx,
  input: {
    /** How many winners and substitutes (drawCounts). */
    counts: { winners: number; substitutes: number };
    contest: ContestRow;
    kind: "test" | "final";
    userId: string | null;
    at: string;
    refuse: (why: "contestNotClosed" | "contestAlreadyDrawn") => Error;
  },
): Promise<DrawOutcome> {
  const { contest, kind, at } = input;
  if (kind === "final") {
    if (await findFinalDraw(tx, contest.id)) throw input.refuse("contestAlreadyDrawn");
    if (contest.status !== "closed") throw input.refuse("contestNotClosed");
  }
  // A contest that was never scheduled (a quick import) gets its seed on its first draw.
  if (!(await findCommitment(tx, contest.id))) await commitContest(tx, contest, at);
  const commitment = await findCommitment(tx, contest.id);
  if (!commitment) throw new Error("no draw commitment");
  const { winners, substitutes } = input.counts;
  const moments = await momentWinners(tx, contest.id);
  const ids = canonicalEntrantIds((await drawableIds(tx, contest.id)).filter((id) => !moments.includes(id)));
  const testIndex =
    kind === "test"
      ? ((
          await first(
            tx
              .select({ n: count() })
              .from(draws)
              .where(and(eq(draws.contestId, contest.id), eq(draws.kind, "test"))),
          )
        )?.n ?? 0) + 1
      : 0;
  const reads = listReadsOf(contest);
  const result = drawWinners({
    seed: commitment.seed,
    entrantIds: ids,
    reads,
    winners: Math.max(0, winners - moments.length),
    substitutes,
    kind,
    testIndex,
  });
  const draw: DrawRow = {
    id: newId(),
    contestId: contest.id,
    kind,
    testIndex,
    entrants: ids,
    entrantsHash: result.entrantsHash,
    listReads: reads,
    entrantsCount: result.entrantsCount,
    winnersCount: Math.max(0, winners - moments.length),
    substitutesCount: substitutes,
    winners: result.winners,
    substitutes: result.substitutes,
    seedCommitment: result.seedCommitment,
    createdBy: input.userId,
    createdAt: at,
  };
  await tx.insert(draws).values(draw);
  let move: StatusMove | null = null;
  if (kind === "final") {
    await tx
      .update(drawCommitments)
      .set({ revealedAt: at })
      .where(and(eq(drawCommitments.contestId, contest.id), isNull(drawCommitments.revealedAt)));
    move = await moveStatus(tx, contest.id, "ended", at, { drawnAt: at });
  }
  return { draw, move };
}

/**
 * What the contest's last load recorded of how much of each action's list the networks let us read (its funnel),
 * in the order recorded: the frozen list's metadata, covered by its hash.
 */
function listReadsOf(contest: Pick<ContestRow, "funnel">): FrozenListRead[] {
  const lists = (contest.funnel as Partial<StoredFunnel> | null)?.lists ?? [];
  return lists.map((l) => ({
    source_id: l.source_id,
    provider: l.provider,
    action: l.action,
    listed: l.listed,
    total: l.total,
  }));
}

/** A draw as the API answers it; the seed only for a final draw (the seed is revealed by it). */
export function drawShape(
  row: DrawRow,
  extra: { createdByName: string | null; seed: string | null; momentWinners: string[] },
) {
  return {
    _id: row.id,
    contest_id: row.contestId,
    kind: row.kind as "test" | "final",
    test_index: row.kind === "test" ? row.testIndex : null,
    algorithm: DRAW_ALGORITHM,
    entrants_count: row.entrantsCount,
    entrants_hash: row.entrantsHash,
    list_reads: row.listReads ?? [],
    winners_count: row.winnersCount,
    substitutes_count: row.substitutesCount,
    winners: row.winners,
    substitutes: row.substitutes,
    moment_winners: row.kind === "final" ? extra.momentWinners : [],
    seed_commitment: row.seedCommitment,
    seed: row.kind === "final" ? extra.seed : null,
    created_by: row.createdBy ? { _id: row.createdBy, name: extra.createdByName ?? "" } : null,
    created_at: row.createdAt,
  };
}

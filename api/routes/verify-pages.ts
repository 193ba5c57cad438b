/**
 * The public verify API's long lists a page at a time (docs/draw.md "Published lists"; issue 16): a 50 000-entrant
 * contest's lists are megabytes, so GET /verify/{id} carries only their first page, their size, their page count
 * and their hash, and these routes the rest. The lists never change once published, so a page is the same on
 * every call. Public, no sign-in, like GET /verify/{id}.
 *
 * GET /verify/:contestId/entrants/:page → { page, pages, count, items }: the final draw's entrants list (canonical
 * order), once the draw is made.
 * GET /verify/:contestId/moments/:sourceId/entries/:page → { page, pages, count, items: [{ id, at }] }: the list a
 * source's winning moments were resolved over, once they are revealed (the close).
 * A contest that does not exist (or is a draft, or deleted), a list not published yet and a page past the end are a
 * 404. Each page is compressed on the way like every answer (api/middleware/compress.ts).
 *
 * A list is stored whole (one JSON value): a page would read and parse megabytes for 5 000 items. Published lists
 * never change, so the last few read are kept in memory (keyed by the contest and when its moments were revealed,
 * or by the final draw's id): the next pages of the same list, as the page asks for them one after the other, cost
 * a slice.
 */
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { momentsEntriesHash, pageCount, pageOf } from "../../engine/lifecycle";
import type { AppEnv } from "../context";
import { first } from "../db/query";
import { contests, draws } from "../db/tables";
import { AppError } from "../errors";
import { committedMoments, findCommitment, momentsEntriesOf } from "../services/commitments";
import { findFinalDraw } from "../services/draws";

/** A page number from 1 (a page past the end is a 404 of its own); typed as plain `:page` for the client. */
const PAGE = ":page{[1-9][0-9]*}" as ":page";

type Db = AppEnv["Variables"]["deps"]["db"];

async function publishedContest(db: Db, contestId: string): Promise<string> {
  const row = await first(
    db
      .select({ id: contests.id, status: contests.status })
      .from(contests)
      .where(and(eq(contests.id, contestId), isNull(contests.deletedAt))),
  );
  if (!row || row.status === "draft") throw new AppError("notFound", { message: "error.notFound.contest" });
  return row.id;
}

function answerPage<T>(list: readonly T[], page: number) {
  const pages = pageCount(list.length);
  if (page > pages) throw new AppError("notFound", { message: "error.notFound.list" });
  return { page, pages, count: list.length, items: pageOf(list, page) };
}

const LISTS_KEPT = 4;
const lists = new Map<string, Promise<unknown>>();

/** A published list, read once and kept for the next pages (the last LISTS_KEPT lists). */
function kept<T>(key: string, read: () => Promise<T>): Promise<T> {
  const known = lists.get(key);
  if (known) {
    lists.delete(key);
    lists.set(key, known);
    return known as Promise<T>;
  }
  const reading = read();
  reading.catch(() => lists.delete(key));
  if (lists.size >= LISTS_KEPT) lists.delete(lists.keys().next().value as string);
  lists.set(key, reading);
  return reading;
}

const hashes = new Map<string, string>();
const HASHES_KEPT = 64;

/**
 * A source's moments entries list's hash. The list never changes once the moments are revealed, so the hash is
 * kept for the next call (the last 64 lists), instead of hashing megabytes for every visit of a big contest.
 */
export function momentsEntriesHashOf(
  contestId: string,
  sourceId: string,
  revealedAt: string,
  entries: readonly { id: string; at: string }[],
): string {
  const key = `${contestId}:${sourceId}:${revealedAt}:${entries.length}`;
  let hash = hashes.get(key);
  if (hash === undefined) {
    hash = momentsEntriesHash(entries);
    if (hashes.size >= HASHES_KEPT) hashes.delete(hashes.keys().next().value as string);
    hashes.set(key, hash);
  }
  return hash;
}

export const verifyPagesRoutes = new Hono<AppEnv>()
  .get(`/verify/:contestId/entrants/${PAGE}`, async (c) => {
    const { db } = c.get("deps");
    const contestId = await publishedContest(db, c.req.param("contestId"));
    const draw = await first(
      db
        .select({ id: draws.id })
        .from(draws)
        .where(and(eq(draws.contestId, contestId), eq(draws.kind, "final"))),
    );
    if (!draw) throw new AppError("notFound", { message: "error.notFound.list" });
    const entrants = await kept(
      `draw:${draw.id}`,
      async () => (await findFinalDraw(db, contestId))?.entrants ?? [],
    );
    return c.json(answerPage(entrants, Number(c.req.param("page"))));
  })
  .get(`/verify/:contestId/moments/:sourceId/entries/${PAGE}`, async (c) => {
    const { db } = c.get("deps");
    const contestId = await publishedContest(db, c.req.param("contestId"));
    const commitment = await findCommitment(db, contestId);
    const sourceId = c.req.param("sourceId");
    if (commitment?.momentsRevealedAt == null || !committedMoments(commitment)[sourceId]) {
      throw new AppError("notFound", { message: "error.notFound.list" });
    }
    const all = await kept(`moments:${contestId}:${commitment.momentsRevealedAt}`, async () =>
      momentsEntriesOf(db, contestId),
    );
    const entries = all[sourceId] ?? [];
    return c.json(answerPage(entries, Number(c.req.param("page"))));
  });

/**
 * Finding a team's contests and templates, and their lists: newest first (created_at, then id); prev_id is the
 * newer neighbour, next_id the older; a draft's neighbours are drafts, a contest's the default list's.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { first } from "../../db/query";
import { contests, templates } from "../../db/tables";
import { countOf, ofTemplates } from "./counts";
import { CONTEST_STATUSES, type ContestRow, type TemplateRow } from "./form";

type Reader = Pick<Db, "select">;

/** The team's contest or draft with that id; undefined for another team's, a deleted or a missing one. */
export async function findContest(db: Reader, teamId: string, id: string): Promise<ContestRow | undefined> {
  return await first(
    db
      .select()
      .from(contests)
      .where(and(eq(contests.id, id), eq(contests.teamId, teamId), isNull(contests.deletedAt))),
  );
}

export async function findTemplate(db: Reader, teamId: string, id: string): Promise<TemplateRow | undefined> {
  return await first(
    db
      .select()
      .from(templates)
      .where(and(eq(templates.id, id), eq(templates.teamId, teamId), isNull(templates.deletedAt))),
  );
}

/** The statuses of the list a contest appears in: drafts among drafts, the others in the default list. */
export function listOf(status: string): readonly string[] {
  return status === "draft" ? ["draft"] : CONTEST_STATUSES;
}

function inList(teamId: string, statuses: readonly string[]): SQL | undefined {
  return and(
    eq(contests.teamId, teamId),
    inArray(contests.status, [...statuses]),
    isNull(contests.deletedAt),
  );
}

/** The newer (prev) and older (next) neighbours of a contest in its list. */
export async function neighboursOf(
  db: Reader,
  row: Pick<ContestRow, "id" | "teamId" | "status" | "createdAt">,
): Promise<{ prev_id: string | null; next_id: string | null }> {
  const where = inList(row.teamId, listOf(row.status));
  const newer = or(
    gt(contests.createdAt, row.createdAt),
    and(eq(contests.createdAt, row.createdAt), gt(contests.id, row.id)),
  );
  const older = or(
    lt(contests.createdAt, row.createdAt),
    and(eq(contests.createdAt, row.createdAt), lt(contests.id, row.id)),
  );
  const prev = await first(
    db
      .select({ id: contests.id })
      .from(contests)
      .where(and(where, newer))
      .orderBy(asc(contests.createdAt), asc(contests.id)),
  );
  const next = await first(
    db
      .select({ id: contests.id })
      .from(contests)
      .where(and(where, older))
      .orderBy(desc(contests.createdAt), desc(contests.id)),
  );
  return { prev_id: prev?.id ?? null, next_id: next?.id ?? null };
}

/** One page of a list in its order, with the neighbours across the page's edges and the total. */
async function pageOf<T extends { id: string }>(
  total: number,
  rows: (offset: number, limit: number) => Promise<T[]>,
  page: number,
  perPage: number,
): Promise<{ items: (T & { prev_id: string | null; next_id: string | null })[]; total: number }> {
  const start = (page - 1) * perPage;
  const from = Math.max(0, start - 1);
  const fetched = await rows(from, perPage + (start > 0 ? 2 : 1));
  const before = start > 0 ? fetched[0] : undefined;
  const own = fetched.slice(start > 0 ? 1 : 0, (start > 0 ? 1 : 0) + perPage);
  const after = fetched[(start > 0 ? 1 : 0) + perPage];
  return {
    items: own.map((row, i) => ({
      ...row,
      prev_id: (i === 0 ? before : own[i - 1])?.id ?? null,
      next_id: (i === own.length - 1 ? after : own[i + 1])?.id ?? null,
    })),
    total,
  };
}

/** The columns a list item shows (contestListItem); a function: the tables are bound when the database opens. */
export const listColumns = () => ({
  id: contests.id,
  name: contests.name,
  status: contests.status,
  type: contests.type,
  providers: contests.providers,
  startAt: contests.startAt,
  closeAt: contests.closeAt,
  entriesCount: contests.entriesCount,
  sandbox: contests.sandbox,
  createdAt: contests.createdAt,
  paidContest: contests.paidContest,
  forPayment: contests.forPayment,
});

export type ContestListRow = Pick<
  ContestRow,
  | "id"
  | "name"
  | "status"
  | "type"
  | "providers"
  | "startAt"
  | "closeAt"
  | "entriesCount"
  | "sandbox"
  | "createdAt"
  | "paidContest"
  | "forPayment"
>;

/**
 * The list's two queries, prepared once per database and status filter: building drizzle's SQL cost more than
 * running it (both read the contests_team_list index alone).
 */
function prepareList(db: Reader, statuses: readonly string[], key: string) {
  const where = and(
    eq(contests.teamId, sql.placeholder("teamId")),
    inArray(contests.status, [...statuses]),
    isNull(contests.deletedAt),
  );
  return {
    // PostgreSQL names a prepared statement once per connection and text: one name per status filter.
    count: db.select({ n: count() }).from(contests).where(where).prepare(`contests_list_count_${key}`),
    page: db
      // Only what a list item shows: the stored form (tens of KB each) is not read for a list.
      .select(listColumns())
      .from(contests)
      .where(where)
      .orderBy(desc(contests.createdAt), desc(contests.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(`contests_list_page_${key}`),
  };
}
const preparedLists = new WeakMap<Reader, Map<string, ReturnType<typeof prepareList>>>();

export async function listContests(
  db: Reader,
  teamId: string,
  statuses: readonly string[],
  page: number,
  perPage: number,
) {
  let byStatuses = preparedLists.get(db);
  if (!byStatuses) {
    byStatuses = new Map();
    preparedLists.set(db, byStatuses);
  }
  const key = statuses.join(",");
  let list = byStatuses.get(key);
  if (!list) {
    if (byStatuses.size >= 64) byStatuses.clear();
    list = prepareList(db, statuses, key);
    byStatuses.set(key, list);
  }
  const { count: total, page: rows } = list;
  return pageOf(
    (await total.execute({ teamId }))[0]?.n ?? 0,
    (offset, limit) => rows.execute({ teamId, offset, limit }),
    page,
    perPage,
  );
}

export async function listTemplates(db: Reader, teamId: string, page: number, perPage: number) {
  const where = ofTemplates(teamId);
  return pageOf(
    await countOf(db, templates, where),
    async (offset, limit) =>
      await db
        .select()
        .from(templates)
        .where(where)
        .orderBy(desc(templates.createdAt), desc(templates.id))
        .limit(limit)
        .offset(offset),
    page,
    perPage,
  );
}

/**
 * A contest's entries (the entrants table): read from each source's driver, filtered with engine/lifecycle's
 * applyFilters, stored with a verdict and its reason codes, and the funnel kept with the contest for the
 * statistics.
 *
 * - A load replaces the contest's entries. Manual checks made before, and who last opened each entrant's profile
 *   (the manual check needs the reviewer's own opening), survive a reload for the accounts still there (same id).
 * - A load reads at most `limit` entries over all sources, in source order then in the order each network lists
 *   them (by the time they entered): the first ones are kept, and the answer says so (truncated).
 * - Previous winners (the filter of base.exclude_previous_winners) are the winners of the final draws and of the
 *   winning moments (those the manual check did not reject) of the team's other contests of the last 12 months
 *   (the filter then keeps those of the months the contest asks). The sandbox is given them too: a few enter
 *   again, so a rehearsal's filter has someone to catch.
 * - An account may enter twice (the filter marks the later entry a duplicate, or it entered two sources of one
 *   network): rows are told apart by position; the draw counts each account once (its id), when any of its
 *   entries is valid and its manual check did not reject it.
 * - A classic contest's setup (api/routes/contest-setup.ts) runs the filters again over the stored entries
 *   (refilterEntries): verdicts and funnel change, the entries do not.
 */

import { and, asc, count, eq, gte, inArray, isNotNull, lt, ne, or } from "drizzle-orm";
import { applyFilters, checkableSource, type Entrant, type Funnel } from "../../engine/lifecycle";
import { type ProviderFacts, profileUrlOf } from "../../engine/provider";
import { toTime } from "../../engine/values";
import constants from "../../schemas/constants.json";
import type { Catalog, ProviderDefinition } from "../catalog";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { insertMany } from "../db/insert-many";
import { jsonText } from "../db/json-sql";
import { first } from "../db/query";
import { contests, drawCommitments, draws, entrants } from "../db/tables";
import type { DriverDeps } from "../drivers";
import type { ListReadability, NetworkDriver } from "../drivers/types";
import { contestSources, formBaseOf, formSourcesOf } from "./contest-sources";
import type { StoredSource } from "./contests/form";
import { momentWinners } from "./draws";

export type EntrantRow = typeof entrants.$inferSelect;
type ContestRow = typeof contests.$inferSelect;
type Tx = Pick<Db, "select" | "insert" | "update" | "delete">;

/** At most this many entries are loaded by hand into a classic contest (app-shell.md §9). */
export const CLASSIC_LOAD_MAX = constants.contest.classic_load_max_entries;
/** A tunnel contest's load at the close reads at most this many (a safety bound, not a product limit). */
export const TUNNEL_LOAD_MAX = 50_000;

const YEAR_MS = 366 * 86_400_000;

/** The stored funnel: the filters' counts and how the load went. */
export type StoredFunnel = Funnel & {
  /** Entries the networks gave (up to limit + 1). */
  read: number;
  /** Entries kept (at most the limit). */
  kept: number;
  truncated: boolean;
  limit: number;
  by_source: { source_id: string; provider: string; total: number; valid: number }[];
  /**
   * How much of each asked action's list each source's network let us read ("likes: 100 listed of 412"):
   * the frozen list's metadata (docs/draw.md), absent from funnels stored before it existed.
   */
  lists?: SourceReadability[];
};

/** One source's ListReadability, as the funnel and the frozen list keep it. */
export type SourceReadability = ListReadability & { source_id: string; provider: string };

export type PreparedLoad = {
  entrants: Entrant[];
  verdicts: { id: string; valid: boolean; reasons: string[] }[];
  funnel: StoredFunnel;
};

/** A previous winner of the team, with the handle and name it entered under (null when its entry is gone). */
export type PreviousWinner = {
  provider: string;
  external_id: string;
  won_at: string;
  screen_name: string | null;
  name: string | null;
};

/**
 * The winners of the team's other contests of the last 12 months (the previous-winners filter): their final
 * draws' winners and their winning moments' winners (momentWinners: not those the manual check rejected), most
 * recent first.
 */
export async function previousWinners(
  db: Pick<Db, "select">,
  teamId: string,
  contestId: string,
  now: Date,
): Promise<PreviousWinner[]> {
  const since = new Date(now.getTime() - YEAR_MS).toISOString();
  const others = and(eq(contests.teamId, teamId), ne(contests.id, contestId));
  const drawn = await db
    .select({ contestId: draws.contestId, winners: draws.winners, at: draws.createdAt })
    .from(draws)
    .innerJoin(contests, eq(contests.id, draws.contestId))
    .where(and(others, eq(draws.kind, "final"), gte(draws.createdAt, since)));
  const moments = await db
    .select({ contestId: drawCommitments.contestId, at: drawCommitments.momentsRevealedAt })
    .from(drawCommitments)
    .innerJoin(contests, eq(contests.id, drawCommitments.contestId))
    .where(and(others, gte(drawCommitments.momentsRevealedAt, since)));
  const won = [
    ...drawn,
    ...(await Promise.all(
      moments.map(async (m) => ({
        contestId: m.contestId,
        winners: await momentWinners(db, m.contestId),
        at: m.at ?? "",
      })),
    )),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const out: PreviousWinner[] = [];
  for (const w of won) {
    const rows = await entrantsOf(db, w.contestId, w.winners);
    for (const id of w.winners) {
      const colon = id.indexOf(":");
      if (colon <= 0) continue;
      const entry = rows.find((r) => r.id === id);
      out.push({
        provider: id.slice(0, colon),
        external_id: id.slice(colon + 1),
        won_at: w.at,
        screen_name: entry?.screenName ?? null,
        name: entry?.name ?? null,
      });
    }
  }
  return out;
}

/** At most this many entrants' profiles are fetched per source and load (app-shell.md §9: account fetch limit). */
export const PROFILE_FETCH_MAX = 200;

/**
 * The account-age filter needs each entrant's account creation date: those the network's entries did not carry
 * are fetched one profile at a time, the first `max` of them (the others stay unknown, and the filter keeps an
 * unknown age).
 */
export async function fillAccountAges(
  driver: Pick<NetworkDriver, "fetchProfile">,
  provider: ProviderDefinition,
  list: readonly Entrant[],
  now: Date,
  max: number,
): Promise<Entrant[]> {
  let fetched = 0;
  const out: Entrant[] = [];
  for (const e of list) {
    if (e.account_created_at !== null || fetched >= max) {
      out.push(e);
      continue;
    }
    fetched++;
    const profile = await driver.fetchProfile(provider, e.external_id, now);
    out.push({ ...e, account_created_at: profile.account_created_at });
  }
  return out;
}

/** The sources as the filters read them: the form's (with the stored _id), or the stored one of an import. */
function filterSources(row: ContestRow): Record<string, unknown>[] {
  const forms = formSourcesOf(row);
  const stored = (Array.isArray(row.sources) ? row.sources : []) as unknown as StoredSource[];
  return stored.map((s, i) => {
    const form = forms[i];
    return form && form.type === s.provider
      ? { ...form, _id: s._id }
      : { _id: s._id, type: s.provider, actions: s.actions ?? {} };
  });
}

/**
 * A contest's own window, from when it started (its start date until then) to its close date: what the sandbox
 * dates its entries in. None for a classic contest (a quick import reads a post that was out before it).
 */
export function contestWindow(
  row: Pick<ContestRow, "type" | "startedAt" | "startAt" | "closeAt">,
): { start: string; end: string } | null {
  if (row.type !== "tunnel") return null;
  const start = toTime(row.startedAt ?? row.startAt);
  const end = toTime(row.closeAt);
  if (start === null || end === null || end <= start) return null;
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/**
 * Reads the entries of every source from its driver (at most `limit` kept) and runs the filters. Nothing is
 * written: `writeEntries` stores the result in the caller's transaction.
 */
export async function readEntries(
  deps: DriverDeps & { catalog: Catalog },
  row: ContestRow,
  opts: { limit: number; now: Date; person?: boolean },
): Promise<PreparedLoad> {
  const read: Entrant[] = [];
  const lists: SourceReadability[] = [];
  const base = formBaseOf(row);
  const sandboxEntrants =
    typeof row.meta?.sandbox_entrants === "number" ? row.meta.sandbox_entrants : undefined;
  const winners = await previousWinners(deps.db, row.teamId, row.id, opts.now);
  const window = contestWindow(row);
  for (const source of await contestSources(deps, row, { person: opts.person === true })) {
    if (read.length > opts.limit) break;
    if (!source.driver || !source.provider) continue;
    const follow = (source.form?.actions as Record<string, unknown> | undefined)?.follow;
    const others = (follow as { other_accounts?: { enabled?: unknown; list?: unknown } } | undefined)
      ?.other_accounts;
    const accountsToFollow =
      others?.enabled === true && Array.isArray(others.list)
        ? others.list.filter((h): h is string => typeof h === "string")
        : [];
    const got = await source.driver.loadEntries({
      provider: source.provider,
      contest_id: row.id,
      source_id: source.stored._id,
      post_id: source.stored.post_id ?? source.stored.shortcode ?? null,
      // A Bluesky post is read by its author's handle, or by the DID its link named (quick import).
      post_author:
        source.stored.account?.screen_name ||
        (source.stored.poster_id?.startsWith("did:") ? source.stored.poster_id : null),
      account: source.account ?? source.reader,
      source: source.form ?? { type: source.stored.provider, actions: source.stored.actions ?? {} },
      accounts_to_follow: accountsToFollow,
      ...(base ? { base } : {}),
      now: opts.now,
      ...(window ? { window } : {}),
      limit: opts.limit + 1 - read.length,
      ...(sandboxEntrants !== undefined ? { sandbox_entrants: sandboxEntrants } : {}),
      previous_winners: winners
        .filter((w) => w.provider === source.stored.provider)
        .map((w) => ({ external_id: w.external_id, screen_name: w.screen_name, name: w.name })),
    });
    for (const list of got.lists)
      lists.push({ source_id: source.stored._id, provider: source.stored.provider, ...list });
    const ageFilter = (source.form?.account_age as { enabled?: unknown } | undefined)?.enabled === true;
    const filled = ageFilter
      ? await fillAccountAges(source.driver, source.provider, got.entrants, opts.now, PROFILE_FETCH_MAX)
      : got.entrants;
    // Whatever a driver answers, an entrant belongs to the source it was read from.
    for (const e of filled) read.push({ ...e, source_id: source.stored._id });
  }
  await keepFirstSights(deps.db, row.id, read);
  return prepareLoad(deps.db, row, read, { ...opts, providers: deps.catalog.providers, lists });
}

/**
 * An entry the network dates nowhere (a Bluesky repost) is dated by the load that first saw it: every load reads
 * it again with its own time, so an earlier load's first sight, stored, is kept (docs/draw.md).
 */
async function keepFirstSights(db: Db, contestId: string, read: Entrant[]): Promise<void> {
  if (!read.some((e) => e.first_seen)) return;
  const stored = await db
    .select({ id: entrants.id, sourceId: entrants.sourceId, firstAt: entrants.firstAt })
    .from(entrants)
    .where(and(eq(entrants.contestId, contestId), eq(entrants.firstSeen, true)));
  const earlier = new Map(stored.map((r) => [`${r.id} ${r.sourceId}`, r.firstAt]));
  for (const e of read) {
    const before = e.first_seen ? earlier.get(`${e.id} ${e.source_id}`) : undefined;
    if (before && Date.parse(before) < Date.parse(e.first_at)) e.first_at = before;
  }
}

/**
 * Keeps the first `limit` of what was read and runs the filters (the previous winners read from the team's draws;
 * `providers`, the catalogue's definitions, whose handle rules compare the excluded accounts and accounts to follow).
 */
export async function prepareLoad(
  db: Pick<Db, "select">,
  row: ContestRow,
  read: readonly Entrant[],
  opts: { limit: number; now: Date; providers: Catalog["providers"]; lists?: SourceReadability[] },
): Promise<PreparedLoad> {
  const base = formBaseOf(row);
  const truncated = read.length > opts.limit;
  const kept = read.slice(0, opts.limit);
  // An action the network listed only in part is not checked (those it did not list may have done it).
  const reads = opts.lists ?? [];
  const sources = filterSources(row).map((source) =>
    checkableSource(
      source,
      typeof source.type === "string" ? opts.providers.get(source.type) : undefined,
      reads.filter((r) => r.source_id === source._id),
    ),
  );
  const { verdicts, funnel } = applyFilters(
    kept,
    { sources, ...(base ? { base } : {}) },
    {
      now: opts.now.toISOString(),
      previousWinners: await previousWinners(db, row.teamId, row.id, opts.now),
      providers: opts.providers,
    },
  );
  const bySource = new Map<string, { source_id: string; provider: string; total: number; valid: number }>();
  kept.forEach((e, i) => {
    const entry = bySource.get(e.source_id) ?? {
      source_id: e.source_id,
      provider: e.provider,
      total: 0,
      valid: 0,
    };
    entry.total++;
    if (verdicts[i]?.valid) entry.valid++;
    bySource.set(e.source_id, entry);
  });
  return {
    entrants: kept,
    verdicts,
    funnel: {
      ...funnel,
      read: read.length,
      kept: kept.length,
      truncated,
      limit: opts.limit,
      by_source: [...bySource.values()],
      ...(opts.lists ? { lists: opts.lists } : {}),
    },
  };
}

/**
 * Stores a load: the contest's entries replaced (manual checks and profile openings kept by id), its counts,
 * funnel and dates. Answers the rows as written, in load order (the close resolves its moments over them rather
 * than reading them back).
 */
export async function writeEntries(
  tx: Tx,
  row: ContestRow,
  load: PreparedLoad,
  at: string,
): Promise<(typeof entrants.$inferInsert)[]> {
  const checks = new Map(
    (
      await tx
        .select({
          id: entrants.id,
          manualCheck: entrants.manualCheck,
          reasons: entrants.manualCheckReasons,
          checkedBy: entrants.checkedBy,
          checkedAt: entrants.checkedAt,
          profileOpenedBy: entrants.profileOpenedBy,
          profileOpenedAt: entrants.profileOpenedAt,
        })
        .from(entrants)
        .where(
          and(
            eq(entrants.contestId, row.id),
            or(ne(entrants.manualCheck, "pending"), isNotNull(entrants.profileOpenedBy)),
          ),
        )
    ).map((c) => [c.id, c]),
  );
  await tx.delete(entrants).where(eq(entrants.contestId, row.id));
  // What the networks sent comes without U+0000 already (the drivers' answers: api/drivers/index.ts storable).
  const rows: (typeof entrants.$inferInsert)[] = load.entrants.map((e, position) => {
    const verdict = load.verdicts[position];
    const check = checks.get(e.id);
    return {
      contestId: row.id,
      id: e.id,
      position,
      sourceId: e.source_id,
      provider: e.provider,
      externalId: e.external_id,
      screenName: e.screen_name,
      name: e.name,
      profileUrl: e.profile_url,
      accountCreatedAt: e.account_created_at,
      followers: e.followers,
      following: e.following,
      posts: e.posts,
      isBotSignal: e.is_bot_signal,
      comments: e.comments,
      did: e.did,
      repostRatio: e.repost_ratio === null ? null : Math.round(e.repost_ratio),
      firstAt: e.first_at,
      firstSeen: e.first_seen ?? false,
      valid: verdict?.valid ?? false,
      reasons: verdict?.reasons ?? [],
      manualCheck: check?.manualCheck ?? "pending",
      manualCheckReasons: check?.reasons ?? [],
      checkedBy: check?.checkedBy ?? null,
      checkedAt: check?.checkedAt ?? null,
      profileOpenedBy: check?.profileOpenedBy ?? null,
      profileOpenedAt: check?.profileOpenedAt ?? null,
      loadedAt: at,
    };
  });
  await insertMany(tx as Db, entrants, rows);
  const counts = new Map(load.funnel.by_source.map((s) => [s.source_id, s.total]));
  const sources = ((Array.isArray(row.sources) ? row.sources : []) as unknown as StoredSource[]).map((s) => ({
    ...s,
    entries_count: counts.get(s._id) ?? 0,
  }));
  await tx
    .update(contests)
    .set({
      entriesCount: load.entrants.length,
      entriesLoadedAt: at,
      funnel: load.funnel as unknown as Record<string, unknown>,
      sources: sources as unknown as Record<string, unknown>[],
      ...(row.type === "classic" ? { loadedAt: at } : {}),
      updatedAt: at,
    })
    .where(eq(contests.id, row.id));
  return rows;
}

/** A stored entry as the filters read it (what the network gave when it was loaded). */
function storedEntrant(row: EntrantRow): Entrant {
  return {
    id: row.id,
    provider: row.provider,
    source_id: row.sourceId,
    external_id: row.externalId,
    screen_name: row.screenName,
    name: row.name,
    profile_url: row.profileUrl,
    account_created_at: row.accountCreatedAt,
    followers: row.followers,
    following: row.following,
    posts: row.posts,
    is_bot_signal: row.isBotSignal,
    comments: row.comments,
    did: row.did as unknown as Entrant["did"],
    repost_ratio: row.repostRatio,
    first_at: row.firstAt,
    first_seen: row.firstSeen,
  };
}

/**
 * Runs the filters again over the entries already loaded, with the contest's settings as `row` holds them now
 * (a classic contest's setup): each entry's verdict and reasons, and the funnel, are rewritten in the caller's
 * transaction. The entries themselves, their manual checks and the load's own counts (read, truncated, limit,
 * the dates) stay as the load left them.
 */
export async function refilterEntries(
  tx: Tx,
  row: ContestRow,
  now: Date,
  at: string,
  providers: Catalog["providers"],
): Promise<StoredFunnel | null> {
  const rows = await entrantsOf(tx, row.id);
  if (rows.length === 0 && row.entriesLoadedAt === null) return null;
  const previous = (row.funnel ?? {}) as Partial<StoredFunnel>;
  const limit = typeof previous.limit === "number" ? previous.limit : CLASSIC_LOAD_MAX;
  // The entries are not read again: what the networks let us read is what the load recorded.
  const load = await prepareLoad(tx, row, rows.map(storedEntrant), {
    limit,
    now,
    providers,
    ...(previous.lists ? { lists: previous.lists } : {}),
  });
  for (const [i, r] of rows.entries()) {
    const verdict = load.verdicts[i];
    const valid = verdict?.valid ?? false;
    const reasons = verdict?.reasons ?? [];
    if (r.valid === valid && JSON.stringify(r.reasons) === JSON.stringify(reasons)) continue;
    await tx
      .update(entrants)
      .set({ valid, reasons })
      .where(and(eq(entrants.contestId, row.id), eq(entrants.position, r.position)));
  }
  const funnel: StoredFunnel = {
    ...load.funnel,
    read: typeof previous.read === "number" ? previous.read : load.funnel.read,
    truncated: previous.truncated === true,
  };
  await tx
    .update(contests)
    .set({ funnel: funnel as unknown as Record<string, unknown>, updatedAt: at })
    .where(eq(contests.id, row.id));
  return funnel;
}

/**
 * The accounts a draw may pick, in no particular order: each id with a valid entry whose manual check did not
 * reject it (a rejection rejects the account: every entry of that id).
 */
export async function drawableIds(
  db: Pick<Db, "select" | "selectDistinct">,
  contestId: string,
): Promise<string[]> {
  const rejected = new Set(
    (
      await db
        .select({ id: entrants.id })
        .from(entrants)
        .where(and(eq(entrants.contestId, contestId), eq(entrants.manualCheck, "rejected")))
    ).map((r) => r.id),
  );
  const valid = await db
    .selectDistinct({ id: entrants.id })
    .from(entrants)
    .where(and(eq(entrants.contestId, contestId), eq(entrants.valid, true)));
  return valid.map((r) => r.id).filter((id) => !rejected.has(id));
}

export async function entrantsOf(
  db: Pick<Db, "select">,
  contestId: string,
  ids?: readonly string[],
): Promise<EntrantRow[]> {
  if (ids && ids.length === 0) return [];
  return await db
    .select()
    .from(entrants)
    .where(and(eq(entrants.contestId, contestId), ids ? inArray(entrants.id, [...ids]) : undefined))
    .orderBy(asc(entrants.position));
}

/** The valid entries in load order with what says when each was made (the winning moments' list, momentEntries). */
export async function validEntryTimes(db: Pick<Db, "select">, contestId: string) {
  return await db
    .select({
      id: entrants.id,
      sourceId: entrants.sourceId,
      valid: entrants.valid,
      firstAt: entrants.firstAt,
      comments: entrants.comments,
    })
    .from(entrants)
    .where(and(eq(entrants.contestId, contestId), eq(entrants.valid, true)))
    .orderBy(asc(entrants.position));
}

/**
 * What the winning moments' replies need of the entries the filters kept, in load order: the entrant, its source,
 * its name and the first comment it made (the reply answers it). A close reads tens of thousands: only these four
 * columns, not the whole rows with their JSON.
 */
export async function momentReplyEntrants(
  db: Pick<Db, "select">,
  contestId: string,
  /** Moment winners answered even when their entry is no longer valid (a frozen winner keeps its moment). */
  winners: readonly string[] = [],
  /** Only the entries at these load positions, from `from` up to `to` excluded (a moment_replies job's share). */
  positions?: { from: number; to: number },
): Promise<{ id: string; sourceId: string; name: string; firstComment: string | null }[]> {
  return await db
    .select({
      id: entrants.id,
      sourceId: entrants.sourceId,
      name: entrants.name,
      firstComment: jsonText(entrants.comments, [0, "id"]),
    })
    .from(entrants)
    .where(
      and(
        eq(entrants.contestId, contestId),
        positions ? gte(entrants.position, positions.from) : undefined,
        positions ? lt(entrants.position, positions.to) : undefined,
        winners.length === 0
          ? eq(entrants.valid, true)
          : or(eq(entrants.valid, true), inArray(entrants.id, [...winners])),
      ),
    )
    .orderBy(asc(entrants.position));
}

/**
 * What "valid" means for every count and list of a contest's entries (the entries tabs, the final-draw dialog,
 * the draw): the filters kept the entry and the manual check did not reject its account. A rejected entry is
 * listed and counted with the removed ones (with its rejection's reasons).
 */
function validWhere(valid: boolean) {
  return valid
    ? and(eq(entrants.valid, true), ne(entrants.manualCheck, "rejected"))
    : or(eq(entrants.valid, false), eq(entrants.manualCheck, "rejected"));
}

/** One page of a contest's entries (?valid= filters, validWhere), in load order, with the total of the filter. */
export async function entriesPage(
  db: Pick<Db, "select">,
  contestId: string,
  opts: { valid: boolean | null; page: number; perPage: number },
): Promise<{ rows: EntrantRow[]; total: number }> {
  const where = and(
    eq(entrants.contestId, contestId),
    opts.valid === null ? undefined : validWhere(opts.valid),
  );
  const total = (await first(db.select({ n: count() }).from(entrants).where(where)))?.n ?? 0;
  const rows = await db
    .select()
    .from(entrants)
    .where(where)
    .orderBy(asc(entrants.position))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  return { rows, total };
}

/**
 * Valid and removed entries of a contest (validWhere), and how many accounts the final draw picks among: the
 * accounts with a valid entry (drawableIds), less the winners of winning moments (they won already). not_drawn
 * says why the two counts differ: valid entries of an account that entered more than once (it takes part once),
 * accounts the manual check rejected through another of their entries, and the moments' winners.
 */
export async function entriesCounts(
  db: Pick<Db, "select" | "selectDistinct">,
  contestId: string,
): Promise<{
  valid: number;
  invalid: number;
  drawable: number;
  not_drawn: { repeated: number; rejected: number; moment_winners: number };
}> {
  const countOf = async (valid: boolean) =>
    (
      await first(
        db
          .select({ n: count() })
          .from(entrants)
          .where(and(eq(entrants.contestId, contestId), validWhere(valid))),
      )
    )?.n ?? 0;
  const moments = new Set(await momentWinners(db, contestId));
  const valid = await countOf(true);
  const accounts = (
    await db
      .selectDistinct({ id: entrants.id })
      .from(entrants)
      .where(and(eq(entrants.contestId, contestId), validWhere(true)))
  ).length;
  const drawableAll = await drawableIds(db, contestId);
  const drawable = drawableAll.filter((id) => !moments.has(id)).length;
  return {
    valid,
    invalid: await countOf(false),
    drawable,
    not_drawn: {
      repeated: valid - accounts,
      rejected: Math.max(0, accounts - drawableAll.length),
      moment_winners: drawableAll.length - drawable,
    },
  };
}

/**
 * An entry in the stored/entry shape (ContestEntry), with what the filters and the draw said of it, as `viewer`
 * (the signed-in user's id) sees it: manual_check.profile_opened says whether they opened the entrant's profile.
 */
export function entryShape(
  row: EntrantRow,
  draw: { winners: Set<string>; substitutes: Set<string> },
  viewer: string,
) {
  return {
    _id: row.id,
    contest_id: row.contestId,
    position: row.position,
    source_id: row.sourceId,
    account: {
      provider: row.provider,
      id: row.externalId,
      name: row.name,
      screen_name: row.screenName,
      profile_picture: null,
      url: row.profileUrl,
      created_at: row.accountCreatedAt,
      // What a reviewer judges an account by, beside its age (read from its profile at the load).
      followers: row.followers,
      following: row.following,
      posts: row.posts,
    },
    meta: { [row.provider]: { comments: row.comments.map((c) => ({ id: c.id, valid: row.valid })) } },
    manual_check: {
      status: row.manualCheck as "pending" | "approved" | "rejected",
      reasons: row.manualCheckReasons,
      comments: row.comments.map((c) => ({
        provider: row.provider,
        id: c.id,
        text: c.text,
        shortcode: null,
      })),
      checked_at: row.checkedAt,
      profile_opened: row.profileOpenedBy === viewer,
    },
    valid: row.valid,
    reasons: row.reasons,
    did: row.did,
    first_at: row.firstAt,
    first_seen: row.firstSeen,
    winner: draw.winners.has(row.id),
    substitute: draw.substitutes.has(row.id),
    created_at: row.loadedAt,
  };
}

/** Marks an account's entries checked by hand (approve or reject). */
export async function checkEntrant(
  tx: Pick<Db, "update">,
  contestId: string,
  id: string,
  check: { status: "approved" | "rejected"; reasons: string[]; by: string; clock: Clock },
): Promise<number> {
  const changed = await tx
    .update(entrants)
    .set({
      manualCheck: check.status,
      manualCheckReasons: check.reasons,
      checkedBy: check.by,
      checkedAt: check.clock().toISOString(),
    })
    .where(and(eq(entrants.contestId, contestId), eq(entrants.id, id)))
    .returning({ id: entrants.id });
  return changed.length;
}

/**
 * The entrant's profile page: the address the network gave, else the provider's profile_url pattern filled with the
 * handle (providers/<name>.json, as the web's profileUrlOf); only http(s) addresses; null when there is none.
 */
export function entrantProfileUrl(
  row: Pick<EntrantRow, "profileUrl" | "screenName">,
  provider: ProviderFacts | undefined,
): string | null {
  const web = (url: string) => {
    try {
      const { protocol } = new URL(url);
      return protocol === "https:" || protocol === "http:" ? url : null;
    } catch {
      return null;
    }
  };
  const stored = row.profileUrl ? web(row.profileUrl) : null;
  if (stored) return stored;
  const filled = profileUrlOf(provider, row.screenName);
  return filled ? web(filled) : null;
}

/**
 * Records that `by` opened the account's profile (every entry of that id, as the manual check applies to all of
 * them): the latest opening replaces the one before, whoever made it.
 */
export async function recordProfileOpening(
  tx: Pick<Db, "update">,
  contestId: string,
  id: string,
  opening: { by: string; at: string },
): Promise<number> {
  const changed = await tx
    .update(entrants)
    .set({ profileOpenedBy: opening.by, profileOpenedAt: opening.at })
    .where(and(eq(entrants.contestId, contestId), eq(entrants.id, id)))
    .returning({ id: entrants.id });
  return changed.length;
}

/** Whether `userId` opened the profile of the account these rows (all of one id) are entries of. */
export function profileOpenedBy(
  rows: readonly Pick<EntrantRow, "profileOpenedBy">[],
  userId: string,
): boolean {
  return rows.some((r) => r.profileOpenedBy === userId);
}

/** A drawn account as the drawing page and the public winners page show it: network, handle, name, profile. */
export type PickedAccount = { provider: string; screen_name: string; name: string; url: string | null };

/**
 * The accounts behind ids a draw picked (winners, substitutes, moments' winners), by id: the first entry of each
 * (load order), so a page names every pick without reading the whole entries list.
 */
export async function pickedAccounts(
  db: Pick<Db, "select">,
  catalog: Pick<Catalog, "providers">,
  contestId: string,
  ids: readonly string[],
): Promise<Record<string, PickedAccount>> {
  const accounts: Record<string, PickedAccount> = {};
  for (const row of await entrantsOf(db, contestId, [...new Set(ids)])) {
    if (accounts[row.id]) continue;
    accounts[row.id] = {
      provider: row.provider,
      screen_name: row.screenName,
      name: row.name,
      url: entrantProfileUrl(row, catalog.providers.get(row.provider)),
    };
  }
  return accounts;
}

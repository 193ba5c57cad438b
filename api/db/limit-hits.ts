/**
 * The abuse limits' counted events (api/limits.ts) in the `limit_hits` table, one store per dialect
 * (docs/decisions/021-postgresql.md, plan step 3). A hit is taken only while fewer than `max` hits of the same
 * name and key are in the window, and the count and the insert are one step that no other process can split:
 * - SQLite: one INSERT … SELECT … WHERE (count) < max statement (a statement is atomic; one writer at a time);
 * - PostgreSQL: the same statement in a transaction that first takes
 *   pg_advisory_xact_lock(hashtext(name || ':' || key)), so two processes counting the same key queue (READ
 *   COMMITTED alone would let both see max - 1 hits and both insert). Other keys never wait.
 */
import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { newId } from "../ids";
import { type SqliteDb, sqliteAsDb } from "./client";
import * as pgSchema from "./pg/schema";
import * as sqliteSchema from "./schema";
import { transaction } from "./transaction";

/** What a key has in a window: how many hits, and the oldest one's time (null when none). */
export type WindowUse = { count: number; oldest: string | null };

export type LimitHits = {
  /** Hits of name/key after `since` (exclusive). */
  use(name: string, key: string, since: string): Promise<WindowUse>;
  /** Records a hit at `at`, whatever the count; answers its id. */
  hit(name: string, key: string, at: string): Promise<string>;
  /**
   * Records a hit at `at` only if fewer than `max` hits are after `since`: its id, or null (refused: nothing
   * written, the caller answers from `use`).
   */
  take(name: string, key: string, at: string, since: string, max: number): Promise<string | null>;
  /** Removes one hit (an attempt that turned out not to count). */
  remove(id: string): Promise<void>;
  /** Deletes the hits at or before `before`; answers how many. */
  prune(before: string): Promise<number>;
};

type PgDb = NodePgDatabase<Record<string, unknown>>;

const conditionalInsert = (
  t: typeof sqliteSchema.limitHits | typeof pgSchema.limitHits,
  row: { id: string; name: string; key: string; at: string },
  since: string,
  max: number,
) =>
  sql`INSERT INTO ${t} (${sql.identifier("id")}, ${sql.identifier("name")}, ${sql.identifier("key")}, ${sql.identifier("at")})
      SELECT ${row.id}, ${row.name}, ${row.key}, ${row.at}
       WHERE (SELECT count(*) FROM ${t} WHERE ${t.name} = ${row.name} AND ${t.key} = ${row.key} AND ${t.at} > ${since}) < ${max}`;

/**
 * SQLite: each write goes through `transaction` (queued behind the transaction another request holds open on the
 * one connection, which it would otherwise join, and roll back with).
 */
export function sqliteLimitHits(db: SqliteDb): LimitHits {
  const t = sqliteSchema.limitHits;
  const write = <T>(fn: () => Promise<T>): Promise<T> => transaction(sqliteAsDb(db), fn);
  return {
    async use(name, key, since) {
      const where = and(eq(t.name, name), eq(t.key, key), gt(t.at, since));
      const [row] = await db
        .select({ n: count(), oldest: sql<string | null>`min(${t.at})` })
        .from(t)
        .where(where);
      return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
    },
    hit: (name, key, at) =>
      write(async () => {
        const id = newId();
        await db.insert(t).values({ id, name, key, at });
        return id;
      }),
    take: (name, key, at, since, max) =>
      write(async () => {
        const id = newId();
        const result = db.run(conditionalInsert(t, { id, name, key, at }, since, max));
        return result.changes === 1 ? id : null;
      }),
    remove: (id) =>
      write(async () => {
        await db.delete(t).where(eq(t.id, id));
      }),
    prune: (before) =>
      write(async () => (await db.delete(t).where(lt(t.at, before)).returning({ id: t.id })).length),
  };
}

export function pgLimitHits(db: PgDb): LimitHits {
  const t = pgSchema.limitHits;
  return {
    async use(name, key, since) {
      const where = and(eq(t.name, name), eq(t.key, key), gt(t.at, since));
      const [row] = await db
        .select({ n: count(), oldest: sql<string | null>`min(${t.at})` })
        .from(t)
        .where(where);
      return { count: Number(row?.n ?? 0), oldest: row?.oldest ?? null };
    },
    async hit(name, key, at) {
      const id = newId();
      await db.insert(t).values({ id, name, key, at });
      return id;
    },
    async take(name, key, at, since, max) {
      const id = newId();
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${name}:${key}`}))`);
        const result = await tx.execute(conditionalInsert(t, { id, name, key, at }, since, max));
        return result.rowCount === 1 ? id : null;
      });
    },
    async remove(id) {
      await db.delete(t).where(eq(t.id, id));
    },
    async prune(before) {
      return (await db.delete(t).where(lt(t.at, before)).returning({ id: t.id })).length;
    },
  };
}

import type { SQL } from "drizzle-orm";
import type { Db, SqliteDb } from "./client";
import { dialectOf } from "./dialect";
/**
 * Reading one row in the one way both engines run (docs/decisions/021-postgresql.md): drizzle's PostgreSQL
 * builders have no `.get()`, and its better-sqlite3 builders are thenable, so `await first(q)` works on both.
 * Like `.get()`, it adds no LIMIT: add `.limit(1)` where the query may match many rows.
 */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/**
 * Rows of raw SQL (`sql```) on either engine: better-sqlite3's `all`, node-postgres's `execute(...).rows`. Prefer
 * the query builder; this is for SQL it cannot say. PostgreSQL returns bigint aggregates as strings: cast in SQL
 * or convert the fields.
 */
export async function rawAll<T>(db: Db, query: SQL): Promise<T[]> {
  if (dialectOf(db) === "postgresql") return (await db.execute(query)).rows as T[];
  return (db as unknown as SqliteDb).all<T>(query);
}

/**
 * Opening the database, on either engine (docs/decisions/021-postgresql.md, design of issue 17). `Db` is the one
 * database type of services, routes and the scheduler: PostgreSQL's drizzle database. On SQLite the object is
 * better-sqlite3's drizzle database cast once here (its builders are thenable and run the same calls: `await q`,
 * `await first(q)`, `.returning()`, `onConflictDo…`, `sql```); the drift check keeps the two schemas' types equal.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { dialectOf, markDialect } from "./dialect";
import { openPostgres } from "./pg/client";
import type * as pgSchema from "./pg/schema";
import * as schema from "./schema";
import { chooseDialect, type Dialect } from "./tables";
import { pgTransaction, registerTransaction, sqliteTransaction } from "./transaction";
import { parseDatabaseUrl } from "./url";

export type { Dialect };
export { dialectOf };

/** The database of services, routes and the scheduler, on either engine (typed as PostgreSQL's). */
export type Db = NodePgDatabase<typeof pgSchema>;

/** The SQLite database as better-sqlite3's drizzle sees it: for api/db and SQLite-only code. */
export type SqliteDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export type OpenDb = { db: Db; dialect: Dialect; close(): Promise<void> };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Opens (creating when missing) the SQLite file, sets WAL and foreign keys, applies pending migrations, and
 * registers it for `transaction(db, …)`. Synchronous, for tests and tools that hold a SQLite file.
 */
export function openSqlite(file: string): SqliteDb {
  chooseDialect("sqlite");
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  markDialect(db, "sqlite");
  registerTransaction(db, sqliteTransaction(db));
  return db;
}

/** @deprecated the SQLite opener of before issue 17; use openDb (or openSqlite in SQLite-only tests). */
export const openDatabase = openSqlite;

/** The SQLite database as the `Db` every service takes (the one cast of the data layer). */
export function sqliteAsDb(db: SqliteDb): Db {
  return db as unknown as Db;
}

/**
 * Opens DATABASE_URL: a SQLite file (migrated, as openSqlite) or a PostgreSQL pool (migrated under an advisory
 * lock, collation checked: api/db/pg/client.ts). Binds the tables of api/db/tables.ts to its dialect.
 */
export async function openDb(
  url: string,
  opts: { max?: number; onIdleError?: (err: Error) => void } = {},
): Promise<OpenDb> {
  const target = parseDatabaseUrl(url);
  if (target.dialect === "sqlite") {
    const sqlite = openSqlite(target.file);
    return {
      db: sqliteAsDb(sqlite),
      dialect: "sqlite",
      close: async () => {
        sqlite.$client.close();
      },
    };
  }
  chooseDialect("postgresql");
  const pg = await openPostgres(target.url, opts);
  markDialect(pg, "postgresql");
  registerTransaction(pg, pgTransaction(pg));
  return { db: pg, dialect: "postgresql", close: () => pg.$client.end() };
}

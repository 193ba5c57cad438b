/**
 * The PostgreSQL database (node-postgres pool + drizzle), migrated at open. Not yet wired into the server: the
 * services are synchronous over better-sqlite3 until the async data layer lands (docs/decisions/021-postgresql.md).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export const pgMigrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export class DatabaseSetupError extends Error {}

/**
 * Text must sort by code unit, as SQLite's BINARY collation does (ids, ISO dates, cursors, lists): a database in
 * a language collation (en_US.UTF-8, ICU) sorts "a" before "B" and skips punctuation. Checked by behaviour, so
 * it holds whatever the provider (libc, ICU) and the server version.
 */
async function checkCollation(client: pg.PoolClient): Promise<void> {
  // The catalog row as JSON: its locale columns differ by version (daticulocale in 15-16, datlocale from 17).
  const { rows } = await client.query<{ code_units: boolean; d: Record<string, unknown>; name: string }>(
    `SELECT ('B' < 'a') AND ('Z' < '_') AND ('a-b' < 'a0') AS code_units, to_jsonb(d) AS d,
            current_database() AS name
       FROM pg_database d WHERE datname = current_database()`,
  );
  const row = rows[0];
  if (row?.code_units) return;
  const d = row?.d ?? {};
  const icu = d.datlocprovider === "i";
  const collate = icu ? `ICU ${String(d.daticulocale ?? d.datlocale ?? "")}` : String(d.datcollate ?? "");
  throw new DatabaseSetupError(
    `PostgreSQL database "${row?.name}" sorts text by a language collation (${collate}); Fairdraw needs the C ` +
      `collation, as SQLite sorts. Create it with: CREATE DATABASE ${row?.name} TEMPLATE template0 ENCODING 'UTF8' ` +
      "LC_COLLATE 'C' LC_CTYPE 'C'",
  );
}

/**
 * The advisory lock key migrations are applied under ("fairdraw" as digits): one process migrates at a time. The
 * demo seed takes it too (api/db/seed.ts), so of processes starting at once on an empty database one seeds.
 */
export const SETUP_LOCK = "3247372917";

/**
 * Opens a pool on the URL and applies pending migrations. drizzle's migrator reads the last applied migration,
 * then applies the rest: two processes starting at once on an empty database would both create the tables, so it
 * runs under a session advisory lock (the second waits, then finds nothing to do).
 */
export async function openPostgres(
  url: string,
  opts: { max?: number; onIdleError?: (err: Error) => void } = {},
): Promise<PgDb> {
  // A server that does not answer (a partition, a failover under way) fails a query after 10 s, as one that refuses
  // does at once: a 503 (api/db/outage.ts) rather than a request that hangs.
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 10_000 });
  // An idle client the server drops (a restart, a failover, an administrator, a proxy's timeout) is taken out of
  // the pool, which then emits "error": without a listener that is an uncaught exception and the process dies.
  // The next query opens a new connection; the loss is only worth a log line.
  pool.on("error", (err) => opts.onIdleError?.(err));
  try {
    const client = await pool.connect();
    try {
      await checkCollation(client);
      await client.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK]);
      try {
        await migrate(drizzle(client), { migrationsFolder: pgMigrationsFolder });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [SETUP_LOCK]);
      }
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  return drizzle(pool, { schema });
}

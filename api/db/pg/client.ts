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

/** The advisory lock key migrations are applied under ("fairdraw" as digits): one process migrates at a time. */
const MIGRATION_LOCK = "3247372917";

/**
 * Opens a pool on the URL and applies pending migrations. drizzle's migrator reads the last applied migration,
 * then applies the rest: two processes starting at once on an empty database would both create the tables, so it
 * runs under a session advisory lock (the second waits, then finds nothing to do).
 */
export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<PgDb> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  try {
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      try {
        await migrate(drizzle(client), { migrationsFolder: pgMigrationsFolder });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
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

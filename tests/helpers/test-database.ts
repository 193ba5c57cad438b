/**
 * The database a test app or test server opens, on the engine TEST_DB names: `sqlite` (the default: a file in
 * the test's temporary folder) or `postgresql` (a fresh database copied from the run's migrated template,
 * tests/setup/postgres.ts, dropped at cleanup). One process serves one engine (api/db/tables.ts), so a run of
 * the `api-pg` project is PostgreSQL throughout and `unit` is SQLite throughout.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

export type TestEngine = "sqlite" | "postgresql";

export function testEngine(): TestEngine {
  const name = process.env.TEST_DB ?? "sqlite";
  if (name !== "sqlite" && name !== "postgresql") {
    throw new Error(`TEST_DB=${name}: expected sqlite (the default) or postgresql`);
  }
  return name;
}

async function onServer(adminUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops the database once the app's connections are gone: a pool's end() resolves before the server has seen
 * its sockets close, and FORCE would kill them mid-goodbye (an unhandled 57P01 in the test). Bounded: FORCE after
 * 2 s.
 */
async function dropWhenIdle(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
      [name],
    );
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** A database URL for one test app, and how to remove the database (after the app has closed it). */
export async function testDatabase(dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (testEngine() === "sqlite") return { url: path.join(dir, "test.db"), drop: async () => {} };
  const { adminUrl, template } = inject("postgres");
  const name = `fairdraw_t_${randomBytes(6).toString("hex")}`;
  await onServer(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(adminUrl, (c) => dropWhenIdle(c, name)),
  };
}

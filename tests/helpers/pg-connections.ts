import pg from "pg";

/**
 * Waits (bounded: 2 s) until no session but this one is connected to the database at url. pool.end() resolves
 * before its sockets are closed; dropping the database WITH (FORCE) meanwhile kills them mid-goodbye, which
 * node-postgres reports as an uncaught error.
 */
export async function connectionsGone(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      if (rows[0]?.n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await client.end();
  }
}

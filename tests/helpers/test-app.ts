import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { createApp } from "../../api/app";
import type { Catalog } from "../../api/catalog";
import type { Clock } from "../../api/clock";
import { openDb } from "../../api/db/client";
import { transaction } from "../../api/db/transaction";
import { createDeps } from "../../api/deps";
import { type Env, readEnv } from "../../api/env";
import { createLogger, type Logger } from "../../api/logger";
import { connectionsGone } from "./pg-connections";
import { testDatabase } from "./test-database";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A real app on a real database of its own, on the engine TEST_DB names (tests/helpers/test-database.ts): a
 * SQLite file in a fresh temporary folder, or a fresh PostgreSQL database copied from the run's template; uploads
 * in that folder. `cleanup()` closes the database and removes both. `env.databaseUrl`: open that database instead
 * (another app's, to play a second process on it; its owner removes it). `catalog`: one read from another
 * schemas/ folder (a test network added), instead of the process's. `logger`: where the app logs.
 */
export async function createTestApp(
  opts: { env?: Partial<Env>; clock?: Clock; catalog?: Catalog; logger?: Logger } = {},
) {
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-test-"));
  const database = opts.env?.databaseUrl
    ? { url: opts.env.databaseUrl, drop: async () => {} }
    : await testDatabase(dir);
  const env: Env = {
    ...readEnv({ NODE_ENV: "test" }),
    uploadDir: path.join(dir, "uploads"),
    webDist: path.join(dir, "no-web-build"),
    ...opts.env,
    databaseUrl: database.url,
  };
  // A small pool: test files run in parallel workers, each with apps of its own, on one server.
  const { db, dialect, close: closeDb } = await openDb(env.databaseUrl, { max: 4 });
  const clock = opts.clock ?? (() => new Date());
  const deps = createDeps({
    env,
    db,
    clock,
    logger: opts.logger ?? createLogger(env),
    ...(opts.catalog ? { catalog: opts.catalog } : {}),
  });
  const { app } = createApp(deps);
  // On PostgreSQL realtime events come back through LISTEN after the answer: a request is over for a test once
  // its events reached this app's sockets (at once on SQLite), so what a socket heard can be asserted right after.
  const request = app.request.bind(app);
  app.request = (async (...args: Parameters<typeof app.request>) => {
    const res = await request(...args);
    await deps.realtime.settled();
    return res;
  }) as typeof app.request;
  let closed = false;
  /** Closes the database (the app's process "ends"); the database itself stays until cleanup. */
  const close = async () => {
    if (closed) return;
    closed = true;
    // On PostgreSQL the realtime hub holds a LISTEN connection of its own (a no-op on SQLite).
    await deps.realtime.close();
    await closeDb();
  };
  let cleaned = false;
  return {
    app,
    deps,
    db,
    dialect,
    env,
    dir,
    close,
    /** Closes the database, drops it (PostgreSQL) and removes the folder; twice is harmless. */
    cleanup: async () => {
      if (cleaned) return;
      cleaned = true;
      try {
        await close();
        // pool.end() resolves before its sockets are closed: DROP … WITH (FORCE) would kill them mid-goodbye.
        if (dialect === "postgresql") await connectionsGone(env.databaseUrl);
        await database.drop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The better-sqlite3 connection under a SQLite test app, for what only SQLite offers (a transaction around a
 * whole request on the app's one connection, the file's bytes). Throws on PostgreSQL.
 */
export function sqliteConnection(t: Pick<TestApp, "db" | "dialect">): Database.Database {
  if (t.dialect !== "sqlite") throw new Error(`sqliteConnection: the test app runs on ${t.dialect}`);
  return (t.db as unknown as { $client: Database.Database }).$client;
}

const ROLLBACK = Symbol("rolled back on purpose");

/**
 * Runs `calls` (requests to the app) in a transaction rolled back afterwards, so each call of a long list starts
 * from the same rows. SQLite only: the app's one connection runs everything inside it (the app's own transactions
 * become savepoints); on PostgreSQL a pool's other connections would not see it.
 */
export async function rolledBack<T>(t: Pick<TestApp, "db" | "dialect">, calls: () => Promise<T>): Promise<T> {
  if (t.dialect !== "sqlite") throw new Error(`rolledBack: the test app runs on ${t.dialect}`);
  let result: T | undefined;
  try {
    await transaction(t.db, async () => {
      result = await calls();
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  return result as T;
}

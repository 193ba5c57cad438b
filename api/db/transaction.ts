/**
 * `await transaction(async (tx) => …)`, written once for both engines (docs/decisions/021-postgresql.md, plan
 * step 2). Not yet used by the services, which still call better-sqlite3's synchronous `db.transaction`.
 *
 * - SQLite: better-sqlite3 refuses an async transaction function, so BEGIN IMMEDIATE … COMMIT is issued by hand
 *   on the one connection, one transaction at a time (an in-process queue: SQLite has one writer anyway).
 * - PostgreSQL: drizzle's transaction on a pool client; a deadlock or serialization failure (40P01, 40001) runs
 *   the whole body again, up to 3 times (bodies only touch the database, so running one again is safe).
 * - Both: a transaction inside a transaction is a savepoint; `afterCommit(fn)` runs fn once the outermost
 *   transaction committed (never after a rollback): realtime events, mails.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { driverError } from "./errors";
import type { PgDb } from "./pg/client";

type Scope = { hooks: (() => void)[]; depth: number; tx: unknown };

const scopes = new AsyncLocalStorage<Scope>();

/** Runs fn after the current outermost transaction commits; at once outside a transaction. */
export function afterCommit(fn: () => void): void {
  const scope = scopes.getStore();
  if (scope) scope.hooks.push(fn);
  else fn();
}

/** Runs the hooks in order; one that throws does not stop the others, and the first error is thrown after. */
function runHooks(hooks: (() => void)[]): void {
  let first: unknown;
  for (const hook of hooks) {
    try {
      hook();
    } catch (err) {
      first ??= err;
    }
  }
  if (first !== undefined) throw first;
}

export type Transaction<Tx> = <T>(body: (tx: Tx) => Promise<T>) => Promise<T>;

/** SQLite: BEGIN IMMEDIATE / COMMIT on the connection, queued so that one runs at a time. */
export function sqliteTransaction(db: Db): Transaction<Db> {
  let queue: Promise<unknown> = Promise.resolve();
  return async <T>(body: (tx: Db) => Promise<T>): Promise<T> => {
    const outer = scopes.getStore();
    if (outer) {
      // Nested: a savepoint in the transaction already open (the queue is ours already).
      const name = `sp_${outer.depth + 1}`;
      const inner: Scope = { hooks: [], depth: outer.depth + 1, tx: db };
      db.run(sql.raw(`SAVEPOINT ${name}`));
      try {
        const result = await scopes.run(inner, () => body(db));
        db.run(sql.raw(`RELEASE ${name}`));
        // Its hooks wait for the outermost commit; a savepoint rolled back drops them.
        outer.hooks.push(...inner.hooks);
        return result;
      } catch (err) {
        db.run(sql.raw(`ROLLBACK TO ${name}`));
        db.run(sql.raw(`RELEASE ${name}`));
        throw err;
      }
    }
    const run = async (): Promise<T> => {
      const scope: Scope = { hooks: [], depth: 0, tx: db };
      db.run(sql`BEGIN IMMEDIATE`);
      let result: T;
      try {
        result = await scopes.run(scope, () => body(db));
        db.run(sql`COMMIT`);
      } catch (err) {
        if (db.$client.inTransaction) db.run(sql`ROLLBACK`);
        throw err;
      }
      runHooks(scope.hooks);
      return result;
    };
    const mine = queue.then(run, run);
    queue = mine.catch(() => undefined);
    return mine;
  };
}

const RETRYABLE = new Set(["40001", "40P01"]);

/** PostgreSQL: drizzle's transaction on a pool client, run again on a deadlock or serialization failure. */
export function pgTransaction(db: PgDb, opts: { attempts?: number } = {}): Transaction<PgDb> {
  const attempts = opts.attempts ?? 3;
  return async <T>(body: (tx: PgDb) => Promise<T>): Promise<T> => {
    const outer = scopes.getStore();
    if (outer) {
      const tx = outer.tx as PgDb;
      const hooks: (() => void)[] = [];
      const result = await tx.transaction((inner) =>
        scopes.run({ hooks, depth: outer.depth + 1, tx: inner }, () => body(inner as unknown as PgDb)),
      );
      outer.hooks.push(...hooks);
      return result;
    }
    for (let attempt = 1; ; attempt++) {
      const hooks: (() => void)[] = [];
      let result: T;
      try {
        result = await db.transaction((tx) =>
          scopes.run({ hooks, depth: 0, tx }, () => body(tx as unknown as PgDb)),
        );
      } catch (err) {
        const code = driverError(err)?.code;
        if (attempt < attempts && code !== undefined && RETRYABLE.has(code)) continue;
        throw err;
      }
      // Committed: a hook that throws is not a reason to run the body again.
      runHooks(hooks);
      return result;
    }
  };
}

/**
 * `await transaction(db, async (tx) => …)`, the one way to write more than one statement, on both engines
 * (docs/decisions/021-postgresql.md, plan step 2). openDb registers each database's runner here.
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
import type { Db, SqliteDb } from "./client";
import { dialectOf } from "./dialect";
import { driverError } from "./errors";
import type { PgDb } from "./pg/client";

// biome-ignore lint/suspicious/noExplicitAny: a runner of either engine, called with the body's own tx type
type AnyTransaction = Transaction<any>;
/** The open transaction of this async context: its hooks, depth, tx, and the runner that opened it. */
type Scope = { hooks: (() => void)[]; depth: number; tx: unknown; run: AnyTransaction };

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

const runners = new WeakMap<object, AnyTransaction>();

/** openDb's part: `transaction(db, …)` runs on this runner. */
export function registerTransaction(db: object, run: AnyTransaction): void {
  runners.set(db, run);
}

/**
 * Runs body in a transaction of db (BEGIN … COMMIT, or ROLLBACK when it throws). Called with a `tx` (inside a
 * transaction), it opens a savepoint in the transaction already open. Bodies do database work only (no network,
 * mail, file I/O, timers): what must follow the commit goes after the await, or into `afterCommit`.
 */
export function transaction<T>(db: Db, body: (tx: Db) => Promise<T>): Promise<T> {
  const run = runners.get(db) ?? scopes.getStore()?.run;
  if (!run) throw new Error("transaction(db, …): this database was not opened by openDb");
  return run(body);
}

/**
 * Serialises the transactions that count a team's quota before creating (contests, templates, uploads,
 * shortlinks, drafts for payment, members, teams per person, invites): on PostgreSQL the team's row is locked
 * until the commit, so two processes count one after the other; SQLite's single writer serialises already.
 */
export async function lockTeam(tx: Db, teamId: string): Promise<void> {
  if (!scopes.getStore())
    throw new Error("lockTeam outside a transaction: call it first in transaction(db, …)");
  if (dialectOf(tx) !== "postgresql") return;
  await tx.execute(sql`SELECT 1 FROM teams WHERE id = ${teamId} FOR UPDATE`);
}

/** A SQLite transaction's body awaited something other than the database: rolled back (see sqliteTransaction). */
export class TransactionAwaitedIo extends Error {
  constructor() {
    super(
      "transaction(db, …) on SQLite: the body awaited I/O that is not the database (network, file, timer); it was " +
        "rolled back. Do that work before the transaction, or after it (afterCommit).",
    );
    this.name = "TransactionAwaitedIo";
  }
}

/** SQLite: BEGIN IMMEDIATE / COMMIT on the connection, queued so that one runs at a time. */
export function sqliteTransaction(db: SqliteDb): Transaction<SqliteDb> {
  let queue: Promise<unknown> = Promise.resolve();
  const self = async <T>(body: (tx: SqliteDb) => Promise<T>): Promise<T> => {
    const outer = scopes.getStore();
    if (outer) {
      // Nested: a savepoint in the transaction already open (the queue is ours already).
      const name = `sp_${outer.depth + 1}`;
      const inner: Scope = { hooks: [], depth: outer.depth + 1, tx: db, run: self };
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
      const scope: Scope = { hooks: [], depth: 0, tx: db, run: self };
      // Ours are queued, so a transaction already open here was begun by hand on the connection (a test that
      // rolls each call back): the body joins it as a savepoint instead of failing on a nested BEGIN.
      const byHand = db.$client.inTransaction;
      db.run(sql.raw(byHand ? "SAVEPOINT fd_outer" : "BEGIN IMMEDIATE"));
      // The guard of the one connection: a body that awaits only SQLite calls ends within the event loop's current
      // turn, so no other request's statement can run inside it. One that awaited real I/O (a network, a file, a
      // timer) let the loop turn, and whatever ran meanwhile on the connection joined this transaction: it is
      // rolled back and refused, loudly, rather than committed with strangers' writes in it.
      let turned = false;
      const watch = setImmediate(() => {
        turned = true;
      });
      let result: T;
      try {
        result = await scopes.run(scope, () => body(db));
        clearImmediate(watch);
        if (turned && !byHand) throw new TransactionAwaitedIo();
        db.run(sql.raw(byHand ? "RELEASE fd_outer" : "COMMIT"));
      } catch (err) {
        clearImmediate(watch);
        if (byHand) {
          db.run(sql.raw("ROLLBACK TO fd_outer"));
          db.run(sql.raw("RELEASE fd_outer"));
        } else if (db.$client.inTransaction) db.run(sql`ROLLBACK`);
        throw err;
      }
      runHooks(scope.hooks);
      return result;
    };
    const mine = queue.then(run, run);
    queue = mine.catch(() => undefined);
    return mine;
  };
  return self;
}

const RETRYABLE = new Set(["40001", "40P01"]);

/** PostgreSQL: drizzle's transaction on a pool client, run again on a deadlock or serialization failure. */
export function pgTransaction(db: PgDb, opts: { attempts?: number } = {}): Transaction<PgDb> {
  const attempts = opts.attempts ?? 3;
  const self = async <T>(body: (tx: PgDb) => Promise<T>): Promise<T> => {
    const outer = scopes.getStore();
    if (outer) {
      const tx = outer.tx as PgDb;
      const hooks: (() => void)[] = [];
      const result = await tx.transaction((inner) =>
        scopes.run({ hooks, depth: outer.depth + 1, tx: inner, run: self }, () =>
          body(inner as unknown as PgDb),
        ),
      );
      outer.hooks.push(...hooks);
      return result;
    }
    for (let attempt = 1; ; attempt++) {
      const hooks: (() => void)[] = [];
      let result: T;
      try {
        result = await db.transaction((tx) =>
          scopes.run({ hooks, depth: 0, tx, run: self }, () => body(tx as unknown as PgDb)),
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
  return self;
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, count } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqlite, type SqliteDb } from "../../api/db/client";
import { mails } from "../../api/db/schema";
import {
  afterCommit,
  sqliteTransaction,
  type Transaction,
  TransactionAwaitedIo,
} from "../../api/db/transaction";

const at = "2026-06-01T12:00:00.000Z";
const mail = (id: string) => ({ id, to: "a@example.com", subject: id, text: "", createdAt: at });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Gives the other pending promises their turn without letting the event loop turn (what awaiting SQLite does). */
const yieldTurns = async (n: number) => {
  for (let i = 0; i < n; i++) await null;
};

describe("transaction(async (tx) => …) on SQLite", () => {
  let dir: string;
  let db: SqliteDb;
  let transaction: Transaction<SqliteDb>;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-tx-"));
    db = openSqlite(path.join(dir, "app.db"));
    transaction = sqliteTransaction(db);
  });
  afterEach(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const ids = async () =>
    (await db.select({ id: mails.id }).from(mails).orderBy(asc(mails.id))).map((r) => r.id);

  it("commits what the body wrote, then runs the after-commit hooks", async () => {
    const seen: boolean[] = [];
    const result = await transaction(async (tx) => {
      await tx.insert(mails).values(mail("m1"));
      afterCommit(() => seen.push(db.$client.inTransaction));
      await yieldTurns(5); // other promises run meanwhile: the transaction stays open across them
      await tx.insert(mails).values(mail("m2"));
      return "done";
    });
    expect(result).toBe("done");
    expect(await ids()).toEqual(["m1", "m2"]);
    expect(seen).toEqual([false]);
  });

  it("rolls everything back when the body throws, runs no hook, and passes the error on", async () => {
    let hookRan = false;
    await expect(
      transaction(async (tx) => {
        await tx.insert(mails).values(mail("m1"));
        afterCommit(() => {
          hookRan = true;
        });
        await yieldTurns(1);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await ids()).toEqual([]);
    expect(hookRan).toBe(false);
    expect(db.$client.inTransaction).toBe(false);
  });

  it("refuses and rolls back a body that awaited I/O: a write made meanwhile on the connection is not swept in", async () => {
    let hookRan = false;
    const refused = transaction(async (tx) => {
      await tx.insert(mails).values(mail("m1"));
      afterCommit(() => {
        hookRan = true;
      });
      await sleep(5); // real I/O: the event loop turns, and another request writes meanwhile
      await tx.insert(mails).values(mail("m2"));
    });
    // Another request's single write, outside transaction(), while the body waits: it ran on the one connection,
    // inside the open transaction, and goes with its rollback (what the guard makes loud instead of silent).
    setTimeout(() => void db.insert(mails).values(mail("other")).run(), 1);
    await expect(refused).rejects.toBeInstanceOf(TransactionAwaitedIo);
    expect(await ids()).toEqual([]);
    expect(hookRan).toBe(false);
    expect(db.$client.inTransaction).toBe(false);
    // The queue goes on: the next transaction commits.
    await transaction(async (tx) => {
      await tx.insert(mails).values(mail("m3"));
    });
    expect(await ids()).toEqual(["m3"]);
  });

  it("runs concurrent transactions one after the other: each sees the last one's writes", async () => {
    const numbers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transaction(async (tx) => {
          const [row] = await tx.select({ n: count() }).from(mails);
          await yieldTurns(i % 3); // let the others try to start meanwhile
          const next = (row?.n ?? 0) + 1;
          await tx.insert(mails).values(mail(`m${String(next).padStart(2, "0")}`));
          return next;
        }),
      ),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await ids()).toHaveLength(20);
  });

  it("makes a transaction inside a transaction a savepoint: its failure undoes only its own writes and hooks", async () => {
    const hooks: string[] = [];
    await transaction(async (tx) => {
      await tx.insert(mails).values(mail("outer"));
      afterCommit(() => hooks.push("outer"));
      await expect(
        transaction(async (inner) => {
          await inner.insert(mails).values(mail("inner-failed"));
          afterCommit(() => hooks.push("inner-failed"));
          throw new Error("inner refused");
        }),
      ).rejects.toThrow("inner refused");
      await transaction(async (inner) => {
        await inner.insert(mails).values(mail("inner-kept"));
        afterCommit(() => hooks.push("inner-kept"));
      });
      expect(hooks).toEqual([]);
    });
    expect(await ids()).toEqual(["inner-kept", "outer"]);
    expect(hooks).toEqual(["outer", "inner-kept"]);
  });

  it("runs an after-commit hook at once outside a transaction", () => {
    let ran = false;
    afterCommit(() => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});

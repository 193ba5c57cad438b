/**
 * The async data layer's core (api/db: openDb, tables, transaction, lockTeam, rawAll, json-sql), the same cases
 * on either engine: db-open.test.ts runs them on SQLite, db-open-pg.test.ts on PostgreSQL (one process serves
 * one dialect, so one file each).
 */
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { OpenDb } from "../../api/db/client";
import { dialectOf } from "../../api/db/client";
import { jsonRemove, jsonSet, jsonText } from "../../api/db/json-sql";
import { first, rawAll } from "../../api/db/query";
import { chosenDialect, mails, teams, users } from "../../api/db/tables";
import { afterCommit, lockTeam, transaction } from "../../api/db/transaction";
import { withoutNul } from "../../api/services/network-text";

const at = "2026-06-01T12:00:00.000Z";
const mail = (id: string) => ({ id, to: "a@example.com", subject: id, text: "", createdAt: at });

export function dataLayerCases(dialect: "sqlite" | "postgresql", open: () => Promise<OpenDb>) {
  const withDb = async (body: (db: OpenDb["db"]) => Promise<void>) => {
    const opened = await open();
    try {
      await body(opened.db);
    } finally {
      await opened.close();
    }
  };
  const mailIds = async (db: OpenDb["db"]) =>
    (await db.select({ id: mails.id }).from(mails).orderBy(mails.id)).map((r) => r.id);

  it("opens the engine the URL names and binds the tables to its dialect", async () => {
    const opened = await open();
    try {
      expect(opened.dialect).toBe(dialect);
      expect(dialectOf(opened.db)).toBe(dialect);
      expect(chosenDialect()).toBe(dialect);
      // The bound table is the dialect's own: a round trip through JSON and boolean columns keeps the values.
      await opened.db.insert(users).values({ id: "u1", name: "U", email: "u@example.com", createdAt: at });
      await opened.db
        .insert(teams)
        .values({ id: "t1", name: "T", ownerId: "u1", meta: { a: [1] }, createdAt: at });
      const team = await first(opened.db.select().from(teams).where(eq(teams.id, "t1")));
      expect(team?.meta).toEqual({ a: [1] });
      expect(team?.isDefault).toBe(false);
    } finally {
      await opened.close();
    }
  });

  it("commits a transaction's writes and then runs its after-commit hooks; rolls back on a throw", async () => {
    await withDb(async (db) => {
      const heard: string[] = [];
      const result = await transaction(db, async (tx) => {
        await tx.insert(mails).values(mail("m1"));
        afterCommit(() => heard.push("committed"));
        expect(heard).toEqual([]);
        return "done";
      });
      expect(result).toBe("done");
      expect(heard).toEqual(["committed"]);
      await expect(
        transaction(db, async (tx) => {
          await tx.insert(mails).values(mail("m2"));
          afterCommit(() => heard.push("never"));
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      expect(await mailIds(db)).toEqual(["m1"]);
      expect(heard).toEqual(["committed"]);
    });
  });

  it("runs transaction(tx, …) inside a transaction as a savepoint: the inner one rolls back alone", async () => {
    await withDb(async (db) => {
      await transaction(db, async (tx) => {
        await tx.insert(mails).values(mail("outer"));
        await expect(
          transaction(tx, async (inner) => {
            await inner.insert(mails).values(mail("inner"));
            throw new Error("inner refused");
          }),
        ).rejects.toThrow("inner refused");
        await transaction(tx, async (inner) => {
          await inner.insert(mails).values(mail("kept"));
        });
      });
      expect(await mailIds(db)).toEqual(["kept", "outer"]);
    });
  });

  it("refuses lockTeam outside a transaction, and takes it inside one", async () => {
    await withDb(async (db) => {
      await db.insert(users).values({ id: "u1", name: "U", email: "u@example.com", createdAt: at });
      await db.insert(teams).values({ id: "t1", name: "T", ownerId: "u1", createdAt: at });
      await expect(lockTeam(db, "t1")).rejects.toThrow(/outside a transaction/);
      await transaction(db, async (tx) => {
        await lockTeam(tx, "t1");
        await tx.insert(mails).values(mail("after-lock"));
      });
      expect(await mailIds(db)).toEqual(["after-lock"]);
    });
  });

  it("reads raw SQL rows with rawAll", async () => {
    await withDb(async (db) => {
      await db.insert(mails).values([mail("a"), mail("b")]);
      const rows = await rawAll<{ id: string }>(db, sql`SELECT id FROM mails ORDER BY id DESC`);
      expect(rows.map((r) => r.id)).toEqual(["b", "a"]);
    });
  });

  it("sets, reads and removes a JSON value at a path, creating the objects on the way, leaving the rest", async () => {
    await withDb(async (db) => {
      await db.insert(users).values({ id: "u1", name: "U", email: "u@example.com", createdAt: at });
      await db
        .insert(teams)
        .values({ id: "t1", name: "T", ownerId: "u1", meta: { keep: true }, createdAt: at });
      await db.insert(teams).values({ id: "t2", name: "T2", ownerId: "u1", createdAt: at });
      const metaOf = async (id: string) =>
        (await first(db.select({ meta: teams.meta }).from(teams).where(eq(teams.id, id))))?.meta;
      const key = 'src "1".x';
      await db
        .update(teams)
        .set({ meta: jsonSet(teams.meta, ["network_load", key], { cursor: "c1", list: 2 }) });
      expect(await metaOf("t1")).toEqual({ keep: true, network_load: { [key]: { cursor: "c1", list: 2 } } });
      // A null document becomes an object.
      expect(await metaOf("t2")).toEqual({ network_load: { [key]: { cursor: "c1", list: 2 } } });
      const cursor = await first(
        db
          .select({ v: jsonText(teams.meta, ["network_load", key, "cursor"]) })
          .from(teams)
          .where(eq(teams.id, "t1")),
      );
      expect(cursor?.v).toBe("c1");
      await db
        .update(teams)
        .set({ meta: jsonRemove(teams.meta, ["network_load", key]) })
        .where(eq(teams.id, "t1"));
      expect(await metaOf("t1")).toEqual({ keep: true, network_load: {} });
    });
  });

  it("stores what a network sent once U+0000 is removed (PostgreSQL refuses it in text and jsonb)", async () => {
    await withDb(async (db) => {
      const sent = { name: "A\u0000B", comments: [{ text: "x\u0000" }], "k\u0000": 1 };
      const clean = withoutNul(sent);
      expect(clean).toEqual({ name: "AB", comments: [{ text: "x" }], k: 1 });
      await db.insert(users).values({ id: "u1", name: clean.name, email: "u@example.com", createdAt: at });
      await db.insert(teams).values({ id: "t1", name: "T", ownerId: "u1", meta: clean, createdAt: at });
      expect((await first(db.select().from(teams)))?.meta).toEqual(clean);
    });
  });
}

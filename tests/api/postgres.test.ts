/**
 * The PostgreSQL dialect on a real server (tests/helpers/postgres.ts: TEST_DATABASE_URL, or a throwaway cluster
 * started from the installed binaries): its migrations build exactly the schema model, uniqueness and
 * transactions hold, and the scheduler's claim (FOR UPDATE SKIP LOCKED) never hands a job to two connections.
 * Without any PostgreSQL the file says so loudly and runs nothing; with FAIRDRAW_REQUIRE_POSTGRES=1 (CI) it fails.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, count, eq, like, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driverError, isUniqueViolation } from "../../api/db/errors";
import { claimDueJobsPg } from "../../api/db/pg/claim-jobs";
import { openPostgres, type PgDb, pgMigrationsFolder } from "../../api/db/pg/client";
import { listen, PayloadTooLarge, publish } from "../../api/db/pg/notify-bus";
import * as pgSchema from "../../api/db/pg/schema";
import { contests, idempotencyKeys, jobs, mails, teams, templates, users } from "../../api/db/pg/schema";
import * as sqliteSchema from "../../api/db/schema";
import { compareModels, type SchemaModel, schemaModel } from "../../api/db/schema-model";
import { afterCommit, pgTransaction } from "../../api/db/transaction";
import {
  createTestDatabase,
  postgresUnavailable,
  startTestPostgres,
  type TestPostgres,
} from "../helpers/postgres";
import { databaseModel } from "../helpers/postgres-model";

const unavailable = postgresUnavailable();
const required = process.env.FAIRDRAW_REQUIRE_POSTGRES === "1";
const runs = unavailable === null || required;
if (!runs) {
  console.warn(
    `\n!!! PostgreSQL tests NOT RUN: ${unavailable}.\n` +
      "!!! Set TEST_DATABASE_URL, or install Debian's postgresql; CI sets FAIRDRAW_REQUIRE_POSTGRES=1 and fails instead.\n",
  );
}

const NOW = new Date("2026-06-01T12:00:00.000Z");
const iso = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const CLAIM_TIMEOUT_MS = 5 * 60_000;

/** The model without the export names (a database does not know them). */
const withoutExportNames = (model: SchemaModel): SchemaModel =>
  Object.fromEntries(Object.entries(model).map(([name, t]) => [name, { ...t, exportName: "" }]));

describe.runIf(runs)("PostgreSQL, on a real server", () => {
  let server: TestPostgres | undefined;
  const drops: (() => Promise<void>)[] = [];
  const pools: PgDb[] = [];
  let db: PgDb;
  let dbUrl: string;

  async function freshDatabase(): Promise<string> {
    const database = await createTestDatabase((server as TestPostgres).adminUrl);
    drops.push(database.drop);
    return database.url;
  }

  async function open(url: string): Promise<PgDb> {
    const opened = await openPostgres(url, { max: 4 });
    pools.push(opened);
    return opened;
  }

  beforeAll(async () => {
    server = await startTestPostgres();
    dbUrl = await freshDatabase();
    db = await open(dbUrl);
    const version = await db.$client.query<{ server_version: string }>("SHOW server_version");
    console.warn(
      `\n[postgresql] these tests RAN on PostgreSQL ${version.rows[0]?.server_version}: ${server.source}\n`,
    );
  }, 120_000);

  afterAll(async () => {
    for (const pool of pools) await pool.$client.end();
    for (const drop of drops) await drop();
    await server?.stop();
  }, 60_000);

  async function seedTeam(id: string, opts: { frozen?: boolean; on?: PgDb } = {}) {
    const db = opts.on ?? defaultDb();
    await db
      .insert(users)
      .values({ id: `u-${id}`, name: "Owner", email: `${id}@example.com`, createdAt: iso(0) });
    await db.insert(teams).values({
      id,
      name: `Team ${id}`,
      ownerId: `u-${id}`,
      frozenLimitDate: opts.frozen ? iso(0) : null,
      createdAt: iso(0),
    });
    await db.insert(contests).values({
      id: `c-${id}`,
      teamId: id,
      name: "Contest",
      status: "planned",
      createdAt: iso(0),
      updatedAt: iso(0),
    });
  }

  const defaultDb = () => db;

  async function addJobs(contestId: string, n: number, on: PgDb = db) {
    const dueAt = iso(-1000);
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `${contestId}-job-${String(i).padStart(4, "0")}`,
      contestId,
      kind: "reminder",
      key: `r${i}`,
      dueAt,
      createdAt: iso(-2000),
    }));
    await on.insert(jobs).values(rows);
    return rows.map((r) => r.id);
  }

  it("applies the migrations once, even when two processes open an empty database at the same moment", async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    const journal = JSON.parse(readFileSync(path.join(pgMigrationsFolder, "meta", "_journal.json"), "utf8"));
    const applied = await a.$client.query("SELECT hash FROM drizzle.__drizzle_migrations");
    expect(applied.rowCount).toBe(journal.entries.length);
    expect(await b.select({ n: count() }).from(users)).toEqual([{ n: 0 }]);
    // Opening again applies nothing.
    const again = await open(url);
    expect((await again.$client.query("SELECT hash FROM drizzle.__drizzle_migrations")).rowCount).toBe(
      journal.entries.length,
    );
  });

  it("refuses a database that sorts text by a language collation, before creating anything in it", async () => {
    const name = `fairdraw_icu_${Date.now()}`;
    const admin = new pg.Client({ connectionString: (server as TestPostgres).adminUrl });
    await admin.connect();
    try {
      await admin.query(
        `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'`,
      );
      const url = new URL((server as TestPostgres).adminUrl);
      url.pathname = `/${name}`;
      await expect(openPostgres(url.toString())).rejects.toThrow(
        new RegExp(`"${name}" sorts text by a language collation.*LC_COLLATE 'C'`),
      );
      const probe = new pg.Client({ connectionString: url.toString() });
      await probe.connect();
      const tables = await probe.query(
        "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'",
      );
      await probe.end();
      expect(tables.rowCount).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it("builds exactly the schema model: tables, columns, types, nullability, defaults, keys, indexes", async () => {
    const client = await db.$client.connect();
    try {
      const live = await databaseModel(client);
      expect(
        compareModels(live, withoutExportNames(schemaModel(pgSchema)), ["database", "pg schema"]),
      ).toEqual([]);
      expect(
        compareModels(live, withoutExportNames(schemaModel(sqliteSchema)), ["database", "sqlite schema"]),
      ).toEqual([]);
      expect(Object.keys(live)).toHaveLength(Object.keys(schemaModel(sqliteSchema)).length);

      // The comparison sees a difference in the database (DDL is transactional: rolled back after).
      await client.query("BEGIN");
      await client.query("DROP INDEX jobs_status_due");
      await client.query("ALTER TABLE contests ALTER COLUMN status DROP NOT NULL");
      await client.query("ALTER TABLE users ALTER COLUMN locale SET DEFAULT 'fr'");
      const altered = await databaseModel(client);
      await client.query("ROLLBACK");
      expect(
        compareModels(altered, withoutExportNames(schemaModel(pgSchema)), ["database", "pg schema"]),
      ).toEqual([
        "contests.status: notNull false in database, true in pg schema",
        "jobs: index jobs_status_due only in pg schema",
        'users.locale: default "\\"fr\\"" in database, "\\"en\\"" in pg schema',
      ]);
    } finally {
      client.release();
    }
  });

  it("keeps one idempotency key per team: the second insert is a unique violation and its transaction leaves nothing", async () => {
    await seedTeam("t-idem");
    const response = { id: "c1", nested: { list: [3, 1, 2], flag: true }, text: "l'été 🎉" };
    await db.insert(idempotencyKeys).values({
      teamId: "t-idem",
      key: "key-1",
      scope: "POST /contests",
      requestHash: "h1",
      status: 201,
      response,
      createdAt: iso(0),
    });
    let caught: unknown;
    try {
      await db.transaction(async (tx) => {
        await tx.insert(templates).values({
          id: "tpl-1",
          teamId: "t-idem",
          name: "Half-written?",
          cbData: {},
          createdAt: iso(0),
          updatedAt: iso(0),
        });
        await tx.insert(idempotencyKeys).values({
          teamId: "t-idem",
          key: "key-1",
          scope: "POST /contests",
          requestHash: "h2",
          status: 201,
          response: {},
          createdAt: iso(1),
        });
      });
    } catch (err) {
      caught = err;
    }
    expect(isUniqueViolation(caught)).toBe(true);
    expect(driverError(caught)).toMatchObject({
      code: "23505",
      constraint: "idempotency_keys_team_id_key_pk",
    });
    expect(await db.select().from(templates).where(eq(templates.teamId, "t-idem"))).toEqual([]);
    const [kept] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.teamId, "t-idem"));
    expect(kept?.requestHash).toBe("h1");
    // JSON and dates come back as the services wrote them (jsonb, ISO text).
    expect(kept?.response).toEqual(response);
    expect(kept?.createdAt).toBe(iso(0));
    // Another team may use the same key.
    await seedTeam("t-idem-2");
    await db.insert(idempotencyKeys).values({
      teamId: "t-idem-2",
      key: "key-1",
      scope: "POST /contests",
      requestHash: "h1",
      status: 201,
      response: {},
      createdAt: iso(0),
    });
  });

  it("claims with FOR UPDATE SKIP LOCKED: a second connection takes the other jobs at once, never one locked by the first", async () => {
    await seedTeam("t-skip");
    const ids = await addJobs("c-t-skip", 5);
    const first = new pg.Client({ connectionString: dbUrl });
    const second = new pg.Client({ connectionString: dbUrl });
    await first.connect();
    await second.connect();
    try {
      // Were the second claim to wait on the first's locks, it would fail here rather than hang.
      await second.query("SET statement_timeout = 5000");
      await first.query("BEGIN");
      const held = await first.query<{ id: string }>(
        `SELECT id FROM jobs WHERE contest_id = 'c-t-skip' AND status = 'pending'
          ORDER BY due_at, id LIMIT 3 FOR UPDATE SKIP LOCKED`,
      );
      expect(held.rows.map((r) => r.id)).toEqual(ids.slice(0, 3));

      const taken = await claimDueJobsPg(drizzle(second), NOW, {
        limit: 10,
        claimTimeoutMs: CLAIM_TIMEOUT_MS,
      });
      expect(taken.map((j) => j.id)).toEqual(ids.slice(3));
      expect(
        taken.every((j) => j.status === "claimed" && j.attempts === 1 && j.claimedAt === NOW.toISOString()),
      ).toBe(true);

      await first.query(
        `UPDATE jobs SET status = 'claimed', claimed_at = $1, attempts = attempts + 1 WHERE id = ANY($2)`,
        [NOW.toISOString(), held.rows.map((r) => r.id)],
      );
      await first.query("COMMIT");
    } finally {
      await first.end();
      await second.end();
    }
    const rows = await db.select().from(jobs).where(eq(jobs.contestId, "c-t-skip"));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ["claimed", 1]));
    expect(await claimDueJobsPg(db, NOW, { limit: 10, claimTimeoutMs: CLAIM_TIMEOUT_MS })).toEqual([]);
  });

  it("hands each of 200 due jobs to exactly one of two pools claiming at once", async () => {
    // A database of its own: nothing else is due there.
    const url = await freshDatabase();
    const [one, other] = [await open(url), await open(url)];
    await seedTeam("t-many", { on: one });
    const ids = await addJobs("c-t-many", 200, one);
    const claimedBy = new Map<string, string>();
    const doubles: string[] = [];
    const drain = async (who: string, claimer: PgDb) => {
      for (let round = 0; round < 100; round++) {
        const batch = await claimDueJobsPg(claimer, NOW, { limit: 7, claimTimeoutMs: CLAIM_TIMEOUT_MS });
        if (batch.length === 0) return;
        for (const job of batch) {
          if (claimedBy.has(job.id)) doubles.push(job.id);
          claimedBy.set(job.id, who);
        }
      }
    };
    await Promise.all([drain("a", one), drain("b", other), drain("a2", one), drain("b2", other)]);
    expect(doubles).toEqual([]);
    expect([...claimedBy.keys()].sort()).toEqual(ids);
    // Counted from the database: each job claimed once.
    const attempts = await one
      .select({ attempts: jobs.attempts, n: count() })
      .from(jobs)
      .where(eq(jobs.contestId, "c-t-many"))
      .groupBy(jobs.attempts);
    expect(attempts).toEqual([{ attempts: 1, n: 200 }]);
    expect(new Set(claimedBy.values()).size).toBeGreaterThan(1);
  });

  it("claims a job again once its claim expired (its process died), and never a frozen team's job", async () => {
    const on = await open(await freshDatabase());
    await seedTeam("t-stale", { on });
    await seedTeam("t-frozen", { frozen: true, on });
    const [stale] = await addJobs("c-t-stale", 1, on);
    await addJobs("c-t-frozen", 2, on);
    const opts = { limit: 10, claimTimeoutMs: CLAIM_TIMEOUT_MS };
    const claimed = await claimDueJobsPg(on, NOW, opts);
    expect(claimed.map((j) => j.id)).toEqual([stale]);
    // The process that claimed it stops; just before the timeout nobody may take it, at the timeout anyone may.
    expect(await claimDueJobsPg(on, new Date(NOW.getTime() + CLAIM_TIMEOUT_MS - 1), opts)).toEqual([]);
    const again = await claimDueJobsPg(on, new Date(NOW.getTime() + CLAIM_TIMEOUT_MS), opts);
    expect(again.map((j) => [j.id, j.attempts])).toEqual([[stale, 2]]);
  });

  it("transaction(): commits, rolls back, makes nested ones savepoints, runs hooks only after the commit", async () => {
    const transaction = pgTransaction(db);
    const mail = (id: string) => ({ id, to: "a@example.com", subject: id, text: "", createdAt: iso(0) });
    const ids = async () =>
      (
        await db.select({ id: mails.id }).from(mails).where(like(mails.id, "tx-%")).orderBy(asc(mails.id))
      ).map((r) => r.id);
    const hooks: string[] = [];
    await transaction(async (tx) => {
      await tx.insert(mails).values(mail("tx-outer"));
      afterCommit(() => hooks.push("outer"));
      await expect(
        transaction(async (inner) => {
          await inner.insert(mails).values(mail("tx-inner-failed"));
          afterCommit(() => hooks.push("inner-failed"));
          throw new Error("inner refused");
        }),
      ).rejects.toThrow("inner refused");
      await transaction(async (inner) => {
        await inner.insert(mails).values(mail("tx-inner-kept"));
        afterCommit(() => hooks.push("inner-kept"));
      });
      expect(hooks).toEqual([]);
    });
    expect(hooks).toEqual(["outer", "inner-kept"]);
    await expect(
      transaction(async (tx) => {
        await tx.insert(mails).values(mail("tx-rolled-back"));
        afterCommit(() => hooks.push("rolled-back"));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await ids()).toEqual(["tx-inner-kept", "tx-outer"]);
    expect(hooks).toEqual(["outer", "inner-kept"]);
  });

  it("transaction(): a deadlock between two transactions is resolved by running the loser again", async () => {
    const transaction = pgTransaction(db);
    await db.insert(mails).values([
      { id: "dl-a", to: "a@example.com", subject: "0", text: "", createdAt: iso(0) },
      { id: "dl-b", to: "b@example.com", subject: "0", text: "", createdAt: iso(0) },
    ]);
    const bump = (tx: PgDb, id: string) =>
      tx.execute(sql`UPDATE mails SET subject = (subject::int + 1)::text WHERE id = ${id}`);
    // Each first locks one row, waits until the other holds the other row, then asks for it: a deadlock,
    // which PostgreSQL breaks (40P01) after deadlock_timeout by failing one of them.
    let aLocked!: () => void;
    let bLocked!: () => void;
    const aHolds = new Promise<void>((r) => {
      aLocked = r;
    });
    const bHolds = new Promise<void>((r) => {
      bLocked = r;
    });
    const runs = { a: 0, b: 0 };
    await Promise.all([
      transaction(async (tx) => {
        runs.a++;
        await bump(tx, "dl-a");
        if (runs.a === 1) {
          aLocked();
          await bHolds;
        }
        await bump(tx, "dl-b");
      }),
      transaction(async (tx) => {
        runs.b++;
        await bump(tx, "dl-b");
        if (runs.b === 1) {
          bLocked();
          await aHolds;
        }
        await bump(tx, "dl-a");
      }),
    ]);
    // At least one body ran again (the retry itself may deadlock once more); each committed exactly once.
    expect(runs.a + runs.b).toBeGreaterThan(2);
    const rows = await db
      .select({ id: mails.id, n: mails.subject })
      .from(mails)
      .where(like(mails.id, "dl-%"));
    expect(rows.sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      { id: "dl-a", n: "2" },
      { id: "dl-b", n: "2" },
    ]);
  });

  it("realtime bus: a message published in a transaction reaches every process's listener at commit, never on rollback", async () => {
    const heard = { a: [] as unknown[], b: [] as unknown[] };
    const a = listen(dbUrl, { onMessage: (m) => heard.a.push(m) });
    const b = listen(dbUrl, { onMessage: (m) => heard.b.push(m) });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const transaction = pgTransaction(db);
      const first = { kind: "team", teamId: "t1", event: { type: "load_contest", contest_id: "c1" } };
      await transaction(async (tx) => {
        await publish(tx, first);
        await new Promise((r) => setTimeout(r, 200));
        expect(heard).toEqual({ a: [], b: [] });
      });
      await expect.poll(() => heard.b).toEqual([first]);
      await expect(
        transaction(async (tx) => {
          await publish(tx, { never: true });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await publish(db, { after: true });
      // Messages arrive in commit order: once "after" is in, the rolled-back one would have been before it.
      await expect.poll(() => heard.a).toEqual([first, { after: true }]);
      await expect.poll(() => heard.b).toEqual([first, { after: true }]);
      await expect(publish(db, { big: "x".repeat(8000) })).rejects.toThrow(PayloadTooLarge);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("realtime bus: a listener whose connection drops comes back, asks for a resync, and hears again", async () => {
    let resyncs = 0;
    const heard: unknown[] = [];
    const listener = listen(dbUrl, {
      onMessage: (m) => heard.push(m),
      onResync: () => resyncs++,
      onError: () => undefined, // the termination itself
    });
    try {
      await listener.ready();
      const killed = await db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND query = 'LISTEN fairdraw_realtime'`,
      );
      expect(killed.rowCount).toBe(1);
      await expect.poll(() => resyncs, { timeout: 10_000 }).toBe(1);
      await publish(db, { again: true });
      await expect.poll(() => heard).toEqual([{ again: true }]);
    } finally {
      await listener.close();
    }
  });
});

/**
 * The async data layer's core on PostgreSQL (the cases: ./data-layer-cases.ts), on a real server
 * (tests/helpers/postgres.ts); plus what only PostgreSQL has to do: lockTeam makes a second transaction wait.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../api/db/client";
import { teams, users } from "../../api/db/tables";
import { lockTeam, transaction } from "../../api/db/transaction";
import {
  createTestDatabase,
  postgresUnavailable,
  startTestPostgres,
  type TestPostgres,
} from "../helpers/postgres";
import { dataLayerCases } from "./data-layer-cases";

const unavailable = postgresUnavailable();
const runs = unavailable === null || process.env.FAIRDRAW_REQUIRE_POSTGRES === "1";
if (!runs) console.warn(`\n!!! db-open-pg NOT RUN: ${unavailable}\n`);

describe.runIf(runs)("the data layer on PostgreSQL", () => {
  let server: TestPostgres | undefined;
  const drops: (() => Promise<void>)[] = [];
  const fresh = async () => {
    const database = await createTestDatabase((server as TestPostgres).adminUrl);
    drops.push(database.drop);
    return openDb(database.url, { max: 4 });
  };
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    for (const drop of drops) await drop();
    await server?.stop();
  }, 60_000);

  dataLayerCases("postgresql", fresh);

  it("makes a second transaction that locks the same team wait for the first one's commit", async () => {
    const { db, close } = await fresh();
    try {
      const at = "2026-06-01T12:00:00.000Z";
      await db.insert(users).values({ id: "u1", name: "U", email: "u@example.com", createdAt: at });
      await db.insert(teams).values({ id: "t1", name: "T", ownerId: "u1", createdAt: at });
      const order: string[] = [];
      let locked!: () => void;
      const firstHolds = new Promise<void>((resolve) => {
        locked = resolve;
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const one = transaction(db, async (tx) => {
        await lockTeam(tx, "t1");
        order.push("one locked");
        locked();
        await released; // a test's stand-in for the quota count and insert that take time
        await tx.update(teams).set({ name: "one" }).where(eq(teams.id, "t1"));
        order.push("one done");
      });
      await firstHolds;
      const two = transaction(db, async (tx) => {
        await lockTeam(tx, "t1");
        order.push("two locked");
        const row = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, "t1"));
        order.push(`two saw ${row[0]?.name}`);
      });
      await new Promise((r) => setTimeout(r, 200));
      order.push("released");
      release();
      await Promise.all([one, two]);
      expect(order).toEqual(["one locked", "released", "one done", "two locked", "two saw one"]);
    } finally {
      await close();
    }
  });
});

describe.runIf(runs)("a PostgreSQL connection the server drops", () => {
  let server: TestPostgres | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    await drop?.();
    await server?.stop();
  }, 60_000);

  it("is reported and replaced: the process does not die and the next query works", async () => {
    const database = await createTestDatabase((server as TestPostgres).adminUrl);
    drop = database.drop;
    const dropped: Error[] = [];
    const { db, close } = await openDb(database.url, { max: 2, onIdleError: (err) => dropped.push(err) });
    try {
      // Two idle connections in the pool.
      await Promise.all([db.select().from(users), db.select().from(teams)]);
      const admin = new pg.Client({ connectionString: (server as TestPostgres).adminUrl });
      await admin.connect();
      try {
        await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [new URL(database.url).pathname.slice(1)],
        );
      } finally {
        await admin.end();
      }
      for (let i = 0; i < 100 && dropped.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(dropped.length).toBeGreaterThan(0);
      expect((dropped[0] as Error & { code?: string }).code).toBe("57P01");
      expect(await db.select().from(users)).toEqual([]);
    } finally {
      await close();
    }
  });
});

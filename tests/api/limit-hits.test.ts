/**
 * The abuse limits' hits in the database (api/db/limit-hits.ts, api/limits.ts): the same behaviour on SQLite and
 * on a real PostgreSQL server, and on PostgreSQL two processes (two pools) taking the last free hits of one key at
 * once never both pass. Without PostgreSQL its half says so loudly and is not run (CI sets
 * FAIRDRAW_REQUIRE_POSTGRES=1 and fails instead).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client";
import { type LimitHits, pgLimitHits, sqliteLimitHits } from "../../api/db/limit-hits";
import { openPostgres, type PgDb } from "../../api/db/pg/client";
import * as pgSchema from "../../api/db/pg/schema";
import { AppError } from "../../api/errors";
import { Limiter, type LimitName, readLimits } from "../../api/limits";
import { connectionsGone } from "../helpers/pg-connections";
import {
  createTestDatabase,
  postgresUnavailable,
  startTestPostgres,
  type TestPostgres,
} from "../helpers/postgres";

const unavailable = postgresUnavailable();
const required = process.env.FAIRDRAW_REQUIRE_POSTGRES === "1";
const pgRuns = unavailable === null || required;
if (!pgRuns) console.warn(`\n!!! limit_hits on PostgreSQL NOT RUN: ${unavailable}.\n`);

const START = new Date("2026-06-01T12:00:00.000Z");
const NAME: LimitName = "contact.per_user"; // 5 an hour

/** The same behaviour, whichever store. */
function limiterContract(open: () => LimitHits) {
  let now = START;
  const limiter = () => new Limiter(readLimits({}), () => now, open());

  it("refuses the hit past the max with 429 and retry_after counted from the oldest hit in the window", async () => {
    now = START;
    const l = limiter();
    for (let i = 0; i < 5; i++) {
      now = new Date(START.getTime() + i * 60_000);
      await l.take(NAME, "u1", "contact.too_many");
    }
    now = new Date(START.getTime() + 10 * 60_000);
    const refused = await l.take(NAME, "u1", "contact.too_many").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    // The oldest hit (START) leaves the hour window 50 minutes from now.
    expect((refused as AppError).extra).toEqual({ limit: NAME, retry_after: 50 * 60 });
    await expect(l.check(NAME, "u1", "contact.too_many")).rejects.toBeInstanceOf(AppError);
    expect(await l.used(NAME, "u1")).toBe(5);
    // Another key is untouched.
    await l.take(NAME, "u2", "contact.too_many");
    expect(await l.used(NAME, "u2")).toBe(1);
    // Once the oldest hit is out of the window, one more passes.
    now = new Date(START.getTime() + 60 * 60_000 + 1);
    await l.take(NAME, "u1", "contact.too_many");
    await expect(l.take(NAME, "u1", "contact.too_many")).rejects.toBeInstanceOf(AppError);
  });

  it("takes back a forgotten hit, and hit counts whatever the count", async () => {
    now = new Date(START.getTime() + 5 * 3600_000);
    const l = limiter();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await l.take(NAME, "u3", "m"));
    await l.forget(ids[0] as string);
    expect(await l.used(NAME, "u3")).toBe(4);
    await l.hit(NAME, "u3");
    await l.hit(NAME, "u3");
    expect(await l.used(NAME, "u3")).toBe(6);
    await expect(l.check(NAME, "u3", "m")).rejects.toBeInstanceOf(AppError);
  });

  it("prunes the hits older than the longest window, and only those", async () => {
    const store = open();
    now = new Date(START.getTime() + 10 * 86_400_000);
    const old = new Date(now.getTime() - 2 * 86_400_000).toISOString();
    await store.hit("mail.per_team", "t-old", old);
    await store.hit("mail.per_team", "t-new", now.toISOString());
    // The first hit of a new Limiter prunes (then at most once an hour).
    await new Limiter(readLimits({}), () => now, store).hit(NAME, "u4");
    expect((await store.use("mail.per_team", "t-old", "0")).count).toBe(0);
    expect((await store.use("mail.per_team", "t-new", "0")).count).toBe(1);
  });
}

describe("limit_hits on SQLite", () => {
  let dir: string;
  let close: () => void;
  let store: LimitHits;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-limits-"));
    const db = openDatabase(path.join(dir, "app.db"));
    close = () => db.$client.close();
    store = sqliteLimitHits(db);
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });
  limiterContract(() => store);
});

describe.runIf(pgRuns)("limit_hits on PostgreSQL, on a real server", () => {
  let server: TestPostgres | undefined;
  let drop: (() => Promise<void>) | undefined;
  let url: string;
  const pools: PgDb[] = [];
  let store: LimitHits;

  beforeAll(async () => {
    server = await startTestPostgres();
    const database = await createTestDatabase(server.adminUrl);
    drop = database.drop;
    url = database.url;
    const db = await openPostgres(url);
    pools.push(db);
    store = pgLimitHits(db);
  }, 120_000);
  afterAll(async () => {
    for (const p of pools) await p.$client.end();
    // pool.end() resolves before its sockets are closed: wait for them, or DROP … FORCE kills them mid-goodbye.
    await connectionsGone(url);
    await drop?.();
    await server?.stop();
  }, 60_000);

  limiterContract(() => store);

  it("lets exactly max hits through when two processes take the last ones of a key at once", async () => {
    // Two pools stand for two processes; 40 takes at once on a key that allows 10.
    const other = await openPostgres(url);
    pools.push(other);
    const stores = [pgLimitHits(pools[0] as PgDb), pgLimitHits(other)];
    const at = START.toISOString();
    const since = new Date(START.getTime() - 3600_000).toISOString();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (stores[i % 2] as LimitHits).take("race", "k", at, since, 10)),
    );
    expect(results.filter((id) => id !== null)).toHaveLength(10);
    const t = pgSchema.limitHits;
    const [row] = await (pools[0] as PgDb).select({ n: count() }).from(t).where(eq(t.name, "race"));
    expect(row?.n).toBe(10);
  });
});

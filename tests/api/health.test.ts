/**
 * GET /api/health's database probe (api/db/reach.ts) on a real PostgreSQL server: reached while the server runs,
 * not reached (within its bound, never hanging) once it is stopped. The route itself on SQLite is in
 * app.test.ts; on PostgreSQL, through real server processes, in tests/multiprocess. Without PostgreSQL this file
 * says so loudly and runs nothing (CI sets FAIRDRAW_REQUIRE_POSTGRES=1 and fails instead).
 */
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres, type PgDb } from "../../api/db/pg/client";
import { reachDatabase } from "../../api/db/reach";
import {
  createTestDatabase,
  postgresUnavailable,
  startTestPostgres,
  type TestPostgres,
} from "../helpers/postgres";

const unavailable = postgresUnavailable();
const pgRuns = unavailable === null || process.env.FAIRDRAW_REQUIRE_POSTGRES === "1";
if (!pgRuns) console.warn(`\n!!! /api/health on PostgreSQL NOT RUN: ${unavailable}.\n`);

describe.runIf(pgRuns && !process.env.TEST_DATABASE_URL)("the health probe on PostgreSQL", () => {
  let server: TestPostgres | undefined;
  let db: PgDb | undefined;
  afterAll(async () => {
    await db?.$client.end().catch(() => undefined);
    await server?.stop();
  }, 60_000);

  it("reaches a running server, and answers not reached once it stopped", async () => {
    server = await startTestPostgres();
    const { url } = await createTestDatabase(server.adminUrl);
    db = await openPostgres(url, { max: 2 });
    db.$client.on("error", () => undefined); // the server going away under idle connections
    expect(await reachDatabase(db, "postgresql")).toBe(true);
    await server.stop();
    expect(await reachDatabase(db, "postgresql", 1_000)).toBe(false);
  }, 120_000);
});

/**
 * GET /api/health's database probe (api/db/reach.ts) on a real PostgreSQL server: reached while the server runs,
 * not reached (within its bound, never hanging) once it is stopped. The route itself on SQLite is in
 * app.test.ts; on PostgreSQL, through real server processes, in tests/multiprocess. Without PostgreSQL this file
 * says so loudly and runs nothing (CI sets FAIRDRAW_REQUIRE_POSTGRES=1 and fails instead).
 */
import { afterAll, describe, expect, it } from "vitest";
import { type OpenDb, openDb } from "../../api/db/client";
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
  let opened: OpenDb | undefined;
  afterAll(async () => {
    await opened?.close().catch(() => undefined);
    await server?.stop();
  }, 60_000);

  it("reaches a running server, and answers not reached once it stopped", async () => {
    server = await startTestPostgres();
    const { url } = await createTestDatabase(server.adminUrl);
    opened = await openDb(url, { max: 2 });
    const { db } = opened;
    // The server going away under idle connections.
    (db as unknown as { $client: { on(e: string, f: () => void): void } }).$client.on(
      "error",
      () => undefined,
    );
    expect(await reachDatabase(db)).toBe(true);
    await server.stop();
    expect(await reachDatabase(db, 1_000)).toBe(false);
  }, 120_000);
});

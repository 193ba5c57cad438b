/**
 * A database out of reach (api/db/outage.ts, api/middleware/error-handler.ts): the outage's log, once each way,
 * with the driver's code and never a statement or its values; and, on a real SQLite file whose write lock another
 * program holds, a 503 databaseUnavailable with Retry-After in the request's language, then service again once
 * the lock is let go. PostgreSQL's outage, through two real processes, is in tests/multiprocess/faults.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../api/db/client";
import { databaseOutage, PROBE_MS } from "../../api/db/outage";
import { startTestServer } from "../helpers/server";

/** What drizzle throws for a statement on a server that went away: the query and its values, the pg error as cause. */
function failedQuery(code: string | undefined, message: string): Error {
  const cause = Object.assign(new Error(message), code ? { code } : {});
  return Object.assign(
    new Error(`Failed query: select * from users where email = $1\nparams: ada@brand.example`),
    {
      query: "select * from users where email = $1",
      params: ["ada@brand.example"],
      cause,
    },
  );
}

function recorder() {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  return {
    lines,
    warn: (obj: object, msg: string) => lines.push({ obj: obj as Record<string, unknown>, msg }),
  };
}

describe("a database outage's log", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says once when it starts and once when it ends, however many requests it refused, without the query's values", async () => {
    vi.useFakeTimers();
    let answers = false;
    const log = recorder();
    const outage = databaseOutage({} as Db, log, async () => answers);
    const refusals = await Promise.all(
      Array.from({ length: 50 }, () => outage.refused(failedQuery("57P01", "terminating connection"))),
    );
    expect(refusals.every(Boolean)).toBe(true);
    expect(outage.down).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * PROBE_MS);
    expect(log.lines).toHaveLength(1);
    answers = true;
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(outage.down).toBe(false);
    expect(log.lines.map((l) => l.msg)).toEqual([
      "database: cannot be reached; requests answer 503 until it is back",
      "database: reachable again, serving requests",
    ]);
    expect(log.lines[0]?.obj.cause).toEqual({ code: "57P01", message: "terminating connection" });
    expect(log.lines[1]?.obj.refused).toBe(50);
    expect(JSON.stringify(log.lines)).not.toMatch(/ada@brand|select \*/);
    outage.close();
  });

  it("ends at once when the health check's probe is answered, counting the calls answered without the database", async () => {
    vi.useFakeTimers();
    const log = recorder();
    const outage = databaseOutage({} as Db, log, async () => false);
    expect(await outage.refused(failedQuery("57P01", "terminating connection"))).toBe(true);
    outage.gated();
    outage.gated();
    outage.answered();
    expect(outage.down).toBe(false);
    expect(log.lines.map((l) => l.msg)).toEqual([
      "database: cannot be reached; requests answer 503 until it is back",
      "database: reachable again, serving requests",
    ]);
    expect(log.lines[1]?.obj.refused).toBe(3);
    // No probe left running: the failing probe above would otherwise start nothing new, and log nothing more.
    await vi.advanceTimersByTimeAsync(3 * PROBE_MS);
    expect(log.lines).toHaveLength(2);
    outage.close();
  });

  it("answers a lost connection found answering again with a 503 and no outage (a fast restart)", async () => {
    const log = recorder();
    const outage = databaseOutage({} as Db, log, async () => true);
    expect(await outage.refused(failedQuery(undefined, "Connection terminated unexpectedly"))).toBe(true);
    expect(outage.down).toBe(false);
    expect(log.lines).toEqual([]);
  });

  it("takes a refused socket while the database answers for someone else's (a social network's): not an outage", async () => {
    const log = recorder();
    const outage = databaseOutage({} as Db, log, async () => true);
    const fetchFailed = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    expect(await outage.refused(fetchFailed)).toBe(false);
    expect(await outage.refused(new Error("a bug"))).toBe(false);
    expect(log.lines).toEqual([]);
  });
});

describe.runIf((process.env.TEST_DB ?? "sqlite") === "sqlite")(
  "a SQLite file another program holds locked",
  () => {
    it("answers 503 databaseUnavailable with Retry-After in the request's language, the next call at once, then serves once it is let go", async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-locked-"));
      const file = path.join(dir, "fairdraw.db");
      const server = await startTestServer({ seedDemo: false, env: { databaseUrl: file } });
      const locker = new Database(file);
      try {
        const ask = () =>
          fetch(`${server.url}/api/v1/auth/email`, {
            method: "POST",
            headers: { "content-type": "application/json", "accept-language": "fr" },
            body: JSON.stringify({ email: "ada@brand.example" }),
          });
        locker.exec("BEGIN EXCLUSIVE");
        const refused = await ask();
        expect(refused.status).toBe(503);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await refused.json()).toMatchObject({
          error: "databaseUnavailable",
          message: "Le service est momentanément indisponible. Réessayez dans quelques secondes.",
        });
        // The outage is known now: the next call is answered at once, not after SQLite's 5-second busy wait.
        const started = Date.now();
        expect((await ask()).status).toBe(503);
        expect(Date.now() - started).toBeLessThan(1_000);
        locker.exec("ROLLBACK");
        // The next probe (every PROBE_MS) finds the file free again and ends the outage.
        let status = 0;
        for (let i = 0; i < 30 && status !== 204; i++) {
          status = (await ask()).status;
          if (status !== 204) await new Promise((r) => setTimeout(r, 200));
        }
        expect(status).toBe(204);
      } finally {
        locker.close();
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);

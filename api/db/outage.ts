/**
 * A database that cannot be reached (PostgreSQL down, restarting or out of connections; a SQLite file locked by
 * another program or unreadable): every call answers 503 with Retry-After (api/middleware/error-handler.ts), and
 * the log says so once when it starts and once when it ends, not once per request. An outage starts when such an
 * error (unreachableDatabase) is confirmed by a probe; while it lasts the database is probed every PROBE_MS, and
 * the first probe that gets an answer ends it. A lost connection the probe finds answering again (a fast restart)
 * is a 503 without an outage; a refused socket it finds answering was not the database's (a social network's).
 * What is logged is the driver's code and message, never a statement or its parameters.
 */
import type { Db, SqliteDb } from "./client";
import { dialectOf } from "./dialect";
import { driverError, unreachableDatabase } from "./errors";
import { reachDatabase } from "./reach";

/** How often an outage probes the database. */
export const PROBE_MS = 1_000;
/** What Retry-After says during an outage, in seconds. */
export const RETRY_AFTER_S = 5;

type Log = { warn(obj: object, msg: string): void };

export type DatabaseOutage = {
  /**
   * Whether err means the database cannot be reached: during an outage, said at once (and counted); otherwise
   * confirmed by a probe, and then the outage starts (logged).
   */
  refused(err: unknown): Promise<boolean>;
  /** A probe got no answer (GET /api/health): the outage starts, if it was not under way. */
  unanswered(): void;
  /** A probe got an answer (GET /api/health): an outage under way ends now, not at its next probe. */
  answered(): void;
  /** A call answered 503 without trying the database (api/middleware/outage-gate.ts), counted in the outage. */
  gated(): void;
  /** Whether an outage is under way. */
  readonly down: boolean;
  /** Stops probing (the server closes). */
  close(): void;
};

/** The driver's code and first line, without the query drizzle wraps it in. */
function cause(err: unknown): { code?: string; message: string } {
  const driver = driverError(err);
  if (driver) return { code: driver.code, message: String(driver.message).split("\n")[0] ?? "" };
  return { message: err instanceof Error ? (err.message.split("\n")[0] ?? "") : String(err) };
}

/**
 * Whether the database answers. PostgreSQL: `SELECT 1` (reach.ts). SQLite: its write lock, taken and let go
 * without waiting (a `SELECT 1` needs no file, and WAL readers pass a writer's lock), unless a transaction of
 * ours holds it now.
 */
export async function probeDatabase(db: Db): Promise<boolean> {
  if (dialectOf(db) === "postgresql") return reachDatabase(db);
  const client = (db as unknown as SqliteDb).$client;
  // A closed connection answers nothing (its first pragma throws).
  if (!client.open) return false;
  if (client.inTransaction) return true;
  const wait = client.pragma("busy_timeout", { simple: true });
  try {
    client.pragma("busy_timeout = 0");
    client.exec("BEGIN IMMEDIATE");
    client.exec("ROLLBACK");
    return true;
  } catch {
    return false;
  } finally {
    client.pragma(`busy_timeout = ${Number(wait)}`);
  }
}

export function databaseOutage(db: Db, logger: Log, probe = probeDatabase): DatabaseOutage {
  let since: number | null = null;
  let refusals = 0;
  let timer: NodeJS.Timeout | undefined;
  /** The probe confirming a suspected outage, shared by the requests that failed meanwhile. */
  let confirming: Promise<boolean> | null = null;
  const end = () => {
    if (since === null) return;
    logger.warn(
      { down_ms: Date.now() - since, refused: refusals },
      "database: reachable again, serving requests",
    );
    since = null;
    clearTimeout(timer);
    timer = undefined;
  };
  const check = async () => {
    timer = undefined;
    if (since === null) return;
    if (await probe(db)) return end();
    if (since !== null) timer = setTimeout(check, PROBE_MS).unref();
  };
  const start = (err: unknown) => {
    since = Date.now();
    refusals = 1;
    logger.warn(
      { cause: cause(err), retry_after_s: RETRY_AFTER_S },
      "database: cannot be reached; requests answer 503 until it is back",
    );
    timer = setTimeout(check, PROBE_MS).unref();
  };
  return {
    async refused(err) {
      const kind = unreachableDatabase(err);
      if (kind === null) return false;
      if (since !== null) {
        refusals++;
        return true;
      }
      confirming ??= probe(db).finally(() => {
        confirming = null;
      });
      if (await confirming) return kind === "database";
      if (since === null) start(err);
      else refusals++;
      return true;
    },
    unanswered() {
      if (since === null) start(new Error("no answer to the health check's probe"));
      else refusals++;
    },
    answered: end,
    gated() {
      refusals++;
    },
    get down() {
      return since !== null;
    },
    close() {
      clearTimeout(timer);
      since = null;
    },
  };
}

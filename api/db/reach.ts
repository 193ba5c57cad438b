/**
 * Whether the database answers (GET /api/health): a `SELECT 1`, given up after a bound so a load balancer's
 * probe never hangs on a server that does not answer (node-postgres waits for a connection without limit).
 */
import { sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { DatabaseTarget } from "./url";

export type Dialect = DatabaseTarget["dialect"];

/** How long the probe waits for the database. */
export const REACH_TIMEOUT_MS = 2_000;

export async function reachDatabase(
  db: unknown,
  dialect: Dialect,
  timeoutMs = REACH_TIMEOUT_MS,
): Promise<boolean> {
  const probe = async () => {
    if (dialect === "postgresql") {
      await (db as { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }).execute(sql`SELECT 1`);
    } else {
      (db as BetterSQLite3Database).get(sql`SELECT 1`);
    }
    return true;
  };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([probe().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

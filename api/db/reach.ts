/**
 * Whether the database answers (GET /api/health): a `SELECT 1`, given up after a bound so a load balancer's
 * probe never hangs on a server that does not answer (node-postgres waits for a connection without limit).
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { rawAll } from "./query";

/** How long the probe waits for the database. */
export const REACH_TIMEOUT_MS = 2_000;

export async function reachDatabase(db: Db, timeoutMs = REACH_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = rawAll(db, sql`SELECT 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

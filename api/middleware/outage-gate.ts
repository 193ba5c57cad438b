import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { type DatabaseOutage, RETRY_AFTER_S } from "../db/outage";
import { AppError, errorBody, newErrorUid } from "../errors";

/**
 * During a database outage (started once a probe confirmed it, ended by the first probe answered: at most
 * PROBE_MS stale) a call is answered 503 at once, as the error handler would answer it, instead of waiting on
 * the database to refuse it (SQLite's busy timeout, PostgreSQL's connect timeout: seconds each).
 */
export function outageGate(outage: DatabaseOutage): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!outage.down) return next();
    outage.gated();
    const uid = newErrorUid();
    c.set("errorUid", uid);
    c.header("Retry-After", String(RETRY_AFTER_S));
    return c.json(errorBody(c, new AppError("databaseUnavailable"), uid), 503);
  };
}

import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../context";
import { type DatabaseOutage, RETRY_AFTER_S } from "../db/outage";
import { AppError, errorBody, newErrorUid } from "../errors";
import type { Logger } from "../logger";

/**
 * The one place that turns a thrown error into the decisions.md error body. A database out of reach is a 503
 * with Retry-After (logged by the outage, once), never a 500.
 */
export function errorHandler(logger: Logger, outage: DatabaseOutage): ErrorHandler<AppEnv> {
  return async (err, c) => {
    const uid = newErrorUid();
    c.set("errorUid", uid);
    if (err instanceof AppError) {
      // What a network answered (api/drivers/errors.ts: a reason) or a 5xx: logged with its internal message, so
      // a refused request can be traced to the call that failed and what the network said.
      const reason = (err as { reason?: unknown }).reason;
      if (err.status >= 500 || typeof reason === "string") {
        logger.warn(
          { uid, method: c.req.method, path: c.req.path, status: err.status, reason, internal: err.message },
          "request refused",
        );
      }
      return c.json(errorBody(c, err, uid), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own 4xx (e.g. a malformed body from a validator): bad input, never a 500.
      const appErr = new AppError("badRequest", { internal: err.message });
      return c.json(errorBody(c, appErr, uid), err.status);
    }
    if (await outage.refused(err)) {
      c.header("Retry-After", String(RETRY_AFTER_S));
      return c.json(errorBody(c, new AppError("databaseUnavailable"), uid), 503);
    }
    logger.error({ err, uid, method: c.req.method, path: c.req.path }, "unhandled error");
    return c.json(errorBody(c, new AppError("serverError"), uid), 500);
  };
}

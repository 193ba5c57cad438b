import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../context";
import { AppError, errorBody, newErrorUid } from "../errors";
import type { Logger } from "../logger";

/** The one place that turns a thrown error into the decisions.md error body. */
export function errorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    const uid = newErrorUid();
    c.set("errorUid", uid);
    if (err instanceof AppError) {
      return c.json(errorBody(err, uid), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own 4xx (e.g. a malformed body from a validator): bad input, never a 500.
      const appErr = new AppError("badRequest", err.message || "Malformed request.");
      return c.json(errorBody(appErr, uid), err.status);
    }
    logger.error({ err, uid, method: c.req.method, path: c.req.path }, "unhandled error");
    return c.json(errorBody(new AppError("serverError", "Something went wrong on our side."), uid), 500);
  };
}

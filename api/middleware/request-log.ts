import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import type { Logger } from "../logger";

/**
 * One log line per request: method, path, status, duration and, for failures, the error uid. A 500 is an error;
 * a 503 is an answer the server chose (a database or network out of reach, logged once by what noticed it).
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const line = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      error_uid: c.get("errorUid"),
    };
    if (c.res.status >= 500 && c.res.status !== 503) logger.error(line, "request");
    else logger.info(line, "request");
  };
}

/**
 * The Hono application: every API sub-app mounted under /api/v1, the error contract, request logs,
 * a real 404 for unknown API paths and the built web app for everything else.
 */
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv, Deps } from "./context";
import { AppError } from "./errors";
import { errorHandler } from "./middleware/error-handler";
import { requestLog } from "./middleware/request-log";
import { contestBuilderRoutes } from "./routes/contest-builder";
import { healthRoutes } from "./routes/health";
import { mountWebApp } from "./static";

const api = new Hono<AppEnv>().route("/contest-builder", contestBuilderRoutes);

export type AppType = typeof api;

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use(requestLog(deps.logger));
  app.use(
    secureHeaders({
      xFrameOptions: "DENY",
      referrerPolicy: "same-origin",
      strictTransportSecurity:
        deps.env.nodeEnv === "production" ? "max-age=15552000; includeSubDomains" : false,
    }),
  );
  app.use(async (c, next) => {
    c.set("deps", deps);
    c.header("X-Robots-Tag", "noindex, nofollow");
    await next();
  });
  app.onError(errorHandler(deps.logger));
  app.route("/api/health", healthRoutes);
  app.route("/api/v1", api);
  app.all("/api/*", () => {
    throw new AppError("notFound", "This API path does not exist.");
  });
  mountWebApp(app, deps.env.webDist);
  return app;
}

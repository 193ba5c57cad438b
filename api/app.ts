/**
 * The Hono application: every API sub-app mounted under /api/v1, the error contract, request logs, sessions,
 * CSRF, body limits, secure headers with a CSP, a real 404 for unknown API paths, and the built web app for
 * everything else. Sub-apps carry their guards per route (a `.use()` in a sub-app mounted at /api/v1 would
 * reach every other sub-app's routes too).
 */
import { createNodeWebSocket } from "@hono/node-ws";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { UpgradeWebSocket } from "hono/ws";
import type { AppEnv, Deps } from "./context";
import { AppError } from "./errors";
import { csrfProtection } from "./middleware/csrf";
import { errorHandler } from "./middleware/error-handler";
import { requestLog } from "./middleware/request-log";
import { loadSession } from "./middleware/session";
import { accountsRoutes } from "./routes/accounts";
import { activityRoutes } from "./routes/activity";
import { adminRoutes } from "./routes/admin";
import { authRoutes } from "./routes/auth";
import { contactRoutes } from "./routes/contact";
import { contestBuilderRoutes } from "./routes/contest-builder";
import { contestSetupRoutes } from "./routes/contest-setup";
import { contestsRoutes } from "./routes/contests";
import { devRoutes } from "./routes/dev";
import { drawsRoutes } from "./routes/draws";
import { entriesRoutes } from "./routes/entries";
import { healthRoutes } from "./routes/health";
import { invitesRoutes } from "./routes/invites";
import { membersRoutes } from "./routes/members";
import { myContestsRoutes } from "./routes/my-contests";
import { notificationsRoutes } from "./routes/notifications";
import { openapiRoutes } from "./routes/openapi";
import { quickdrawRoutes } from "./routes/quickdraw";
import { quotasRoutes } from "./routes/quotas";
import { shortlinkRedirectRoutes, shortlinksRoutes } from "./routes/shortlinks";
import { teamsRoutes } from "./routes/teams";
import { uploadsRoutes } from "./routes/uploads";
import { userRoutes } from "./routes/users";
import { verifyRoutes } from "./routes/verify";
import { wsRoutes } from "./routes/ws";
import { mountWebApp } from "./static";

/** JSON bodies are small; uploads (their own routes) stream to disk with their own cap. */
export const JSON_BODY_LIMIT = 1024 * 1024;

// quickdrawRoutes goes before contestsRoutes, whose POST /teams/current/contests/:id would take /contests/quickdraw.
function buildApi(upgradeWebSocket: UpgradeWebSocket) {
  return new Hono<AppEnv>()
    .route("/", authRoutes)
    .route("/", userRoutes)
    .route("/", teamsRoutes)
    .route("/", quotasRoutes)
    .route("/", membersRoutes)
    .route("/", invitesRoutes)
    .route("/", accountsRoutes)
    .route("/", notificationsRoutes)
    .route("/", activityRoutes)
    .route("/", myContestsRoutes)
    .route("/", contactRoutes)
    .route("/", wsRoutes(upgradeWebSocket))
    .route("/", contestBuilderRoutes)
    .route("/", openapiRoutes)
    .route("/", quickdrawRoutes)
    .route("/", contestSetupRoutes)
    .route("/", contestsRoutes)
    .route("/", uploadsRoutes)
    .route("/", shortlinksRoutes)
    .route("/", entriesRoutes)
    .route("/", drawsRoutes)
    .route("/", verifyRoutes)
    .route("/", adminRoutes);
}

export type AppType = ReturnType<typeof buildApi>;

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:", "https:"],
  mediaSrc: ["'self'", "blob:"],
  connectSrc: ["'self'", "ws:", "wss:"],
  fontSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { upgradeWebSocket, injectWebSocket, wss } = createNodeWebSocket({ app });
  // The browser only pings; nothing it sends needs more than a few bytes (ws allows 100 MiB by default).
  wss.options.maxPayload = 4096;
  app.use(requestLog(deps.logger));
  app.use(
    secureHeaders({
      xFrameOptions: "DENY",
      referrerPolicy: "same-origin",
      contentSecurityPolicy: CSP,
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
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError("payloadTooLarge", "The request body is too large.");
    },
  });
  // Uploads stream to disk under their own cap (api/routes/uploads.ts); every other body is small JSON.
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/v1/upload") ? next() : jsonLimit(c, next)));
  app.use("/api/*", loadSession);
  app.use("/api/*", csrfProtection);
  app.route("/api/health", healthRoutes);
  if (deps.env.nodeEnv !== "production") app.route("/api/dev", devRoutes);
  app.route("/api/v1", buildApi(upgradeWebSocket));
  app.all("/api/*", () => {
    throw new AppError("notFound", "This API path does not exist.");
  });
  app.route("/s", shortlinkRedirectRoutes);
  mountWebApp(app, deps.env.webDist, deps.env.publicUrl);
  return { app, injectWebSocket };
}

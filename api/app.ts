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
import { compress } from "./middleware/compress";
import { csrfProtection } from "./middleware/csrf";
import { errorHandler } from "./middleware/error-handler";
import { requestLog } from "./middleware/request-log";
import { loadSession } from "./middleware/session";
import { accountsRoutes } from "./routes/accounts";
import { activityRoutes } from "./routes/activity";
import { adminRoutes } from "./routes/admin";
import { announcementsRoutes } from "./routes/announcements";
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
    .route("/", announcementsRoutes)
    .route("/", verifyRoutes)
    .route("/", adminRoutes);
}

export type AppType = ReturnType<typeof buildApi>;

/**
 * Images a page shows from elsewhere: the profile pictures of linked social accounts, served by the networks'
 * CDNs. Anything else (uploads, icons) is ours.
 */
export const NETWORK_IMAGE_HOSTS = [
  "https://pbs.twimg.com",
  "https://abs.twimg.com",
  "https://*.fbcdn.net",
  "https://*.cdninstagram.com",
  "https://cdn.bsky.app",
  "https://yt3.ggpht.com",
  "https://i.ytimg.com",
  "https://*.tiktokcdn.com",
  "https://*.tiktokcdn-us.com",
];

/** The socket's origin (PUBLIC_URL's host over ws/wss), named so connect-src needs no blanket ws: or wss:. */
function socketOrigin(publicUrl: string): string[] {
  try {
    const url = new URL(publicUrl);
    return [`${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(publicUrl: string) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", ...NETWORK_IMAGE_HOSTS],
    mediaSrc: ["'self'", "blob:"],
    // 'self' covers the page's own ws(s) origin in CSP 3 browsers; the named origin covers the others.
    connectSrc: ["'self'", ...socketOrigin(publicUrl)],
    fontSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { upgradeWebSocket, injectWebSocket, wss } = createNodeWebSocket({ app });
  // The browser only pings; nothing it sends needs more than a few bytes (ws allows 100 MiB by default).
  wss.options.maxPayload = 4096;
  app.use(requestLog(deps.logger));
  // Outside every other middleware, so the headers they add travel with the compressed answer.
  app.use(compress);
  app.use(
    secureHeaders({
      xFrameOptions: "DENY",
      referrerPolicy: "same-origin",
      contentSecurityPolicy: contentSecurityPolicy(deps.env.publicUrl),
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
  // API answers are per person and per moment: no browser or proxy keeps them (a route may say otherwise, as the
  // upload view does for its immutable bytes).
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
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

/**
 * The Hono application: every API sub-app mounted under /api/v1, the error contract, request logs, sessions,
 * CSRF, body limits, secure headers with a CSP, a real 404 for unknown API paths, and the built web app for
 * everything else.
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
import { requireAdmin, requireNotFrozen, requireTeam, requireUser } from "./middleware/guards";
import { outageGate } from "./middleware/outage-gate";
import { requestLog } from "./middleware/request-log";
import { loadSession } from "./middleware/session";
import { connectRoutes, teamConnectRoutes } from "./routes/account-connect";
import { accountQuotaRoutes } from "./routes/account-quota";
import { myAccountsRoutes, teamAccountsRoutes } from "./routes/accounts";
import { myActivityRoutes, teamActivityRoutes } from "./routes/activity";
import { adminRoutes } from "./routes/admin";
import { announcementsRoutes } from "./routes/announcements";
import { authRoutes } from "./routes/auth";
import { billingRoutes } from "./routes/billing";
import { contactRoutes } from "./routes/contact";
import { contestBuilderConfigRoutes, contestBuilderRoutes } from "./routes/contest-builder";
import { contestSetupRoutes } from "./routes/contest-setup";
import { contestsRoutes } from "./routes/contests";
import { devRoutes } from "./routes/dev";
import { drawsRoutes } from "./routes/draws";
import { entriesRoutes } from "./routes/entries";
import { healthRoutes } from "./routes/health";
import { inviteLinkRoutes, teamInvitesRoutes } from "./routes/invites";
import { memberPermissionsRoutes, teamMembersRoutes } from "./routes/members";
import { metaWebhookRoutes } from "./routes/meta-webhooks";
import { myContestsRoutes } from "./routes/my-contests";
import { notificationsRoutes } from "./routes/notifications";
import { openapiRoutes } from "./routes/openapi";
import { publicMediaRoutes } from "./routes/public-media";
import { quickdrawRoutes } from "./routes/quickdraw";
import { quotasRoutes } from "./routes/quotas";
import { shortlinkRedirectRoutes, shortlinksRoutes } from "./routes/shortlinks";
import { mySignInRoutes, signInRoutes } from "./routes/sign-in";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { currentTeamRoutes, teamByIdRoutes, teamsRoutes } from "./routes/teams";
import { templatesRoutes } from "./routes/templates";
import { uploadsRoutes } from "./routes/uploads";
import { meRoutes, switchTeamRoutes } from "./routes/users";
import { verifyRoutes } from "./routes/verify";
import { verifyPagesRoutes } from "./routes/verify-pages";
import { wsRoutes } from "./routes/ws";
import { mountWebApp } from "./static";

/** JSON bodies are small; uploads (their own routes) stream to disk with their own cap. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Each group of calls is a sub-app mounted on its prefix, its shared guards put on it once; a route lists only
 * what is particular to it (its permission, its body). Ids in paths are patterns (routes/params.ts), so no route
 * can take another's path and the order below does not matter.
 */
function buildApi(upgradeWebSocket: UpgradeWebSocket) {
  // The caller's current team; a frozen team answers 402 to every call of its pages (app-shell.md §2).
  const currentTeam = new Hono<AppEnv>()
    .use(requireUser, requireTeam, requireNotFrozen)
    .route("/", currentTeamRoutes)
    .route("/", quotasRoutes)
    .route("/", teamMembersRoutes)
    .route("/", teamInvitesRoutes)
    .route("/", teamAccountsRoutes)
    .route("/", teamConnectRoutes)
    .route("/", accountQuotaRoutes)
    .route("/", teamActivityRoutes)
    .route("/", contestBuilderConfigRoutes)
    .route("/", contestsRoutes)
    .route("/", templatesRoutes)
    .route("/", quickdrawRoutes)
    .route("/", contestSetupRoutes)
    .route("/", entriesRoutes)
    .route("/", drawsRoutes)
    .route("/", announcementsRoutes)
    .route("/", shortlinksRoutes);
  // The signed-in caller themselves.
  const me = new Hono<AppEnv>()
    .use(requireUser)
    .route("/", meRoutes)
    .route("/", myAccountsRoutes)
    .route("/", mySignInRoutes)
    .route("/", myActivityRoutes)
    .route("/", myContestsRoutes)
    .route("/", notificationsRoutes)
    .route("/", contactRoutes);
  const uploads = new Hono<AppEnv>()
    .use(requireUser, requireTeam, requireNotFrozen)
    .route("/", uploadsRoutes);
  const admin = new Hono<AppEnv>().use(requireUser, requireAdmin).route("/", adminRoutes);
  // Payments: outside /teams/current, so a frozen team reaches the way to pay (app-shell.md §2).
  const billing = new Hono<AppEnv>().use(requireUser, requireTeam).route("/", billingRoutes);
  return (
    new Hono<AppEnv>()
      .route("/teams/current", currentTeam)
      .route("/users/me", me)
      .route("/upload", uploads)
      .route("/admin", admin)
      .route("/billing", billing)
      .route("/", authRoutes)
      .route("/", signInRoutes)
      .route("/", switchTeamRoutes)
      .route("/", teamsRoutes)
      .route("/", teamByIdRoutes)
      .route("/", memberPermissionsRoutes)
      .route("/", inviteLinkRoutes)
      .route("/", connectRoutes)
      .route("/", wsRoutes(upgradeWebSocket))
      .route("/", contestBuilderRoutes)
      .route("/", openapiRoutes)
      .route("/", verifyRoutes)
      .route("/", verifyPagesRoutes)
      .route("/", stripeWebhookRoutes)
      // After Stripe's: POST /webhooks/stripe is answered there first.
      .route("/", metaWebhookRoutes)
      .route("/", publicMediaRoutes)
  );
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
  app.onError(errorHandler(deps.logger, deps.outage));
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError("payloadTooLarge");
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
  // An encoded U+0000 in the path or the query: PostgreSQL refuses it in a query's text (a 500 at the lookup), and
  // no id, key, shortlink or filter holds it. Refused before anything reads the address.
  app.use(async (c, next) => {
    if (/%00/i.test(c.req.url))
      throw new AppError("badRequest", { message: "error.badRequest.nulInAddress" });
    await next();
  });
  app.use("/api/v1/*", outageGate(deps.outage));
  app.use("/api/*", loadSession);
  app.use("/api/*", csrfProtection);
  app.route("/api/health", healthRoutes);
  if (deps.env.nodeEnv !== "production") app.route("/api/dev", devRoutes);
  app.route("/api/v1", buildApi(upgradeWebSocket));
  app.all("/api/*", () => {
    throw new AppError("notFound", { message: "error.notFound.path" });
  });
  app.route("/s", shortlinkRedirectRoutes);
  mountWebApp(app, deps.env.webDist, deps.env.publicUrl);
  return { app, injectWebSocket };
}

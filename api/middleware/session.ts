import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { findSession, SESSION_COOKIE } from "../auth/sessions";
import type { AppEnv } from "../context";

/** Reads the session cookie, if any, into c.var.auth. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const { db, clock } = c.get("deps");
    const found = await findSession(db, token, clock);
    if (found) c.set("auth", found);
  }
  await next();
};

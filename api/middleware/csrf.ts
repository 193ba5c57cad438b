import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { AppError } from "../errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
/** The sign-in calls are the only state-changing calls without a token (decisions.md). */
const EXEMPT = new Set(["/api/v1/auth/email", "/api/v1/auth/verify"]);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * State-changing calls of a session need its CSRF token in X-CSRF-Token and X-Requested-With: XMLHttpRequest
 * (403 csrfTokenMismatch). Checked here for every body type: Hono's own csrf() looks at forms, not JSON.
 * Without a session there is nothing to forge: the route's own guard answers 401.
 */
export const csrfProtection: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.get("auth");
  if (!SAFE.has(c.req.method) && auth && !EXEMPT.has(c.req.path)) {
    const token = c.req.header("x-csrf-token") ?? "";
    const xhr = c.req.header("x-requested-with") === "XMLHttpRequest";
    if (!xhr || !same(token, auth.session.csrfToken)) {
      throw new AppError("csrfTokenMismatch");
    }
  }
  await next();
};

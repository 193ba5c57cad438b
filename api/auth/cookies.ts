import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../context";
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SIGNED_IN_COOKIE } from "./sessions";

/**
 * httpOnly, SameSite=Lax, Secure in production (decisions.md). Beside it, a cookie the page can read that says
 * only that a session was opened (no secret in it), set and cleared with the session's: a visitor without it is
 * signed out, and the app does not ask for a user it would be refused (a 401 in the console of every public page).
 * The session cookie is set first: tests and tools that read the first Set-Cookie take the session.
 */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  const options = {
    sameSite: "Lax",
    secure: c.get("deps").env.nodeEnv === "production",
    path: "/",
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  } as const;
  setCookie(c, SESSION_COOKIE, token, { ...options, httpOnly: true });
  setCookie(c, SIGNED_IN_COOKIE, "1", options);
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
  deleteCookie(c, SIGNED_IN_COOKIE, { path: "/" });
}

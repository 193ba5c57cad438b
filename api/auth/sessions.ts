/**
 * Sessions in the database (decisions.md "Sign-in"). The cookie carries a random token; the table keeps only its
 * SHA-256, so a leaked database does not leak sessions. A new session (new id) on every sign-in; it ends after
 * 14 idle days or 30 days in all, on logout, or when the user is deleted.
 */
import { createHash } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { sessions, users } from "../db/tables";
import { newToken } from "../ids";

export const SESSION_COOKIE = "fd_session";
/** Readable by the page: a session was opened (api/auth/cookies.ts; web/src/session/signed-in.ts reads it). */
export const SIGNED_IN_COOKIE = "fd_signed_in";
export const SESSION_IDLE_MS = 14 * 86_400_000;
export const SESSION_ABSOLUTE_MS = 30 * 86_400_000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(
  db: Db,
  userId: string,
  clock: Clock,
): Promise<{ token: string; session: SessionRow }> {
  const token = newToken();
  const now = clock();
  const session: SessionRow = {
    id: hashToken(token),
    userId,
    csrfToken: newToken(24),
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
  };
  await db.insert(sessions).values(session);
  return { token, session };
}

/** Every request reads its session: the query is prepared once per database (drizzle builds SQL otherwise). */
function prepareLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare("session_lookup");
}
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

/** The live session and its user for a cookie token, or null (unknown, expired, or the user deleted). */
export async function findSession(
  db: Db,
  token: string,
  clock: Clock,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ id: hashToken(token) });
  if (!row) return null;
  const now = clock().getTime();
  const idleLimit = Date.parse(row.session.lastSeenAt) + SESSION_IDLE_MS;
  if (row.user.deletedAt || now >= Date.parse(row.session.expiresAt) || now >= idleLimit) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (now - Date.parse(row.session.lastSeenAt) > TOUCH_EVERY_MS) {
    const lastSeenAt = new Date(now).toISOString();
    await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, row.session.id));
    row.session.lastSeenAt = lastSeenAt;
  }
  return row;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user (but `except`, when given), in one statement. */
export async function endUserSessions(db: Db, userId: string, except?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(except ? and(eq(sessions.userId, userId), ne(sessions.id, except)) : eq(sessions.userId, userId));
}

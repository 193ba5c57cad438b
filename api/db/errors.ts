/**
 * Database errors the same on both engines. drizzle wraps a PostgreSQL driver error in DrizzleQueryError (the
 * pg error is its cause), and may do so on SQLite too: look through the causes for the driver's code.
 */

/** The first error in the cause chain that carries a driver code (better-sqlite3's SQLITE_*, pg's SQLSTATE). */
export function driverError(err: unknown): { code: string; message: string; constraint?: string } | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return current as { code: string; message: string; constraint?: string };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A UNIQUE or PRIMARY KEY violation: SQLite's SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY, PostgreSQL's 23505. */
export function isUniqueViolation(err: unknown): boolean {
  const code = driverError(err)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/** Socket errors of a connection that could not be made or was lost (Node's codes). */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/** node-postgres's own errors for a lost or impossible connection carry no code, only these messages. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether err says the database cannot be reached, as opposed to a statement it refused: "database" when the
 * driver says so (PostgreSQL down, restarting, shutting down, out of connections: SQLSTATE classes 08 and 57P,
 * 53300; node-postgres's lost connection; SQLite's file locked past the busy timeout, or unreadable), "socket"
 * for a socket refused or lost (ECONNREFUSED…: the database's, or a social network's: to be confirmed), null
 * otherwise. Answered 503 with Retry-After, not 500 (api/db/outage.ts).
 */
export function unreachableDatabase(err: unknown): "database" | "socket" | null {
  let socket = false;
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (code.startsWith("08") || /^57P0[1-3]$/.test(code) || code === "53300") return "database";
      if (/^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|READONLY|PERM)/.test(code)) return "database";
      if (SOCKET_CODES.has(code)) socket = true;
    }
    if (typeof message === "string" && LOST_CONNECTION.test(message)) return "database";
    current = (current as { cause?: unknown }).cause;
  }
  return socket ? "socket" : null;
}

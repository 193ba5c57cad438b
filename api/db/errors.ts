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

/**
 * DATABASE_URL, parsed in one place into the engine it names: a path, `file:<path>` or `:memory:` is SQLite;
 * `postgres://` or `postgresql://` is PostgreSQL (libpq's URL form, as node-postgres reads it). api/env.ts still
 * refuses PostgreSQL until the async data layer serves it (docs/decisions/021-postgresql.md); then it only has to
 * stop refusing.
 */

export type DatabaseTarget =
  | { dialect: "sqlite"; file: string }
  | {
      dialect: "postgresql";
      /** The URL as given, for the driver (node-postgres reads sslmode, host=/socket/dir, ... itself). */
      url: string;
      /** Host name, address or (host= parameter) the socket directory. */
      host: string;
      port: number;
      database: string;
      user: string | undefined;
      /** libpq's sslmode when given (disable, allow, prefer, require, verify-ca, verify-full). */
      sslmode: string | undefined;
      /** The URL without its password, for logs and /api/health. */
      display: string;
    };

export class DatabaseUrlError extends Error {}

const SSL_MODES = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full", "no-verify"];

export function parseDatabaseUrl(text: string): DatabaseTarget {
  if (text.trim() === "") throw new DatabaseUrlError("DATABASE_URL is empty: give a SQLite file path");
  if (text === ":memory:") return { dialect: "sqlite", file: text };
  if (text.startsWith("file:")) {
    const file = text.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    if (file === "")
      throw new DatabaseUrlError("DATABASE_URL file: needs a path, e.g. file:./data/fairdraw.db");
    return { dialect: "sqlite", file };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  // A Windows drive letter (C:\...) is a path, not a scheme.
  if (!scheme || /^[a-z]:[\\/]/i.test(text)) return { dialect: "sqlite", file: text };
  const name = (scheme[1] as string).toLowerCase();
  if (name !== "postgres" && name !== "postgresql") {
    throw new DatabaseUrlError(
      `DATABASE_URL "${scheme[1]}:..." is not supported: give a SQLite file path such as ./data/fairdraw.db ` +
        "or a postgres:// URL",
    );
  }
  return parsePostgres(text);
}

function parsePostgres(text: string) {
  if (!URL.canParse(text)) {
    throw new DatabaseUrlError(
      "DATABASE_URL is not a valid URL: postgres://user:password@host:5432/database (percent-encode special characters)",
    );
  }
  const url = new URL(text);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database === "" || database.includes("/")) {
    throw new DatabaseUrlError("DATABASE_URL names no database: postgres://user:password@host:5432/database");
  }
  const host = url.searchParams.get("host") ?? decodeURIComponent(url.hostname);
  if (host === "") {
    throw new DatabaseUrlError(
      "DATABASE_URL names no host: postgres://host/database, or ?host=/socket/directory",
    );
  }
  const port = url.port === "" ? 5432 : Number(url.port);
  const sslmode = url.searchParams.get("sslmode") ?? undefined;
  if (sslmode !== undefined && !SSL_MODES.includes(sslmode)) {
    throw new DatabaseUrlError(
      `DATABASE_URL sslmode must be one of ${SSL_MODES.join(", ")} (got "${sslmode}")`,
    );
  }
  const shown = new URL(text);
  if (shown.password !== "") shown.password = "***";
  return {
    dialect: "postgresql" as const,
    url: text,
    host,
    port,
    database,
    user: url.username === "" ? undefined : decodeURIComponent(url.username),
    sslmode,
    display: shown.toString(),
  };
}

import { describe, expect, it } from "vitest";
import { DatabaseUrlError, parseDatabaseUrl } from "../../api/db/url";
import { EnvError, readEnv } from "../../api/env";

describe("DATABASE_URL parsing (api/db/url.ts)", () => {
  it("reads paths, file: URLs and :memory: as SQLite", () => {
    expect(parseDatabaseUrl("./data/x.db")).toEqual({ dialect: "sqlite", file: "./data/x.db" });
    expect(parseDatabaseUrl("file:./data/x.db")).toEqual({ dialect: "sqlite", file: "./data/x.db" });
    expect(parseDatabaseUrl("file:///var/lib/fairdraw.db")).toEqual({
      dialect: "sqlite",
      file: "/var/lib/fairdraw.db",
    });
    expect(parseDatabaseUrl(":memory:")).toEqual({ dialect: "sqlite", file: ":memory:" });
    expect(parseDatabaseUrl("C:\\data\\fairdraw.db")).toEqual({
      dialect: "sqlite",
      file: "C:\\data\\fairdraw.db",
    });
  });

  it("reads postgres:// and postgresql:// URLs into host, port, database, user and sslmode, hiding the password", () => {
    expect(
      parseDatabaseUrl("postgres://fair%40draw:s3cr%2Ft@db.internal:6543/fair_draw?sslmode=verify-full"),
    ).toEqual({
      dialect: "postgresql",
      url: "postgres://fair%40draw:s3cr%2Ft@db.internal:6543/fair_draw?sslmode=verify-full",
      host: "db.internal",
      port: 6543,
      database: "fair_draw",
      user: "fair@draw",
      sslmode: "verify-full",
      display: "postgres://fair%40draw:***@db.internal:6543/fair_draw?sslmode=verify-full",
    });
    expect(parseDatabaseUrl("postgresql://db/fairdraw")).toMatchObject({
      dialect: "postgresql",
      host: "db",
      port: 5432,
      database: "fairdraw",
      user: undefined,
      sslmode: undefined,
      display: "postgresql://db/fairdraw",
    });
    // A Unix socket directory, libpq style.
    expect(parseDatabaseUrl("postgres:///fairdraw?host=/var/run/postgresql")).toMatchObject({
      host: "/var/run/postgresql",
      database: "fairdraw",
    });
  });

  it("refuses what it cannot use, saying what to give", () => {
    expect(() => parseDatabaseUrl("")).toThrow(/empty/);
    expect(() => parseDatabaseUrl("mysql://x/y")).toThrow(/"mysql:\.\.\." is not supported/);
    expect(() => parseDatabaseUrl("postgres://db.internal")).toThrow(/names no database/);
    expect(() => parseDatabaseUrl("postgres://db.internal/")).toThrow(/names no database/);
    expect(() => parseDatabaseUrl("postgres:///fairdraw")).toThrow(/names no host/);
    expect(() => parseDatabaseUrl("postgres://db:99999/fairdraw")).toThrow(/not a valid URL/);
    expect(() => parseDatabaseUrl("postgres://db/fairdraw?sslmode=sometimes")).toThrow(
      /sslmode must be one of/,
    );
    expect(() => parseDatabaseUrl("file:")).toThrow(DatabaseUrlError);
  });

  it("is what the server's environment reads: a SQLite file, or a PostgreSQL URL as given", () => {
    expect(readEnv({ DATABASE_URL: "file:./data/x.db" }).databaseUrl).toBe("./data/x.db");
    expect(readEnv({ DATABASE_URL: "postgresql://db/fairdraw" }).databaseUrl).toBe(
      "postgresql://db/fairdraw",
    );
    expect(() => readEnv({ DATABASE_URL: "postgres://db/fairdraw?sslmode=sometimes" })).toThrow(EnvError);
  });
});

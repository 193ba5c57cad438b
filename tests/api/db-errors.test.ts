import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openSqlite } from "../../api/db/client";
import { driverError, isUniqueViolation } from "../../api/db/errors";
import { idempotencyKeys, teams, users } from "../../api/db/schema";

describe("database errors, the same on both engines", () => {
  it("recognises SQLite's unique and primary key violations, and nothing else", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-db-errors-"));
    const db = openSqlite(path.join(dir, "app.db"));
    try {
      const at = "2026-06-01T12:00:00.000Z";
      await db.insert(users).values({ id: "u1", name: "U", email: "u@example.com", createdAt: at });
      await db.insert(teams).values({ id: "t1", name: "T", ownerId: "u1", createdAt: at });
      const key = {
        teamId: "t1",
        key: "k",
        scope: "s",
        requestHash: "h",
        status: 201,
        response: {},
        createdAt: at,
      };
      await db.insert(idempotencyKeys).values(key);
      const caught = async (write: PromiseLike<unknown>) => {
        try {
          await write;
        } catch (err) {
          return err;
        }
        throw new Error("expected an error");
      };
      const primaryKey = await caught(db.insert(idempotencyKeys).values(key));
      expect(isUniqueViolation(primaryKey)).toBe(true);
      const unique = await caught(
        db.insert(users).values({ id: "u2", name: "V", email: "u@example.com", createdAt: at }),
      );
      expect(driverError(unique)?.code).toBe("SQLITE_CONSTRAINT_UNIQUE");
      expect(isUniqueViolation(unique)).toBe(true);
      const foreignKey = await caught(
        db.insert(teams).values({ id: "t2", name: "T", ownerId: "nobody", createdAt: at }),
      );
      expect(isUniqueViolation(foreignKey)).toBe(false);
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("looks under drizzle's wrapper for PostgreSQL's SQLSTATE", () => {
    const pgError = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      constraint: "idempotency_keys_team_id_key_pk",
    });
    const wrapped = new DrizzleQueryError("insert into ...", [], pgError);
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(driverError(wrapped)?.constraint).toBe("idempotency_keys_team_id_key_pk");
    expect(
      isUniqueViolation(new DrizzleQueryError("x", [], Object.assign(new Error(), { code: "23503" }))),
    ).toBe(false);
    expect(isUniqueViolation(new Error("no code"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  boolean,
  integer as pgInteger,
  pgTable,
  text as pgText,
  uniqueIndex as pgUnique,
} from "drizzle-orm/pg-core";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pgSchema from "../../api/db/pg/schema";
import * as sqliteSchema from "../../api/db/schema";
import { compareModels, schemaModel } from "../../api/db/schema-model";
import { pendingMigration, schemaDrift } from "../../scripts/db-drift";

const names: [string, string] = ["sqlite", "postgresql"];

describe("the database schema drift check", () => {
  it("finds the SQLite and PostgreSQL schemas in step", () => {
    expect(schemaDrift()).toEqual([]);
    expect(Object.keys(schemaModel(sqliteSchema)).sort()).toEqual(Object.keys(schemaModel(pgSchema)).sort());
  });

  it("names every kind of difference: table, column, type, nullability, default, keys, indexes", () => {
    const sqlite = schemaModel(sqliteSchema);
    const pg = structuredClone(schemaModel(pgSchema));
    delete pg.mails;
    delete pg.users?.columns.grade;
    if (pg.teams?.columns.is_default) pg.teams.columns.is_default.type = "integer";
    if (pg.contests?.columns.status) pg.contests.columns.status.notNull = false;
    if (pg.accounts?.columns.sandbox) pg.accounts.columns.sandbox.default = "true";
    if (pg.team_members) pg.team_members.primaryKey = ["user_id", "team_id"];
    if (pg.jobs) pg.jobs.indexes.jobs_status_due = { unique: false, columns: ["due_at", "status"] };
    if (pg.users) pg.users.indexes.users_email_unique = { unique: false, columns: ["email"] };
    delete pg.invites?.indexes.invites_team;
    if (pg.uploads) pg.uploads.foreignKeys = ["team_id -> teams(id)"];
    if (pg.draws) pg.draws.exportName = "drawings";
    expect(compareModels(sqlite, pg, names)).toEqual([
      'accounts.sandbox: default "false" in sqlite, "true" in postgresql',
      "contests.status: notNull true in sqlite, false in postgresql",
      "table draws: exported as draws in sqlite, drawings in postgresql",
      "invites: index invites_team only in sqlite",
      "jobs: index jobs_status_due is (status,due_at) in sqlite, (due_at,status) in postgresql",
      "table mails: only in sqlite",
      "team_members: primary key (team_id,user_id) in sqlite, (user_id,team_id) in postgresql",
      'teams.is_default: type "boolean" in sqlite, "integer" in postgresql',
      "uploads: foreign key created_by -> users(id) only in sqlite",
      "users.grade: column only in sqlite",
      "users: index users_email_unique is unique (email) in sqlite, (email) in postgresql",
    ]);
  });

  it("reads the differences from drizzle tables themselves", () => {
    const a = {
      things: sqliteTable(
        "things",
        {
          id: text("id").primaryKey(),
          on: integer("on", { mode: "boolean" }).notNull().default(false),
          n: integer("n").default(1),
        },
        (t) => [index("things_n").on(t.n)],
      ),
    };
    const b = {
      things: pgTable(
        "things",
        {
          id: pgText("id").primaryKey(),
          on: boolean("on").notNull().default(true),
          n: pgInteger("n").notNull().default(1),
        },
        (t) => [pgUnique("things_n").on(t.n)],
      ),
    };
    expect(compareModels(schemaModel(a), schemaModel(b), names)).toEqual([
      "things.n: notNull false in sqlite, true in postgresql",
      'things.on: default "false" in sqlite, "true" in postgresql',
      "things: index things_n is (n) in sqlite, unique (n) in postgresql",
    ]);
  });

  it("finds a dialect's migrations behind its schema when drizzle-kit would generate one", () => {
    const scratch = path.resolve("node_modules/.cache");
    mkdirSync(scratch, { recursive: true });
    const dir = mkdtempSync(path.join(scratch, "db-drift-test-"));
    try {
      const schema = readFileSync("api/db/pg/schema.ts", "utf8").replace(
        'locale: text("locale").notNull().default("en"),',
        'locale: text("locale").notNull().default("en"),\n    timezone: text("timezone"),',
      );
      expect(schema).toContain("timezone");
      const file = path.join(dir, "schema.ts");
      writeFileSync(file, schema);
      expect(
        pendingMigration("postgresql", path.relative(process.cwd(), file), "api/db/pg/migrations"),
      ).toContain('ALTER TABLE "users" ADD COLUMN "timezone" text;');
      expect(pendingMigration("postgresql", "api/db/pg/schema.ts", "api/db/pg/migrations")).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

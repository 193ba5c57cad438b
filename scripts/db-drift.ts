/**
 * `npm run db:check` (a step of `npm test`): the SQLite and PostgreSQL schemas describe the same tables, columns,
 * keys and indexes (api/db/schema-model.ts), and each dialect's committed migrations are current with its schema
 * (drizzle-kit generate, run on a copy of the migrations folder, writes nothing new). No database needed.
 * Fails naming every difference. docs/decisions/021-postgresql.md says why and how to fix one.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as pgSchema from "../api/db/pg/schema";
import * as sqliteSchema from "../api/db/schema";
import { compareModels, schemaModel } from "../api/db/schema-model";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const DIALECTS = [
  { name: "sqlite", schema: "api/db/schema.ts", migrations: "api/db/migrations" },
  { name: "postgresql", schema: "api/db/pg/schema.ts", migrations: "api/db/pg/migrations" },
] as const;

/** The two schemas' differences, one line each (empty: in step). */
export function schemaDrift(): string[] {
  return compareModels(schemaModel(sqliteSchema), schemaModel(pgSchema), ["sqlite", "postgresql"]);
}

/**
 * What `drizzle-kit generate` would add for this schema over these migrations: the SQL of the new migration, or
 * null when the migrations are current. Runs on a copy (inside the repository: drizzle-kit wants a relative
 * --out), bounded in time; a prompt (a possible rename) counts as drift too, as stdin is closed.
 */
export function pendingMigration(
  dialect: "sqlite" | "postgresql",
  schemaFile: string,
  migrationsDir: string,
): string | null {
  const scratchRoot = path.join(root, "node_modules", ".cache");
  mkdirSync(scratchRoot, { recursive: true });
  const scratch = mkdtempSync(path.join(scratchRoot, "db-drift-"));
  try {
    const out = path.join(scratch, "migrations");
    cpSync(path.resolve(root, migrationsDir), out, { recursive: true });
    const before = new Set(readdirSync(out));
    const result = spawnSync(
      "npx",
      [
        "drizzle-kit",
        "generate",
        "--dialect",
        dialect,
        "--schema",
        path.relative(root, path.resolve(root, schemaFile)),
        "--out",
        path.relative(root, out),
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", timeout: 120_000 },
    );
    if (result.status !== 0) {
      return `drizzle-kit generate did not finish (status ${result.status}, ${result.signal ?? "no signal"}):\n${result.stdout}${result.stderr}`;
    }
    const added = readdirSync(out).filter((f) => !before.has(f) && f.endsWith(".sql"));
    if (added.length === 0) return null;
    return added.map((f) => readFileSync(path.join(out, f), "utf8")).join("\n");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function main(): number {
  let failed = false;
  const drift = schemaDrift();
  if (drift.length > 0) {
    failed = true;
    process.stdout.write(
      `✘ api/db/schema.ts (sqlite) and api/db/pg/schema.ts (postgresql) differ:\n${drift.map((d) => `  - ${d}`).join("\n")}\n`,
    );
  } else {
    process.stdout.write("✔ the sqlite and postgresql schemas agree (tables, columns, keys, indexes)\n");
  }
  for (const d of DIALECTS) {
    const pending = pendingMigration(d.name, d.schema, d.migrations);
    if (pending === null) {
      process.stdout.write(`✔ ${d.migrations} is current with ${d.schema}\n`);
    } else {
      failed = true;
      process.stdout.write(
        `✘ ${d.migrations} is behind ${d.schema}: run \`npm run db:generate\` and commit the migration. It would add:\n${pending}\n`,
      );
    }
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main());
}

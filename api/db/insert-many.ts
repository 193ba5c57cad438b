/**
 * Many rows of one table written in the caller's transaction, on either engine (a close writes up to 50 000
 * entries, then as many reply publications: bench/verify.bench.ts):
 * - PostgreSQL: drizzle's multi-row insert, as many rows a statement as its 65 535 parameters allow, capped at
 *   PG_ROWS_MAX (one round trip each: the server is across a network);
 * - SQLite: one better-sqlite3 statement, prepared once per connection, table and conflict rule, run for each row
 *   on the transaction's connection. Drizzle's per-row prepared statements (or its building of multi-row ones) cost
 *   more than SQLite writing the rows: measured, twice SQLite's own time for the entries of a 50 k close.
 * Rows are given by the table's property names, as for `insert(table).values(rows)`; each value is mapped as
 * drizzle maps it (JSON columns as text, booleans as 0/1); a value left out takes the column's default.
 */
import type Database from "better-sqlite3";
import { type Column, getTableColumns, getTableName, is, SQL, type Table } from "drizzle-orm";
import type { Db, SqliteDb } from "./client";
import { dialectOf } from "./dialect";

/** At most this many rows a PostgreSQL statement. */
const PG_ROWS_MAX = 1_000;
const PG_PARAMETERS_MAX = 65_535;

type Options = { onConflictDoNothing?: boolean };

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function sqliteInsert(client: Database.Database, table: Table, columns: Column[], ignore: boolean) {
  const name = getTableName(table);
  const key = `${name}\u0000${ignore}`;
  let cache = statements.get(client);
  if (!cache) {
    cache = new Map();
    statements.set(client, cache);
  }
  let statement = cache.get(key);
  if (!statement) {
    const quote = (id: string) => `"${id.replaceAll('"', '""')}"`;
    statement = client.prepare(
      `INSERT INTO ${quote(name)} (${columns.map((c) => quote(c.name)).join(", ")}) VALUES (${columns
        .map(() => "?")
        .join(", ")})${ignore ? " ON CONFLICT DO NOTHING" : ""}`,
    );
    cache.set(key, statement);
  }
  return statement;
}

/** A value as SQLite stores it: drizzle's mapping of the column, or its default when the row leaves it out. */
function driverValue(column: Column, value: unknown): unknown {
  if (value === undefined) {
    if (column.defaultFn) return driverValue(column, column.defaultFn());
    if (column.default !== undefined && !is(column.default, SQL)) return driverValue(column, column.default);
    return null;
  }
  return value === null ? null : column.mapToDriverValue(value);
}

export async function insertMany<T extends Table>(
  tx: Db,
  table: T,
  rows: readonly T["$inferInsert"][],
  opts: Options = {},
): Promise<void> {
  if (rows.length === 0) return;
  const entries = Object.entries(getTableColumns(table)) as [string, Column][];
  if (dialectOf(tx) === "postgresql") {
    const size = Math.min(PG_ROWS_MAX, Math.floor(PG_PARAMETERS_MAX / entries.length));
    for (let i = 0; i < rows.length; i += size) {
      // biome-ignore lint/suspicious/noExplicitAny: the one table of either engine, as drizzle's insert takes it
      const insert = tx.insert(table as any).values(rows.slice(i, i + size) as any);
      await (opts.onConflictDoNothing ? insert.onConflictDoNothing() : insert);
    }
    return;
  }
  const columns = entries.map(([, c]) => c);
  const statement = sqliteInsert(
    (tx as unknown as SqliteDb).$client,
    table,
    columns,
    opts.onConflictDoNothing === true,
  );
  const values = new Array<unknown>(entries.length);
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    for (let k = 0; k < entries.length; k++) {
      const [key, column] = entries[k] as [string, Column];
      values[k] = driverValue(column, record[key]);
    }
    statement.run(values);
  }
}

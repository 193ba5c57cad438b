/**
 * The JSON SQL that differs between the engines (SQLite's json_set / json_remove / json_extract on JSON text,
 * PostgreSQL's jsonb_set / #- / -> on jsonb), written once per dialect. The dialect is the one the process opened
 * (api/db/tables.ts), like the tables these expressions name. Keys are object keys, or array indexes as numbers.
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { chosenDialect } from "./tables";

type Key = string | number;

const postgres = () => chosenDialect() === "postgresql";

/** SQLite's JSON path: `$.a."b c"[0]`. */
function sqlitePath(keys: readonly Key[]): string {
  return `$${keys.map((k) => (typeof k === "number" ? `[${k}]` : `.${JSON.stringify(k)}`)).join("")}`;
}

/** The value at keys set to `value` (made of JSON), missing objects on the way created: the new document. */
export function jsonSet(column: AnyColumn | SQL, keys: readonly Key[], value: unknown): SQL {
  const json = JSON.stringify(value);
  if (!postgres()) return sql`json_set(coalesce(${column}, '{}'), ${sqlitePath(keys)}, json(${json}))`;
  // jsonb_set creates only the last key: each level is set from its own (possibly missing) object.
  const set = (doc: SQL, rest: readonly Key[]): SQL => {
    const [key, ...more] = rest;
    if (key === undefined) return sql`${json}::jsonb`;
    const inner =
      more.length === 0
        ? sql`${json}::jsonb`
        : set(sql`coalesce(${doc} -> ${String(key)}::text, '{}'::jsonb)`, more);
    return sql`jsonb_set(${doc}, ARRAY[${String(key)}]::text[], ${inner}, true)`;
  };
  return set(sql`coalesce(${column}, '{}'::jsonb)`, keys);
}

/** The document without the value at keys (unchanged when there is none). */
export function jsonRemove(column: AnyColumn | SQL, keys: readonly Key[]): SQL {
  if (!postgres()) return sql`json_remove(${column}, ${sqlitePath(keys)})`;
  return sql`(${column} #- ARRAY[${sql.join(
    keys.map((k) => sql`${String(k)}`),
    sql`, `,
  )}]::text[])`;
}

/** The scalar at keys as text (null when missing): json_extract on SQLite, #>> on PostgreSQL. */
export function jsonText(column: AnyColumn | SQL, keys: readonly Key[]): SQL<string | null> {
  if (!postgres()) return sql<string | null>`json_extract(${column}, ${sqlitePath(keys)})`;
  return sql<string | null>`(${column} #>> ARRAY[${sql.join(
    keys.map((k) => sql`${String(k)}`),
    sql`, `,
  )}]::text[])`;
}

/**
 * What a live PostgreSQL database holds, read from its catalogs into api/db/schema-model.ts's model, so it can be
 * compared with the schema it was migrated from.
 */
import type pg from "pg";
import type { ColumnType, SchemaModel } from "../../api/db/schema-model";

const TYPES: Record<string, ColumnType> = {
  text: "text",
  integer: "integer",
  boolean: "boolean",
  jsonb: "json",
};

/** A column default as the model writes it: 'en'::text → "\"en\"", false → "false", 0 → "0". */
function modelDefault(expression: string | null): string | null {
  if (expression === null) return null;
  const literal = /^'((?:[^']|'')*)'::text$/.exec(expression);
  if (literal) return JSON.stringify((literal[1] as string).replaceAll("''", "'"));
  if (/^(true|false|-?\d+(\.\d+)?)$/.test(expression)) return expression;
  return "(sql)";
}

const ON_DELETE: Record<string, string> = {
  a: "",
  r: " on delete restrict",
  c: " on delete cascade",
  n: " on delete set null",
  d: " on delete set default",
};

/** The public schema's tables; exportName is left empty (a database does not know it). */
export async function databaseModel(client: pg.ClientBase): Promise<SchemaModel> {
  const model: SchemaModel = {};
  const table = (name: string) => {
    model[name] ??= { exportName: "", columns: {}, primaryKey: [], indexes: {}, foreignKeys: [] };
    return model[name];
  };
  const columns = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  for (const c of columns.rows) {
    table(c.table_name).columns[c.column_name] = {
      type: TYPES[c.data_type] ?? `other:${c.data_type}`,
      notNull: c.is_nullable === "NO",
      default: modelDefault(c.column_default),
    };
  }
  const constraints = await client.query<{
    table: string;
    contype: string;
    conname: string;
    cols: string[];
    ftable: string | null;
    fcols: string[];
    confdeltype: string;
  }>(
    `SELECT t.relname AS table, c.contype, c.conname,
            array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
                  JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o) AS cols,
            f.relname AS ftable,
            array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
                  JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) AS fcols,
            c.confdeltype
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       LEFT JOIN pg_class f ON f.oid = c.confrelid
      WHERE n.nspname = 'public' AND c.contype IN ('p', 'f', 'u')`,
  );
  for (const c of constraints.rows) {
    const t = table(c.table);
    if (c.contype === "p") t.primaryKey = c.cols;
    else if (c.contype === "u") t.indexes[c.conname] = { unique: true, columns: c.cols };
    else
      t.foreignKeys.push(
        `${c.cols.join(",")} -> ${c.ftable}(${c.fcols.join(",")})${ON_DELETE[c.confdeltype] ?? ""}`,
      );
  }
  const indexes = await client.query<{ table: string; name: string; unique: boolean; cols: string[] }>(
    `SELECT t.relname AS table, i.relname AS name, x.indisunique AS unique,
            array(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(n, o)
                  JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n ORDER BY k.o) AS cols
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND NOT x.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.contype = 'u')`,
  );
  for (const i of indexes.rows) table(i.table).indexes[i.name] = { unique: i.unique, columns: i.cols };
  for (const t of Object.values(model)) t.foreignKeys.sort();
  return model;
}

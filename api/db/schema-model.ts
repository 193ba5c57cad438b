/**
 * One dialect-free description of a drizzle schema (tables, columns, keys, indexes), so the SQLite and PostgreSQL
 * schemas can be compared (scripts/db-drift.ts) and a real database checked against them (tests/api/postgres).
 */
import { is, SQL, Table } from "drizzle-orm";
import { PgTable, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteTable, getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";

/** text, integer, boolean and json mean the same on both engines; anything else is kept as drizzle's own name. */
export type ColumnType = "text" | "integer" | "boolean" | "json" | `other:${string}`;

export type ColumnModel = {
  type: ColumnType;
  notNull: boolean;
  /** The default as JSON text ("\"en\"", "false", "0"); "(sql)" for an SQL expression; null for none. */
  default: string | null;
};

export type TableModel = {
  /** The name the schema module exports it under (the services import it by that name on both engines). */
  exportName: string;
  columns: Record<string, ColumnModel>;
  /** Primary key columns, in key order (a one-column key declared on the column or a composite key). */
  primaryKey: string[];
  /** Index name → unique flag and columns in index order (drizzle's uniqueIndex and index). */
  indexes: Record<string, { unique: boolean; columns: string[] }>;
  /** "col[,col] -> table(col[,col]) on delete X", sorted. */
  foreignKeys: string[];
};

/** Table name → its model. */
export type SchemaModel = Record<string, TableModel>;

const TYPES: Record<string, ColumnType> = {
  SQLiteText: "text",
  SQLiteTextJson: "json",
  SQLiteInteger: "integer",
  SQLiteBoolean: "boolean",
  PgText: "text",
  PgJsonb: "json",
  PgInteger: "integer",
  PgBoolean: "boolean",
};

type AnyConfig = ReturnType<typeof pgTableConfig> | ReturnType<typeof sqliteTableConfig>;

function columnDefault(column: AnyConfig["columns"][number]): string | null {
  if (!column.hasDefault) return null;
  if (column.default === undefined) return "(function)"; // $defaultFn: runs in the app, the same on both
  if (is(column.default, SQL)) return "(sql)";
  return JSON.stringify(column.default);
}

function indexColumnName(column: unknown): string {
  return column && typeof column === "object" && "name" in column ? String(column.name) : "(expression)";
}

function tableModel(exportName: string, config: AnyConfig): TableModel {
  const columns: Record<string, ColumnModel> = {};
  let primaryKey: string[] = [];
  for (const column of config.columns) {
    columns[column.name] = {
      type: TYPES[column.columnType] ?? `other:${column.columnType}`,
      notNull: column.notNull,
      default: columnDefault(column),
    };
    if (column.primary) primaryKey = [column.name];
  }
  for (const pk of config.primaryKeys) primaryKey = pk.columns.map((c) => c.name);
  const indexes: TableModel["indexes"] = {};
  for (const index of config.indexes) {
    // An unnamed index gets a generated name that differs by dialect: name every index.
    indexes[index.config.name ?? `(unnamed on ${config.name})`] = {
      unique: index.config.unique ?? false,
      columns: (index.config.columns as unknown[]).map(indexColumnName),
    };
  }
  for (const unique of config.uniqueConstraints) {
    const name = unique.name ?? `${config.name}_${unique.columns.map((c) => c.name).join("_")}_unique`;
    indexes[name] = { unique: true, columns: unique.columns.map((c) => c.name) };
  }
  const foreignKeys = config.foreignKeys
    .map((fk) => {
      const ref = fk.reference();
      const target = is(ref.foreignTable, PgTable)
        ? pgTableConfig(ref.foreignTable).name
        : sqliteTableConfig(ref.foreignTable as SQLiteTable).name;
      const onDelete = fk.onDelete && fk.onDelete !== "no action" ? ` on delete ${fk.onDelete}` : "";
      return `${ref.columns.map((c) => c.name).join(",")} -> ${target}(${ref.foreignColumns.map((c) => c.name).join(",")})${onDelete}`;
    })
    .sort();
  return { exportName, columns, primaryKey, indexes, foreignKeys };
}

/** The model of a schema module (`import * as schema`): every exported table, whichever the dialect. */
export function schemaModel(schema: Record<string, unknown>): SchemaModel {
  const model: SchemaModel = {};
  for (const [exportName, value] of Object.entries(schema)) {
    if (is(value, PgTable)) {
      const config = pgTableConfig(value);
      model[config.name] = tableModel(exportName, config);
    } else if (is(value, SQLiteTable)) {
      const config = sqliteTableConfig(value);
      model[config.name] = tableModel(exportName, config);
    } else if (is(value, Table)) {
      throw new Error(`schemaModel: ${exportName} is a table of a dialect it does not know`);
    }
  }
  return model;
}

const show = (value: unknown) => (value === undefined ? "(absent)" : JSON.stringify(value));

/**
 * Every difference between two models, one readable line each ("contests.status: notNull true in sqlite, false
 * in postgresql"); empty when they agree. `names` label the two sides.
 */
export function compareModels(a: SchemaModel, b: SchemaModel, names: [string, string]): string[] {
  const [na, nb] = names;
  const out: string[] = [];
  const keys = (x: object, y: object) => [...new Set([...Object.keys(x), ...Object.keys(y)])].sort();
  for (const table of keys(a, b)) {
    const ta = a[table];
    const tb = b[table];
    if (!ta || !tb) {
      out.push(`table ${table}: only in ${ta ? na : nb}`);
      continue;
    }
    if (ta.exportName !== tb.exportName) {
      out.push(`table ${table}: exported as ${ta.exportName} in ${na}, ${tb.exportName} in ${nb}`);
    }
    for (const column of keys(ta.columns, tb.columns)) {
      const ca = ta.columns[column];
      const cb = tb.columns[column];
      if (!ca || !cb) {
        out.push(`${table}.${column}: column only in ${ca ? na : nb}`);
        continue;
      }
      for (const field of ["type", "notNull", "default"] as const) {
        if (ca[field] !== cb[field]) {
          out.push(`${table}.${column}: ${field} ${show(ca[field])} in ${na}, ${show(cb[field])} in ${nb}`);
        }
      }
    }
    if (ta.primaryKey.join(",") !== tb.primaryKey.join(",")) {
      out.push(`${table}: primary key (${ta.primaryKey}) in ${na}, (${tb.primaryKey}) in ${nb}`);
    }
    for (const index of keys(ta.indexes, tb.indexes)) {
      const ia = ta.indexes[index];
      const ib = tb.indexes[index];
      if (!ia || !ib) {
        out.push(`${table}: index ${index} only in ${ia ? na : nb}`);
      } else if (ia.unique !== ib.unique || ia.columns.join(",") !== ib.columns.join(",")) {
        const describe = (i: typeof ia) => `${i.unique ? "unique " : ""}(${i.columns})`;
        out.push(`${table}: index ${index} is ${describe(ia)} in ${na}, ${describe(ib)} in ${nb}`);
      }
    }
    for (const fk of keys(
      Object.fromEntries(ta.foreignKeys.map((f) => [f, 1])),
      Object.fromEntries(tb.foreignKeys.map((f) => [f, 1])),
    )) {
      const inA = ta.foreignKeys.includes(fk);
      const inB = tb.foreignKeys.includes(fk);
      if (!inA || !inB) out.push(`${table}: foreign key ${fk} only in ${inA ? na : nb}`);
    }
  }
  return out;
}

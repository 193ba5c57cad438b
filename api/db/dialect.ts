/**
 * Which engine a database object speaks. openDb marks the databases it opens; a transaction object (PostgreSQL's
 * `tx`) is not marked, and answers the dialect the process chose (one process serves one database).
 */
import { chosenDialect, type Dialect } from "./tables";

const dialects = new WeakMap<object, Dialect>();

export function markDialect(db: object, dialect: Dialect): void {
  dialects.set(db, dialect);
}

export function dialectOf(db: object): Dialect {
  const dialect = dialects.get(db) ?? chosenDialect();
  if (dialect === null) throw new Error("dialectOf: no database was opened with openDb in this process");
  return dialect;
}

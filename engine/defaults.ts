import type { AnySchema } from "ajv";
import { createAjv } from "./ajv";

const withDefaults = createAjv({ useDefaults: true });

/** A fresh object holding every `default` the schema declares (ajv fills them in). */
export function defaultsOf<T>(schema: AnySchema & { $id?: string }): T {
  const validate = withDefaults.getSchema(schema.$id ?? "") ?? withDefaults.compile(schema);
  const value = {};
  validate(value);
  return value as T;
}

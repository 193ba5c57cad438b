/**
 * Structural validation of the contest body with ajv (the form schemas of schemas/contest/): the shape before
 * the rules. The server runs it first, so the rules only ever see a body of the right shape; its errors are
 * turned into the same dotted paths as the rules' errors.
 */
import type { AnySchema, ErrorObject } from "ajv";
import { createAjv } from "./ajv";
import type { ValidationErrors } from "./messages/types";

export const FORM_SCHEMA_ID = "https://fairdraw.app/schemas/contest/form.schema.json";

export type StructureValidator = (body: unknown) => ValidationErrors;

/** "/sources/0/publication/content" → "sources.0.publication.content"; a missing property names itself. */
function pathOf(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, "").replaceAll("/", ".");
  const missing =
    error.keyword === "required" ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  const extra =
    error.keyword === "additionalProperties"
      ? (error.params as { additionalProperty?: string }).additionalProperty
      : undefined;
  const leaf = missing ?? extra;
  return leaf ? (base ? `${base}.${leaf}` : leaf) : base || "body";
}

const KEYS: Record<string, string> = {
  required: "validation.required",
  type: "validation.structure.type",
  additionalProperties: "validation.structure.unknown",
  enum: "validation.in",
  const: "validation.in",
};

/** Compiles once; `schemas` are every form schema (the root and all it references). */
export function compileStructure(
  schemas: readonly AnySchema[],
  rootId: string = FORM_SCHEMA_ID,
): StructureValidator {
  const ajv = createAjv();
  for (const s of schemas) ajv.addSchema(s);
  const validate = ajv.getSchema(rootId);
  if (!validate) throw new Error(`compileStructure: no schema with $id ${rootId}`);
  return (body) => {
    if (validate(body)) return {};
    const errors: ValidationErrors = {};
    for (const e of validate.errors ?? []) {
      // oneOf over the providers reports every branch; the type of the source says which one matters.
      if (e.keyword === "oneOf" || e.keyword === "if") continue;
      const path = pathOf(e);
      if (errors[path]) continue;
      errors[path] = [
        e.keyword === "maxItems"
          ? {
              key: "validation.structure.too_many",
              rule: "schema:maxItems",
              values: { n: (e.params as { limit: number }).limit },
            }
          : { key: KEYS[e.keyword] ?? "validation.structure.invalid", rule: `schema:${e.keyword}` },
      ];
    }
    return errors;
  };
}

/**
 * A network's published OpenAPI description, compiled once per process with ajv, for its stand-in to check every
 * request and answer against: the operation a request names, its query and path parameters (undeclared, missing,
 * ill-typed), a body or answer against its component schema. Object schemas are closed (additionalProperties:
 * false) where they list their properties, so a field the description does not list is a problem, except a
 * schema with a discriminator and the parts of an allOf: others extend them, and closing them would refuse what
 * the extension adds.
 */
import { readFileSync } from "node:fs";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Param = {
  name: string;
  in: string;
  required?: boolean;
  schema?: Record<string, unknown>;
  $ref?: string;
};
type Json = { content?: { "application/json"?: { schema?: { $ref?: string } } } };
export type Operation = {
  operationId: string;
  parameters?: Param[];
  requestBody?: Json;
  responses: Record<string, Json>;
};
type Description = {
  paths: Record<string, Record<string, Operation | Param[]>>;
  components: { schemas: Record<string, unknown>; parameters: Record<string, Param> };
};

function closed(schema: unknown, open = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closed(s, open));
  if (typeof schema !== "object" || schema === null) return schema;
  const s = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "properties") out[k] = mapValues(v, (p) => closed(p));
    else if (k === "allOf") out[k] = (v as unknown[]).map((p) => closed(p, true));
    else out[k] = closed(v);
  }
  if (!open && !s.discriminator && out.properties && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}
function mapValues(o: unknown, f: (v: unknown) => unknown): unknown {
  return Object.fromEntries(Object.entries(o as Record<string, unknown>).map(([k, v]) => [k, f(v)]));
}

export type OpenapiChecker = ReturnType<typeof openapiChecker>;
/** A request's operation, the path it matched and its path parameters. */
export type Matched = { op: Operation; template: string; params: Record<string, string> };

/**
 * `file`: the description; `formats`: the description's own formats, accepted as they come (ajv-formats checks
 * date-time and the rest); `arrays`: how the network sends an array in a query, comma-separated ("comma": style
 * form, explode false, and a parameter given twice is a problem) or the parameter repeated ("repeat").
 */
export function openapiChecker(o: { file: string; formats: string[]; arrays: "comma" | "repeat" }) {
  const doc: Description = JSON.parse(readFileSync(o.file, "utf8"));
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    formats: Object.fromEntries(o.formats.map((f) => [f, true])),
  });
  addFormats(ajv);
  ajv.addSchema({ $id: "openapi.json", components: { schemas: closed(doc.components.schemas) } });
  const compiled = new Map<string, ValidateFunction>();
  // Literal paths first (/2/tweets/search/recent before /2/tweets/{id}).
  const templates = Object.keys(doc.paths)
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
    .map((p) => ({
      path: p,
      re: new RegExp(`^${p.replace(/\{[^}]+\}/g, "([^/]+)")}$`),
      names: [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
    }));

  const resolve = (p: Param) =>
    p.$ref ? (doc.components.parameters[p.$ref.split("/").pop() as string] as Param) : p;
  const schemaOf = (p: Param): Record<string, unknown> => {
    const schema = p.schema ?? {};
    return typeof schema.$ref === "string" ? { $ref: `openapi.json${schema.$ref}` } : schema;
  };
  /** A parameter's text as the value its schema types. */
  const typed = (schema: Record<string, unknown>, raw: string[]): unknown => {
    const one = raw[0] ?? "";
    if (schema.type === "array") return o.arrays === "comma" ? one.split(",") : raw;
    if (schema.type === "integer" || schema.type === "number") return Number(one);
    if (schema.type === "boolean") return one === "true" ? true : one === "false" ? false : one;
    return one;
  };

  return {
    doc,

    /** The operation a request names, with its path parameters; null when the description has none. */
    match(method: string, pathname: string): Matched | null {
      for (const t of templates) {
        const m = pathname.match(t.re);
        if (!m) continue;
        const op = doc.paths[t.path]?.[method.toLowerCase()];
        if (!op || Array.isArray(op)) return null;
        const params = Object.fromEntries(t.names.map((n, i) => [n, decodeURIComponent(m[i + 1] as string)]));
        return { op, template: t.path, params };
      }
      return null;
    },

    /** What is wrong with a value of a component ($ref "#/components/schemas/X"), as text; [] when nothing. */
    check(ref: string, value: unknown): string[] {
      let v = compiled.get(ref);
      if (!v) {
        v = ajv.compile({ $ref: `openapi.json${ref}` });
        compiled.set(ref, v);
      }
      return v(value)
        ? []
        : (v.errors ?? []).map((e) => `${ref}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
    },

    /** What is wrong with a request's query and path parameters (undeclared, missing, ill-typed). */
    checkParams({ op, template, params: pathParams }: Matched, query: URLSearchParams): string[] {
      const shared = (doc.paths[template]?.parameters as Param[] | undefined) ?? [];
      const params = [...shared, ...(op.parameters ?? [])].map(resolve);
      const problems: string[] = [];
      const check = (p: Param, raw: string[]) => {
        const schema = schemaOf(p);
        const v = ajv.compile(schema);
        if (!v(typed(schema, raw))) {
          problems.push(`${op.operationId}: ${p.name}=${raw.join(",")} ${v.errors?.[0]?.message}`);
        }
      };
      const byName = new Map(params.filter((p) => p.in === "query").map((p) => [p.name, p]));
      for (const name of new Set(query.keys())) {
        const p = byName.get(name);
        if (!p) problems.push(`${op.operationId}: query parameter ${name} is not declared`);
        else if (o.arrays === "comma" && query.getAll(name).length > 1) {
          problems.push(`${op.operationId}: ${name} given twice`);
        } else check(p, query.getAll(name));
      }
      for (const p of params) {
        if (p.in === "query" && p.required && !query.has(p.name)) {
          problems.push(`${op.operationId}: required ${p.name} missing`);
        }
        if (p.in === "path") check(p, [pathParams[p.name] ?? ""]);
      }
      return problems;
    },
  };
}

/**
 * The OpenAPI 3.1 document (GET /api/v1/openapi.json), built from the route table and the JSON Schemas of
 * schemas/ (OpenAPI 3.1 speaks JSON Schema 2020-12, so the schemas go in as they are, named by their title). A
 * schema's references to other schema files become references to their components, so the contest body is the
 * form schema itself: a oneOf over every provider's source schema present under schemas/.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SCHEMAS_DIR } from "../../engine/node/load-schemas";
import { ROUTES, type RouteDoc } from "./routes";

type Json = Record<string, unknown>;

/** Every JSON Schema of the folder, by its $id. */
function schemasById(dir: string): Map<string, Json> {
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".schema.json") && !f.startsWith(`meta${path.sep}`));
  const byId = new Map<string, Json>();
  for (const f of files) {
    const schema = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Json;
    if (typeof schema.$id === "string") byId.set(schema.$id, schema);
  }
  return byId;
}

/** A deep copy of `node` with each $ref to another file rewritten by `rewrite` (a local #/… one is left as it is). */
function withRefs(node: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => withRefs(n, rewrite));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" ? rewrite(v) : withRefs(v, rewrite),
    ]),
  );
}

const ERROR_BODY: Json = {
  type: "object",
  required: ["error", "message"],
  properties: {
    error: { type: "string", description: "The error key (decisions.md), e.g. permissionsForbidden." },
    message: { type: "string" },
    uid: { type: "string", description: "The error id, logged on the server." },
    errors: {
      type: "object",
      description: "422 only: dotted field path → messages, first one shown.",
      additionalProperties: { type: "array", items: { type: "string" } },
    },
  },
};

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed request.",
  401: "No session.",
  402: "The team is frozen (payment overdue).",
  403: "Permission, plan or CSRF refusal.",
  404: "Unknown, or another team's, object.",
  409: "Conflict with the object's state.",
  413: "Too large.",
  415: "Unsupported media type.",
  422: "Validation failed.",
  429: "Too many attempts.",
  500: "Server error (with an error uid).",
};

function openApiPath(p: string): string {
  return p.replace(/:(\w+)/g, "{$1}");
}

/** `dir`: the schemas/ folder the server reads (its catalogue's), so a provider added there is described too. */
export function buildOpenApi(
  routes: readonly RouteDoc[] = ROUTES,
  version = "0.1.0",
  dir: string = SCHEMAS_DIR,
): Json {
  const components: Record<string, Json> = { Error: ERROR_BODY };
  const byId = schemasById(dir);
  const idOf = (name: string) => {
    const file = path.join(dir, `${name}.schema.json`);
    return String((JSON.parse(readFileSync(file, "utf8")) as Json).$id);
  };
  /** Adds the schema of `id` (and every schema it references) to the components; answers its component's pointer. */
  const component = (id: string): string => {
    const schema = byId.get(id);
    if (!schema) throw new Error(`OpenAPI: no schema ${id}`);
    const title = String(schema.title);
    const pointer = `#/components/schemas/${title}`;
    if (components[title]) return pointer;
    components[title] = {};
    const { $schema: _s, $id: _i, ...rest } = schema;
    components[title] = withRefs(rest, (ref) => {
      if (ref.startsWith("#")) return `${pointer}${ref.slice(1)}`;
      const target = new URL(ref, id);
      const fragment = target.hash.slice(1);
      target.hash = "";
      return `${component(target.href)}${fragment}`;
    }) as Json;
    return pointer;
  };
  const ref = (name: string) => ({ $ref: component(idOf(name)) });
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of routes) {
    const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const okSchema = r.ok.schema
      ? r.ok.list
        ? {
            type: "object",
            required: ["data"],
            properties: { data: { type: "array", items: ref(r.ok.schema) } },
          }
        : ref(r.ok.schema)
      : { type: "object" };
    const responses: Record<string, Json> = {
      [String(r.ok.status)]: {
        description: r.ok.description ?? "Success.",
        ...(r.ok.status === 204 || r.ok.status === 101
          ? {}
          : { content: { "application/json": { schema: okSchema } } }),
      },
    };
    const errorStatuses = new Set([400, 422, 429, 500, ...(r.errors ?? [])]);
    if (r.access !== "public") errorStatuses.add(401);
    if (r.access === "team" || r.method !== "GET") errorStatuses.add(403);
    for (const s of [...errorStatuses].sort()) {
      responses[String(s)] = {
        description: STATUS_TEXT[s] ?? "Error.",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    const operation: Json = {
      summary: r.summary,
      tags: [r.tag],
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ? ch.toUpperCase() : ""))}`,
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": { schema: r.body === "object" ? { type: "object" } : ref(r.body) },
              },
            },
          }
        : {}),
      responses,
      ...(r.access === "public" ? { security: [] } : {}),
      ...(r.permission ? { "x-permission": r.permission } : {}),
    };
    const p = openApiPath(r.path);
    paths[p] ??= {};
    (paths[p] as Record<string, Json>)[r.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Fairdraw API",
      version,
      description:
        "Giveaway contests on social networks for brand teams. JSON, UTF-8, ISO 8601 UTC dates. State-changing calls need the session cookie, X-Requested-With: XMLHttpRequest and X-CSRF-Token (GET /api/v1/refresh_csrf).",
    },
    servers: [{ url: "/" }],
    components: {
      schemas: components,
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "fd_session" } },
    },
    security: [{ session: [] }],
    paths,
  };
}

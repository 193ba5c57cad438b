/**
 * Node only: does a JSON Schema (following $ref into other files and #/$defs, and every branch of
 * oneOf/anyOf/allOf) describe a dotted field path? Used by the schema linter to catch sidecar keys and rule
 * arguments that name fields which do not exist.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

type Schema = Record<string, unknown>;
type Located = { schema: Schema; file: string };

const cache = new Map<string, Schema>();

function load(file: string): Schema {
  let s = cache.get(file);
  if (!s) {
    s = JSON.parse(readFileSync(file, "utf8")) as Schema;
    cache.set(file, s);
  }
  return s;
}

function pointer(root: Schema, frag: string): Schema | undefined {
  let node: unknown = root;
  for (const part of frag.replace(/^\//, "").split("/").filter(Boolean)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node !== null && typeof node === "object" ? (node as Schema) : undefined;
}

/** The schema a node stands for once $refs are followed, with the file it lives in. */
function deref(loc: Located, depth = 0): Located[] {
  if (depth > 20) return [];
  const ref = loc.schema.$ref;
  const out: Located[] = [];
  if (typeof ref === "string") {
    const [filePart = "", frag = ""] = ref.split("#");
    const file = filePart ? path.resolve(path.dirname(loc.file), filePart) : loc.file;
    const root = load(file);
    const target = frag ? pointer(root, frag) : root;
    if (target) out.push(...deref({ schema: target, file }, depth + 1));
  } else out.push(loc);
  for (const key of ["oneOf", "anyOf", "allOf"]) {
    const branches = loc.schema[key];
    if (Array.isArray(branches)) {
      for (const b of branches) out.push(...deref({ schema: b as Schema, file: loc.file }, depth + 1));
    }
  }
  return out;
}

function children(loc: Located, segment: string): Located[] {
  const out: Located[] = [];
  for (const node of deref(loc)) {
    if (segment === "*" || /^\d+$/.test(segment) || segment === "$INDEX") {
      const items = node.schema.items;
      if (items && typeof items === "object") out.push({ schema: items as Schema, file: node.file });
    } else {
      const props = node.schema.properties as Record<string, Schema> | undefined;
      const prop = props?.[segment];
      if (prop) out.push({ schema: prop, file: node.file });
    }
  }
  return out;
}

/** Whether `dotted` (segments may be *, numbers or $INDEX for list elements) exists in the schema file. */
export function schemaHasPath(schemaFile: string, dotted: string): boolean {
  let current: Located[] = [{ schema: load(schemaFile), file: schemaFile }];
  for (const segment of dotted.split(".")) {
    current = current.flatMap((loc) => children(loc, segment));
    if (current.length === 0) return false;
  }
  return true;
}

/**
 * Node only (the server, the checks, the tests): reads a schemas/ folder and builds the builder config from
 * it. Providers are discovered from the files present (contest/sources/<provider>.rules.json and
 * providers/<provider>.json), so adding a provider is a matter of adding files.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ProviderDefinition, RulesSidecar } from "../../codegen/types";
import { createAjv } from "../ajv";
import { type CompiledScope, compileScope } from "../config/compile";
import type { BuilderConfig } from "../config/types";
import { DEFAULT_MEDIA_MAX_SIZE } from "../media";
import { builderFactsOf } from "../provider";

export const SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../schemas");

export type LoadedFile<T> = { file: string; data: T };

export type SchemaSet = {
  dir: string;
  base: LoadedFile<RulesSidecar>;
  summary: LoadedFile<RulesSidecar>;
  /** Provider → its source sidecar. */
  sources: Map<string, LoadedFile<RulesSidecar>>;
  /** Standalone forms of the app (schemas/forms/<name>.rules.json). */
  forms: Map<string, LoadedFile<RulesSidecar>>;
  /** Provider → its definition (schemas/providers/<name>.json). */
  providers: Map<string, LoadedFile<Record<string, unknown>>>;
};

export class SchemaLoadError extends Error {}

function readJson<T>(file: string): LoadedFile<T> {
  try {
    return { file, data: JSON.parse(readFileSync(file, "utf8")) as T };
  } catch (err) {
    throw new SchemaLoadError(`${file}: ${(err as Error).message}`);
  }
}

function jsonFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => path.join(dir, f));
}

export function loadSchemaSet(dir: string = SCHEMAS_DIR): SchemaSet {
  const contest = path.join(dir, "contest");
  const sources = new Map(
    jsonFiles(path.join(contest, "sources"), ".rules.json").map((f) => [
      path.basename(f, ".rules.json"),
      readJson<RulesSidecar>(f),
    ]),
  );
  const providers = new Map(
    jsonFiles(path.join(dir, "providers"), ".json").map((f) => [
      path.basename(f, ".json"),
      readJson<Record<string, unknown>>(f),
    ]),
  );
  return {
    dir,
    base: readJson<RulesSidecar>(path.join(contest, "base.rules.json")),
    summary: existsSync(path.join(contest, "summary.rules.json"))
      ? readJson<RulesSidecar>(path.join(contest, "summary.rules.json"))
      : {
          file: path.join(contest, "summary.rules.json"),
          data: { scope: "summary", schema: "", fields: {} },
        },
    sources,
    forms: new Map(
      jsonFiles(path.join(dir, "forms"), ".rules.json").map((f) => [
        path.basename(f, ".rules.json"),
        readJson<RulesSidecar>(f),
      ]),
    ),
    providers,
  };
}

/** The compiled rules of each standalone form, by name ("shortlink-create", "contact", ...). */
export function formRulesFrom(set: SchemaSet): Map<string, CompiledScope> {
  const rel = (f: string) => path.relative(path.dirname(set.dir), f);
  return new Map(
    [...set.forms].map(([name, s]) => [
      name,
      compileScope({ fields: s.data.fields, steps: s.data.steps ?? [] }, rel(s.file)),
    ]),
  );
}

/** What each part of the form starts with: ajv fills every schema `default` into an empty object. */
export function formDefaults(
  dir: string,
  providers: readonly string[],
): NonNullable<BuilderConfig["defaults"]> {
  const ajv = createAjv({ useDefaults: true });
  for (const s of formSchemas(dir)) ajv.addSchema(s);
  // ajv fills the defaults in place; what it fills is the schema's own shape, so the types below hold.
  const fill = <T>(id: string, start: Record<string, unknown>): T => {
    ajv.getSchema(`https://fairdraw.app/schemas/contest/${id}.schema.json`)?.(start);
    return start as T;
  };
  type Defaults = NonNullable<BuilderConfig["defaults"]>;
  return {
    base: fill<Defaults["base"]>("base", {}),
    summary: fill<Defaults["summary"]>("summary", {}),
    sources: Object.fromEntries(
      providers.map((p) => [p, fill<Defaults["sources"][string]>(`sources/${p}`, { type: p })]),
    ),
  };
}

/** The builder config every team starts from (the API adjusts can_edit and limits per team). */
export function builderConfigFrom(set: SchemaSet): BuilderConfig {
  const rel = (f: string) => path.relative(path.dirname(set.dir), f);
  const providers: BuilderConfig["providers"] = {};
  for (const name of set.sources.keys()) {
    providers[name] = builderFactsOf(
      set.providers.get(name)?.data as Partial<ProviderDefinition> | undefined,
    );
  }
  return {
    base: { fields: set.base.data.fields, steps: set.base.data.steps ?? [] },
    summary: { fields: set.summary.data.fields, steps: set.summary.data.steps ?? [] },
    sources: Object.fromEntries(
      [...set.sources].map(([name, s]) => [name, { fields: s.data.fields, steps: s.data.steps ?? [] }]),
    ),
    providers,
    limits: { mediaMaxSize: DEFAULT_MEDIA_MAX_SIZE },
    defaults: formDefaults(set.dir, [...set.sources.keys()]),
    files: {
      base: rel(set.base.file),
      summary: rel(set.summary.file),
      sources: Object.fromEntries([...set.sources].map(([name, s]) => [name, rel(s.file)])),
    },
  };
}

/** Every schema of the contest form (schemas/contest/**): the body's root and all it references. */
export function formSchemas(dir: string = SCHEMAS_DIR): Record<string, unknown>[] {
  const contest = path.join(dir, "contest");
  return readdirSync(contest, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".schema.json"))
    .sort()
    .map((f) => readJson<Record<string, unknown>>(path.join(contest, f)).data);
}

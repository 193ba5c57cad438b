/**
 * Node only: the schema linter behind `npm run schemas:check`. For a schemas/ folder it reports, as data:
 * schemas that ajv's strict mode refuses; sidecars that break the sidecar meta-schema; rule strings that fail
 * to load (unknown rule, wrong arguments, unknown comparator); sidecar keys, rule arguments, `when` paths and
 * step fields that name fields the schema does not have; message keys missing from any language's catalog
 * (every catalog has exactly the keys of en.json, with the same placeholders); providers without a definition; handle
 * rules whose pattern does not compile or refuses its own examples; plan features that are not in the feature catalogue;
 * source actions without a kind in the provider's definition, or of a kind the engine does not know
 * (engine/lifecycle/action-kinds); text limits (`text`) that disagree with the source's rule strings; an action
 * kind without its capability (`capabilities.actions`), or a capability of a kind the engine does not know.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ProviderHandle, RulesSidecar } from "../../codegen/types";
import { createAjv } from "../ajv";
import { type CompiledScope, compileConfig } from "../config/compile";
import { ACTION_KIND_NAMES, isActionKind } from "../lifecycle/action-kinds";
import { ENGINE_LOCALES } from "../messages/locales";
import type { RuleDefinition } from "../rules/define";
import { rules } from "../rules/index";
import { RuleLoadError } from "../rulestring/compile";
import { normalizeHandle } from "../text/handle";
import {
  builderConfigFrom,
  formRulesFrom,
  type LoadedFile,
  loadSchemaSet,
  type SchemaSet,
} from "./load-schemas";
import { schemaHasPath } from "./schema-paths";

export type Problem = { file: string; message: string };

/** Every language of the interface: a rule message must be written in all of them. */
const REQUIRED_CATALOGS = ENGINE_LOCALES;

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".schema.json"))
    .map((f) => path.join(dir, f))
    .sort();
}

function checkSchemasCompile(dir: string, problems: Problem[]) {
  const ajv = createAjv();
  const all = schemaFiles(dir).map((file) => ({ file, schema: JSON.parse(readFileSync(file, "utf8")) }));
  for (const { file, schema } of all) {
    if (typeof schema.title !== "string")
      problems.push({ file, message: 'needs a "title" (codegen names the type by it)' });
    if (typeof schema.$id !== "string") problems.push({ file, message: 'needs an "$id"' });
    try {
      ajv.addSchema(schema);
    } catch (err) {
      problems.push({ file, message: (err as Error).message });
    }
  }
  for (const { file, schema } of all) {
    if (typeof schema.$id !== "string") continue;
    try {
      ajv.compile({ $ref: schema.$id });
    } catch (err) {
      problems.push({ file, message: (err as Error).message });
    }
  }
  return ajv;
}

/** Every data file that names its meta-schema with "$schema" (sidecars, providers, plans, ...) satisfies it. */
function checkDataFiles(dir: string, ajv: ReturnType<typeof createAjv>, problems: Problem[]) {
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".json") && !f.endsWith(".schema.json"))
    .map((f) => path.join(dir, f))
    .sort();
  for (const file of files) {
    const data = JSON.parse(readFileSync(file, "utf8")) as { $schema?: unknown };
    if (typeof data.$schema !== "string" || /^https?:/.test(data.$schema)) continue;
    const metaFile = path.resolve(path.dirname(file), data.$schema);
    if (!existsSync(metaFile)) {
      problems.push({ file, message: `its $schema ${data.$schema} does not exist` });
      continue;
    }
    const id = (JSON.parse(readFileSync(metaFile, "utf8")) as { $id?: string }).$id ?? "";
    const validateData = ajv.getSchema(id);
    if (!validateData) continue; // the meta-schema itself failed to compile: reported above
    if (!validateData(data)) {
      for (const e of validateData.errors ?? []) {
        problems.push({ file, message: `${e.instancePath || "/"} ${e.message ?? "is invalid"}` });
      }
    }
  }
}

/**
 * Each provider's handle rule: its pattern compiles (u flag), and each of its examples is a handle the rule keeps
 * as it is (valid, and unchanged by normalising), so the example shown to people can be typed as shown.
 */
function checkHandleRules(set: SchemaSet, problems: Problem[]) {
  for (const [name, def] of set.providers) {
    const handle = (def.data as { handle?: Partial<ProviderHandle> }).handle;
    if (!handle || typeof handle.pattern !== "string") continue;
    try {
      new RegExp(handle.pattern, "u");
    } catch (err) {
      problems.push({
        file: def.file,
        message: `handle.pattern does not compile: ${(err as Error).message}`,
      });
      continue;
    }
    for (const example of Array.isArray(handle.examples) ? handle.examples : []) {
      if (normalizeHandle({ name, handle: handle as ProviderHandle }, example) !== example) {
        problems.push({
          file: def.file,
          message: `handle.examples: "${example}" is not a handle its rule keeps as it is`,
        });
      }
    }
  }
}

/**
 * Each action of a provider's contest source (the keys of `actions` in its source schema) has a kind in the
 * provider's definition, of a kind the engine knows, and one action at most of each kind; the definition names no
 * action the source lacks.
 */
function checkActionKinds(set: SchemaSet, problems: Problem[]) {
  for (const [name, def] of set.providers) {
    const sidecar = set.sources.get(name);
    if (!sidecar) continue;
    const schemaFile = schemaOf(sidecar);
    if (!existsSync(schemaFile)) continue;
    const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as {
      properties?: { actions?: { properties?: Record<string, unknown> } };
    };
    const keys = Object.keys(schema.properties?.actions?.properties ?? {});
    const actions = (def.data.actions ?? {}) as Record<string, { kind?: unknown }>;
    const seen = new Map<string, string>();
    for (const key of keys) {
      const kind = actions[key]?.kind;
      if (typeof kind !== "string") {
        problems.push({
          file: def.file,
          message: `actions.${key} (an action of ${sidecar.data.schema}) has no kind`,
        });
        continue;
      }
      if (!isActionKind(kind)) {
        problems.push({
          file: def.file,
          message: `actions.${key}: kind "${kind}" is not one of ${ACTION_KIND_NAMES.join(", ")}`,
        });
        continue;
      }
      const other = seen.get(kind);
      if (other)
        problems.push({
          file: def.file,
          message: `actions.${key} and actions.${other} are both of kind "${kind}"`,
        });
      seen.set(kind, key);
    }
    for (const key of Object.keys(actions)) {
      if (!keys.includes(key))
        problems.push({
          file: def.file,
          message: `actions.${key} is not an action of ${sidecar.data.schema}`,
        });
    }
  }
}

/**
 * Each action kind of a provider's definition (custom aside: it is never checked) says how far the network lists
 * it under capabilities.actions, and every kind described there is one the engine knows.
 */
function checkCapabilities(set: SchemaSet, problems: Problem[]) {
  for (const def of set.providers.values()) {
    const data = def.data as {
      actions?: Record<string, { kind?: unknown }>;
      capabilities?: { actions?: Record<string, unknown> };
    };
    const described = data.capabilities?.actions ?? {};
    for (const [key, action] of Object.entries(data.actions ?? {})) {
      const kind = action?.kind;
      if (typeof kind !== "string" || kind === "custom" || !isActionKind(kind)) continue;
      if (!Object.hasOwn(described, kind))
        problems.push({
          file: def.file,
          message: `capabilities.actions.${kind} is missing: actions.${key} is of kind "${kind}" and the builder, the draw and the sandbox need to know whether the network lists it`,
        });
    }
    for (const kind of Object.keys(described)) {
      if (!isActionKind(kind))
        problems.push({
          file: def.file,
          message: `capabilities.actions.${kind}: "${kind}" is not one of ${ACTION_KIND_NAMES.join(", ")}`,
        });
    }
  }
}

/** The fields whose longest text a provider's `text` limits give, and the limit that gives it. */
const TEXT_LIMITS = {
  "publication.content": "content_max",
  "closing_publication.content": "content_max",
  "winners_publication.content": "content_max",
  "winners_private_message.content": "private_message_max",
} as const;

/**
 * A provider's text limits agree with its source's rule strings: each limited field's maximum (`between`'s max,
 * or `weighted_length`'s, which is the weighted count) is the limit, and the count is weighted exactly
 * where `text.weighted` says so.
 */
function checkTextLimits(set: SchemaSet, compiled: ReturnType<typeof compileConfig>, problems: Problem[]) {
  const env = { now: new Date(0), quotas: {}, limits: {}, get: () => undefined, sourceIndex: 0, index: 0 };
  for (const [name, def] of set.providers) {
    const text = def.data.text as Partial<Record<"content_max" | "private_message_max", number>> & {
      weighted?: boolean;
    };
    const scope = compiled.sources.get(name);
    if (!text || !scope) continue;
    for (const [field, limit] of Object.entries(TEXT_LIMITS)) {
      const rules = scope.fields.find((f) => f.pattern === field)?.rules ?? [];
      for (const rule of rules) {
        const weighted = rule.name === "weighted_length";
        if (!weighted && rule.name !== "between") continue;
        const args = rule.resolveArgs(env);
        const max = weighted ? (args[0] ?? 280) : args[1];
        if (typeof max === "number" && max !== text[limit]) {
          problems.push({
            file: def.file,
            message: `text.${limit} is ${text[limit]}, but ${field} allows ${max} (${rule.name})`,
          });
        }
        if (weighted !== (text.weighted === true)) {
          problems.push({
            file: def.file,
            message: `text.weighted is ${text.weighted === true}, but ${field} is counted with ${rule.name}`,
          });
        }
      }
    }
  }
}

/** The providers the form body accepts: the $refs of sources.items.oneOf in contest/form.schema.json. */
function formProviders(dir: string): Set<string> | null {
  const file = path.join(dir, "contest", "form.schema.json");
  if (!existsSync(file)) return null;
  const form = JSON.parse(readFileSync(file, "utf8")) as {
    properties?: { sources?: { items?: { oneOf?: { $ref?: string }[] } } };
  };
  const refs = form.properties?.sources?.items?.oneOf ?? [];
  return new Set(refs.map((r) => /sources\/([\w-]+)\.schema\.json$/.exec(r.$ref ?? "")?.[1] ?? ""));
}

/** Which form schema file a rule argument path lives in, and the path inside it. */
function argTarget(
  set: SchemaSet,
  sidecar: LoadedFile<RulesSidecar>,
  ref: string,
): { schemaFile: string; inner: string } | null {
  const m = /^(base|summary|sources\.\$SOURCE|sources\.\d+)\.(.+)$/.exec(ref);
  if (!m) return null;
  const [, head = "", inner = ""] = m;
  if (head === "base") return { schemaFile: schemaOf(set.base), inner };
  if (head === "summary") return { schemaFile: schemaOf(set.summary), inner };
  return sidecar.data.scope === "source" ? { schemaFile: schemaOf(sidecar), inner } : null;
}

function schemaOf(sidecar: LoadedFile<RulesSidecar>): string {
  return path.resolve(path.dirname(sidecar.file), sidecar.data.schema);
}

function checkSidecar(
  set: SchemaSet,
  sidecar: LoadedFile<RulesSidecar>,
  compiled: CompiledScope,
  problems: Problem[],
  usedKeys: Set<string>,
  usedFeatures: Map<string, string>,
) {
  const file = sidecar.file;
  const schemaFile = schemaOf(sidecar);
  if (!existsSync(schemaFile)) {
    problems.push({ file, message: `its schema ${sidecar.data.schema} does not exist` });
    return;
  }
  const has = (p: string) => schemaHasPath(schemaFile, p);
  for (const field of compiled.fields) {
    const where = `field "${field.pattern}"`;
    if (!has(field.pattern)) problems.push({ file, message: `${where} is not in ${sidecar.data.schema}` });
    for (const cond of field.when) {
      const target = /^(base|summary|sources)\./.test(cond.path) ? argTarget(set, sidecar, cond.path) : null;
      const ok = target ? schemaHasPath(target.schemaFile, target.inner) : has(cond.path);
      if (!ok)
        problems.push({ file, message: `${where}: "when" names "${cond.path}", which does not exist` });
    }
    for (const rule of field.rules) {
      const def = rule.definition as RuleDefinition;
      usedKeys.add(def.message);
      for (const k of def.otherMessages ?? []) usedKeys.add(k);
      for (const ref of rule.fieldRefs) {
        const target = argTarget(set, sidecar, ref);
        if (!target || !schemaHasPath(target.schemaFile, target.inner)) {
          problems.push({
            file,
            message: `${where}: rule "${rule.name}" names "${ref}", which does not exist`,
          });
        }
        if (["incompatible_with", "incompatible_with_field_value", "before_field"].includes(rule.name)) {
          const rel = ref.replace(/^sources\.\$SOURCE\./, "source.").replace(/\.\$INDEX/g, ".*");
          usedKeys.add(`field.${rel}`);
        }
      }
      if (rule.name === "team_feature") {
        const args = rule.resolveArgs({
          now: new Date(0),
          quotas: {},
          limits: {},
          get: () => undefined,
          sourceIndex: 0,
          index: 0,
        });
        if (typeof args[0] === "string") usedFeatures.set(args[0], `${file} ${where}`);
      }
    }
    for (const key of Object.values(field.messages)) usedKeys.add(key);
    if (field.feature) usedFeatures.set(field.feature, `${file} ${where}`);
  }
  for (const step of compiled.steps) {
    for (const p of [
      ...step.fields,
      ...(step.toggle ? [step.toggle] : []),
      ...(step.at_least_one_of ?? []),
    ]) {
      if (!has(p)) problems.push({ file, message: `step "${step.id}" names "${p}", which does not exist` });
    }
  }
}

export function checkSchemaDir(dir: string): Problem[] {
  const problems: Problem[] = [];
  const ajv = checkSchemasCompile(dir, problems);

  let set: SchemaSet;
  try {
    set = loadSchemaSet(dir);
  } catch (err) {
    return [...problems, { file: dir, message: (err as Error).message }];
  }
  checkDataFiles(dir, ajv, problems);
  checkHandleRules(set, problems);
  checkActionKinds(set, problems);
  checkCapabilities(set, problems);

  let compiled: ReturnType<typeof compileConfig>;
  try {
    compiled = compileConfig(builderConfigFrom(set));
  } catch (err) {
    if (err instanceof RuleLoadError) return [...problems, { file: err.file, message: err.message }];
    throw err;
  }

  const usedKeys = new Set<string>([
    "validation.step.none_enabled",
    "validation.sources.max_per_provider",
    "validation.structure.type",
    "validation.structure.unknown",
    "validation.structure.invalid",
    "validation.failed",
  ]);
  checkTextLimits(set, compiled, problems);
  const usedFeatures = new Map<string, string>();
  checkSidecar(set, set.base, compiled.base, problems, usedKeys, usedFeatures);
  if (existsSync(set.summary.file))
    checkSidecar(set, set.summary, compiled.summary, problems, usedKeys, usedFeatures);
  for (const [provider, sidecar] of set.sources) {
    const scope = compiled.sources.get(provider);
    if (scope) checkSidecar(set, sidecar, scope, problems, usedKeys, usedFeatures);
    if (!set.providers.has(provider)) {
      problems.push({
        file: sidecar.file,
        message: `provider "${provider}" has no definition in providers/${provider}.json`,
      });
    }
  }
  try {
    const forms = formRulesFrom(set);
    for (const [name, sidecar] of set.forms) {
      const scope = forms.get(name);
      if (scope) checkSidecar(set, sidecar, scope, problems, usedKeys, usedFeatures);
    }
  } catch (err) {
    if (err instanceof RuleLoadError) problems.push({ file: err.file, message: err.message });
    else throw err;
  }
  const accepted = formProviders(dir);
  for (const provider of set.sources.keys()) {
    if (accepted && !accepted.has(provider)) {
      problems.push({
        file: path.join(dir, "contest", "form.schema.json"),
        message: `sources.items.oneOf lacks { "$ref": "sources/${provider}.schema.json" }`,
      });
    }
  }
  for (const [name, def] of set.providers) {
    if (def.data.contestbuilder === true && !set.sources.has(name)) {
      problems.push({
        file: def.file,
        message: `provider "${name}" hosts contests but has no contest/sources/${name}.rules.json`,
      });
    }
  }

  // Every action kind's label (the contest pages name a provider's action by its kind until it has its own).
  for (const kind of ACTION_KIND_NAMES) usedKeys.add(`action.kind.${kind}`);
  // Every registry rule's own keys too: a rule not used yet must still speak every language.
  for (const def of Object.values(rules) as RuleDefinition[]) {
    for (const key of [def.message, ...(def.otherMessages ?? [])]) usedKeys.add(key);
  }
  // Every message key the rules may answer with, and every label they name, exists in each required catalog;
  // every catalog has exactly the keys of en.json (the complete one), with the same placeholders.
  checkCatalogs(dir, usedKeys, problems);

  const featuresFile = path.join(dir, "features.json");
  if (existsSync(featuresFile)) {
    const raw = JSON.parse(readFileSync(featuresFile, "utf8")) as unknown;
    const known = new Set(featureNames(raw));
    for (const [feature, where] of usedFeatures) {
      if (!known.has(feature))
        problems.push({
          file: featuresFile,
          message: `feature "${feature}" (used by ${where}) is not in the catalogue`,
        });
    }
  }
  return problems;
}

function readCatalog(file: string, problems: Problem[]): Record<string, string> | null {
  if (!existsSync(file)) {
    problems.push({ file, message: "missing message catalog" });
    return null;
  }
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  } catch (err) {
    problems.push({ file, message: `not valid JSON: ${(err as Error).message}` });
    return null;
  }
}

/** The `{name}` placeholders of a message, sorted (the same name twice counts twice). */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "").sort();
}

const shown = (names: string[]) => (names.length > 0 ? names.map((n) => `{${n}}`).join(" ") : "none");

function checkCatalogs(dir: string, usedKeys: ReadonlySet<string>, problems: Problem[]): void {
  const enFile = path.join(dir, "messages", "en.json");
  const english = readCatalog(enFile, problems);
  for (const key of [...usedKeys].sort()) {
    if (english && english[key] === undefined)
      problems.push({ file: enFile, message: `no message for "${key}"` });
  }
  for (const locale of REQUIRED_CATALOGS) {
    if (locale === "en") continue;
    const file = path.join(dir, "messages", `${locale}.json`);
    const catalog = readCatalog(file, problems);
    if (!catalog) continue;
    const required = new Set([...usedKeys, ...Object.keys(english ?? {})]);
    for (const key of [...required].sort()) {
      const text = catalog[key];
      if (text === undefined) {
        problems.push({ file, message: `no message for "${key}"` });
        continue;
      }
      const source = english?.[key];
      if (source !== undefined && placeholders(source).join(",") !== placeholders(text).join(",")) {
        problems.push({
          file,
          message: `message "${key}" has placeholders ${shown(placeholders(text))}, en.json has ${shown(placeholders(source))}`,
        });
      }
    }
    if (english) {
      for (const key of Object.keys(catalog).sort()) {
        if (english[key] === undefined)
          problems.push({ file, message: `message "${key}" is not in en.json` });
      }
    }
  }
}

/** Feature names from the catalogue, whether it is a list of names, of {name} objects, or a name-keyed map. */
function featureNames(raw: unknown): string[] {
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === "object" && Array.isArray((raw as { features?: unknown }).features)
      ? (raw as { features: unknown[] }).features
      : raw && typeof raw === "object"
        ? Object.keys(raw as object)
        : [];
  return list
    .map((f) =>
      typeof f === "string"
        ? f
        : ((f as { name?: string; id?: string }).name ?? (f as { id?: string }).id ?? ""),
    )
    .filter(Boolean);
}

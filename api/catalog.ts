/**
 * What the server reads from schemas/ once, at start-up: the builder config (compiled), the app's form rules,
 * plans, features, permissions and provider definitions. Product staff change these files, not code.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ProviderDefinition } from "../codegen/types";
import { type CompiledConfig, type CompiledScope, compileConfig } from "../engine/config/compile";
import type { BuilderConfig } from "../engine/config/types";
import {
  builderConfigFrom,
  formRulesFrom,
  formSchemas,
  loadSchemaSet,
  SCHEMAS_DIR,
} from "../engine/node/load-schemas";
import { compileStructure, type StructureValidator } from "../engine/structure";

export type PlanDefinition = {
  id: string;
  name: string;
  available: boolean;
  bestOffer?: boolean;
  on_request?: boolean;
  price: Record<string, { monthly: number | null; yearly: number | null } | null> | null;
  quotas: Record<string, number>;
  retention: { number: number; unit: string } | null;
  features: string[];
};

/** A provider's definition (schemas/providers/<name>.json), typed from its meta-schema by codegen. */
export type { ProviderDefinition };

export type PermissionDefinition = { name: string; description: string; default: boolean };

export type Catalog = {
  /** The schemas/ folder it was read from (the OpenAPI document describes its schemas). */
  schemasDir: string;
  /** The ajv check of a contest body against contest/form.schema.json of that folder, errors by dotted path. */
  structure: StructureValidator;
  builderConfig: BuilderConfig;
  builder: CompiledConfig;
  forms: ReadonlyMap<string, CompiledScope>;
  plans: ReadonlyMap<string, PlanDefinition>;
  features: readonly string[];
  permissions: readonly PermissionDefinition[];
  permissionCategories: readonly { id: string; description: string; permissions: PermissionDefinition[] }[];
  providers: ReadonlyMap<string, ProviderDefinition>;
  manualCheckReasons: readonly string[];
  contactReasons: readonly string[];
};

function readJson<T>(dir: string, file: string): T {
  return JSON.parse(readFileSync(path.join(dir, file), "utf8")) as T;
}

export function loadCatalog(dir: string = SCHEMAS_DIR): Catalog {
  const set = loadSchemaSet(dir);
  const builderConfig = builderConfigFrom(set);
  const plans = readJson<{ plans: PlanDefinition[] }>(dir, "plans.json").plans;
  const permissions = readJson<{
    categories: { id: string; description: string; permissions: PermissionDefinition[] }[];
  }>(dir, "permissions.json");
  return {
    schemasDir: dir,
    structure: compileStructure(formSchemas(dir)),
    builderConfig,
    builder: compileConfig(builderConfig),
    forms: formRulesFrom(set),
    plans: new Map(plans.map((p) => [p.id, p])),
    features: readJson<{ features: { name: string }[] }>(dir, "features.json").features.map((f) => f.name),
    permissions: permissions.categories.flatMap((c) => c.permissions),
    permissionCategories: permissions.categories,
    providers: new Map([...set.providers].map(([name, f]) => [name, f.data as ProviderDefinition])),
    manualCheckReasons: readJson<{ reasons: { key: string }[] }>(
      dir,
      "manual-check-reasons.json",
    ).reasons.map((r) => r.key),
    contactReasons: readJson<{ reasons: { key: string }[] }>(dir, "contact-reasons.json").reasons.map(
      (r) => r.key,
    ),
  };
}

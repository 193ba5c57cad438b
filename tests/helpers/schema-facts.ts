/**
 * What the tests expect of schemas/, read from schemas/ (never listed by hand), so a provider or a plan feature
 * added there by product staff breaks no test.
 */
import { loadSchemaSet } from "../../engine/node/load-schemas";
import features from "../../schemas/features.json";

const providers = [...loadSchemaSet().providers.values()].map((f) => f.data);

/** The networks the contest builder offers (contestbuilder: true), sorted by name. */
export const BUILDER_NETWORKS: readonly string[] = providers
  .filter((p) => p.contestbuilder === true)
  .map((p) => String(p.name))
  .sort();

/** The plan features of the catalogue (schemas/features.json), in catalogue order. */
export const FEATURE_NAMES: readonly string[] = features.features.map((f) => f.name);

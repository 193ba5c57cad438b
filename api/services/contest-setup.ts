/**
 * The setup of a classic (imported) contest (app-shell.md §4 "a classic not set up goes to settings for entry
 * verification"): how many winners and the contest-wide filters of the builder's base group — previous winners,
 * excluded accounts, bad words, manual check.
 *
 * - The body is the builder's base fields of those names (schemas/contest/base.schema.json), each filter
 *   optional: an absent filter is off (a setup says every setting at once). A filter object may leave out what
 *   its switch does not need ({ enabled: false }); the rest comes from the schema defaults.
 * - Its shape is checked with ajv against the base schema's own properties, then the rules of
 *   schemas/contest/base.rules.json for those fields are run by the engine (the same rules, messages and quota
 *   as the builder: nb_winners range 1 to the winners quota, at most 50 with manual check, lists and their items).
 * - Plan gates: each filter needs its plan feature (422 validation.team_feature on its `enabled`), whatever the
 *   plan; a paid one-shot contest is validated as the builder validates one (gated only for a contest-builder
 *   plan).
 * - What is stored goes where the filters read it: cb_data.base (engine/lifecycle's applyFilters through
 *   api/services/entrants.ts), with payloadOf's clean-up (a filter switched off keeps its defaults), and
 *   config.nb_winners for the draw.
 */
import type { ContestBase } from "../../codegen/types";
import type { CompiledConfig } from "../../engine/config/compile";
import type { ValidationContext } from "../../engine/config/types";
import type { ValidationErrors } from "../../engine/messages/types";
import { formSchemas } from "../../engine/node/load-schemas";
import { payloadOf } from "../../engine/payload";
import { compileStructure, type StructureValidator } from "../../engine/structure";
import { validate } from "../../engine/validation/validate";
import { isPlainObject } from "../../engine/values";
import type { Catalog } from "../catalog";
import type { TeamRow } from "../context";
import { type ContestRow, validationContextOf } from "./contests/form";

/** The base fields a classic contest's setup sets, the filters first optional. */
export const SETUP_FILTERS = [
  "exclude_previous_winners",
  "exclude_accounts",
  "exclude_contains_badword",
  "manual_check",
] as const;
export const SETUP_FIELDS = ["nb_winners", ...SETUP_FILTERS] as const;

export type SetupFilter = (typeof SETUP_FILTERS)[number];
export type ClassicSetup = Pick<ContestBase, (typeof SETUP_FIELDS)[number]>;

const BASE_ID = "https://fairdraw.app/schemas/contest/base.schema.json";
const SETUP_ID = "https://fairdraw.app/schemas/contest/classic-setup.schema.json";

let structure: StructureValidator | undefined;

/** The setup's shape: the base schema's own properties of those names, nothing else (compiled once). */
function structureOf(body: unknown): ValidationErrors {
  structure ??= compileStructure(
    [
      ...formSchemas(),
      {
        $id: SETUP_ID,
        type: "object",
        additionalProperties: false,
        required: ["nb_winners"],
        properties: Object.fromEntries(
          SETUP_FIELDS.map((name) => [name, { $ref: `${BASE_ID}#/properties/${name}` }]),
        ),
      },
    ],
    SETUP_ID,
  );
  return structure(body);
}

const setupConfigs = new WeakMap<CompiledConfig, CompiledConfig>();

/** The builder config with its base scope cut down to the setup's fields (their rules as written). */
function setupConfig(builder: CompiledConfig): CompiledConfig {
  let config = setupConfigs.get(builder);
  if (!config) {
    const fields = builder.base.fields.filter((f) =>
      (SETUP_FIELDS as readonly string[]).includes(f.segments[0] ?? ""),
    );
    config = { ...builder, base: { ...builder.base, fields, steps: [] } };
    setupConfigs.set(builder, config);
  }
  return config;
}

/**
 * Who validates a setup: the team's features and quotas at `now`. The engine applies the plan gates to teams with
 * the contest builder only (a paid one-shot is not gated option by option): a classic contest is gated whatever
 * the plan, unless it is a paid one-shot, which is validated as the builder validates one.
 */
function setupContext(
  catalog: Catalog,
  team: TeamRow,
  now: Date,
  row: Pick<ContestRow, "paidContest">,
): ValidationContext {
  const ctx = validationContextOf(catalog, team, now);
  if (row.paidContest) return ctx;
  return { ...ctx, teamFeatures: new Set([...ctx.teamFeatures, "contestBuilder"]) };
}

/** The body with each filter filled from the schema defaults (an absent one off); non-objects left as sent. */
function withDefaults(catalog: Catalog, body: Record<string, unknown>): Record<string, unknown> {
  const defaults = catalog.builder.defaults.base as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { ...body };
  for (const name of SETUP_FILTERS) {
    const fallback = structuredClone(defaults[name]) as Record<string, unknown>;
    const sent = body[name];
    if (sent === undefined) out[name] = fallback;
    else if (isPlainObject(sent)) out[name] = { ...fallback, ...sent };
  }
  return out;
}

/** Errors of the engine keyed "base.x" → the body's "x". */
function relative(errors: ValidationErrors): ValidationErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, list]) => [path.replace(/^base\./, ""), list]),
  );
}

/**
 * Reads and checks a setup body: its shape, then the base rules with the team's context. Answers the settings
 * to store, or the errors by the body's paths (a 422).
 */
export function readClassicSetup(
  catalog: Catalog,
  team: TeamRow,
  row: Pick<ContestRow, "paidContest">,
  body: Record<string, unknown>,
  now: Date,
): { setup: ClassicSetup; errors: null } | { setup: null; errors: ValidationErrors } {
  const filled = withDefaults(catalog, body);
  const shape = structureOf(filled);
  if (Object.keys(shape).length > 0) return { setup: null, errors: shape };
  const config = setupConfig(catalog.builder);
  const ctx = setupContext(catalog, team, now, row);
  const errors = relative(validate({ base: filled }, config, ctx, { kind: "part", prefix: "base" }));
  if (Object.keys(errors).length > 0) return { setup: null, errors };
  const { base } = payloadOf({ base: filled }, config, ctx) as { base: ClassicSetup };
  const setup = Object.fromEntries(SETUP_FIELDS.map((name) => [name, base[name]])) as ClassicSetup;
  return { setup, errors: null };
}

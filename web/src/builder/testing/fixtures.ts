/**
 * A served builder config for tests and stories, built in the browser from schemas/ the way the server builds it
 * (engine/node/load-schemas.ts builderConfigFrom): every sidecar found, each provider's facts (engine/provider.ts
 * builderFactsOf: maxSourcesLimitCB, handle rule, actions it cannot check), the schemas' defaults filled by ajv. A provider added under schemas/ is in it with no code change.
 */

import type { ProviderDefinition } from "../../../../codegen/types";
import { createAjv } from "../../../../engine/ajv";
import type { BuilderConfig } from "../../../../engine/config/types";
import { DEFAULT_MEDIA_MAX_SIZE } from "../../../../engine/media";
import { builderFactsOf } from "../../../../engine/provider";
import plans from "../../../../schemas/plans.json";
import type { ServedConfig } from "../api";
import type { TeamAccount } from "../form-context";

type Sidecar = { fields: BuilderConfig["base"]["fields"]; steps?: BuilderConfig["base"]["steps"] };

const sidecars = import.meta.glob<{ default: Sidecar }>("../../../../schemas/contest/**/*.rules.json", {
  eager: true,
});
const schemaFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  "../../../../schemas/contest/**/*.schema.json",
  { eager: true },
);
const providerFiles = import.meta.glob<{ default: ProviderDefinition }>(
  "../../../../schemas/providers/*.json",
  {
    eager: true,
  },
);

function sidecar(path: string): Sidecar {
  const found = Object.entries(sidecars).find(([file]) => file.endsWith(path))?.[1]?.default;
  if (!found) throw new Error(`No sidecar ${path}`);
  return found;
}

/** The providers that have a source sidecar (schemas/contest/sources/<name>.rules.json). */
export const FIXTURE_PROVIDERS: readonly string[] = Object.keys(sidecars)
  .flatMap((file) => {
    const m = /\/sources\/([^/]+)\.rules\.json$/.exec(file);
    return m?.[1] ? [m[1]] : [];
  })
  .sort();

let defaults: NonNullable<BuilderConfig["defaults"]> | null = null;

function schemaDefaults(): NonNullable<BuilderConfig["defaults"]> {
  if (defaults) return defaults;
  const ajv = createAjv({ useDefaults: true });
  for (const mod of Object.values(schemaFiles)) ajv.addSchema(structuredClone(mod.default));
  const fill = <T>(id: string, start: Record<string, unknown>): T => {
    ajv.getSchema(`https://fairdraw.app/schemas/contest/${id}.schema.json`)?.(start);
    return start as T;
  };
  type Defaults = NonNullable<BuilderConfig["defaults"]>;
  defaults = {
    base: fill<Defaults["base"]>("base", {}),
    summary: fill<Defaults["summary"]>("summary", {}),
    sources: Object.fromEntries(
      FIXTURE_PROVIDERS.map((p) => [p, fill<Defaults["sources"][string]>(`sources/${p}`, { type: p })]),
    ),
  };
  return defaults;
}

function featuresOf(plan: string): string[] {
  return (
    (plans as { plans: { id: string; features: string[] }[] }).plans.find((p) => p.id === plan)?.features ??
    []
  );
}

/** One sandbox account per network, as the demo team has. */
export function fixtureAccounts(): Record<string, TeamAccount[]> {
  return Object.fromEntries(
    FIXTURE_PROVIDERS.map((p, i) => [
      p,
      [{ _id: `acc-${p}`, account_id: 1000 + i, name: `Demo ${p}`, screen_name: `demo_${p}`, sandbox: true }],
    ]),
  );
}

export type FixtureOptions = {
  /** The plan whose features the team has (business: all of the builder's). */
  plan?: string;
  /** Replaces the features of the plan. */
  features?: string[];
  /** A field's can_edit forced (scope "base" | "summary" | provider → pattern → can_edit). */
  canEdit?: Record<string, Record<string, boolean>>;
  /** maxSourcesLimitCB per provider. */
  maxSources?: Record<string, number>;
  accounts?: Record<string, TeamAccount[]>;
};

export function fixtureConfig(options: FixtureOptions = {}): ServedConfig {
  const providers: BuilderConfig["providers"] = {};
  for (const name of FIXTURE_PROVIDERS) {
    const def = Object.entries(providerFiles).find(([file]) => file.endsWith(`/${name}.json`))?.[1]?.default;
    const facts = builderFactsOf(def);
    providers[name] = { ...facts, maxSourcesLimitCB: options.maxSources?.[name] ?? facts.maxSourcesLimitCB };
  }
  const scope = (name: string, file: string) => {
    const s = sidecar(file);
    const fields = structuredClone(s.fields);
    for (const [pattern, canEdit] of Object.entries(options.canEdit?.[name] ?? {})) {
      const field = fields[pattern];
      if (field) field.can_edit = canEdit;
    }
    return { fields, steps: s.steps ?? [] };
  };
  return {
    base: scope("base", "/contest/base.rules.json"),
    summary: scope("summary", "/contest/summary.rules.json"),
    sources: Object.fromEntries(FIXTURE_PROVIDERS.map((p) => [p, scope(p, `/sources/${p}.rules.json`)])),
    providers,
    limits: { mediaMaxSize: DEFAULT_MEDIA_MAX_SIZE },
    defaults: structuredClone(schemaDefaults()),
    team: {
      features: options.features ?? featuresOf(options.plan ?? "business"),
      quotas: {
        winners: 100,
        drafts: 50,
        templates: 50,
        contests: 50,
        members: 10,
        accounts: 10,
        imports: 10,
      },
      accounts: options.accounts ?? fixtureAccounts(),
      settings: { contest_builder_create_shortlinks_on_paste: null },
    },
  };
}

const HOUR = 3_600_000;

/** A date `hours` from now on a 5-minute step, as the pickers give it. */
export function inHours(hours: number, now = Date.now()): string {
  const step = 5 * 60_000;
  return new Date(Math.ceil((now + hours * HOUR) / step) * step).toISOString();
}

/**
 * A form that passes every rule with the fixture config: a name, dates from tomorrow for a week, one winner and one
 * source per provider given, each with its account, a text (and a media file where the network needs one) and its
 * first participation action on.
 */
export function validForm(config: ServedConfig, providers: readonly string[] = ["twitter"]) {
  const base = {
    ...structuredClone(config.defaults?.base ?? {}),
    name: "Summer giveaway",
    start_date: inHours(24),
    close_date: inHours(24 * 8),
    nb_winners: 1,
  } as Record<string, unknown>;
  base.original_start_date = base.start_date;
  const sources = providers.map((provider, i) => {
    const source = structuredClone(config.defaults?.sources[provider] ?? { type: provider }) as Record<
      string,
      unknown
    >;
    source.id = 100 + i;
    const publication = source.publication as Record<string, unknown>;
    publication.account_id = config.team.accounts[provider]?.[0]?.account_id ?? 1;
    publication.content = `Win a prize on ${provider}! Comment to take part.`;
    publication.media = {
      files: [{ uuid: `media-${provider}`, mime: "image/jpeg", size: 1024 }],
      count: 1,
    };
    const actions = source.actions as Record<string, Record<string, unknown>>;
    const first = Object.keys(actions).find((a) => a !== "custom" && a !== "follow") ?? "comment";
    const action = actions[first] as Record<string, unknown>;
    action.enabled = true;
    if (first === "comment") {
      if ("target" in action) action.target = "all";
      if ("accept" in action) action.accept = "replies_and_quotes";
      const keywords = action.keywords as Record<string, unknown> | undefined;
      if (keywords) keywords.list = ["win"];
    }
    return source;
  });
  return {
    base,
    sources,
    summary: { ...structuredClone(config.defaults?.summary ?? {}), parameters_verified: true },
  };
}

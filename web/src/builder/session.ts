/**
 * The machine of one open builder, wired to the app: its API actors (web/src/builder/api.ts), its input from the
 * served config, and the rjsf formContext of each part. Nothing here renders.
 */
import { fromPromise } from "xstate";
import {
  type BuilderCallInput,
  type BuilderInput,
  builderMachine,
  type LoadedOrigin,
} from "../../../engine/builder/machine";
import type { Origin } from "../../../engine/builder/origin";
import type { CompiledConfig } from "../../../engine/config/compile";
import type { ValidationContext } from "../../../engine/config/types";
import { getPath } from "../../../engine/values";
import constants from "../../../schemas/constants.json";
import {
  type AccountQuota,
  createShortlink,
  exportTemplate,
  fetchAccountQuota,
  loadOrigin,
  mediaUrl,
  type ServedConfig,
  saveDraft,
  shortUrl,
  submitContest,
  uploadMedia,
} from "./api";
import type { BuilderActor } from "./context";
import type { BuilderFormContext, ShortlinksOnPaste } from "./form-context";
import { errorText } from "./messages";

/** Stand-ins for the API calls (stories): each answers what the server would. */
export type BuilderCalls = {
  loadOrigin?(origin: Origin): Promise<LoadedOrigin>;
  submitContest?(input: BuilderCallInput): Promise<{ contest_id: string }>;
  saveDraft?(input: BuilderCallInput): Promise<{ contest_id: string }>;
  exportTemplate?(input: BuilderCallInput): Promise<{ template_id: string }>;
};

/**
 * The machine with the app's calls. `ctx` gives the validation context of the moment of the call; `served` the
 * defaults and accounts a contest without builder data is opened with.
 */
export function builderLogic(
  config: CompiledConfig,
  ctx: () => ValidationContext,
  calls: BuilderCalls = {},
  served?: ServedConfig,
) {
  return builderMachine.provide({
    actors: {
      loadOrigin: fromPromise(({ input }: { input: { origin: Origin } }) =>
        calls.loadOrigin ? calls.loadOrigin(input.origin) : loadOrigin(input.origin, served),
      ),
      submitContest: fromPromise(({ input }: { input: BuilderCallInput }) =>
        calls.submitContest ? calls.submitContest(input) : submitContest(input, config, ctx()),
      ),
      saveDraft: fromPromise(({ input }: { input: BuilderCallInput }) =>
        calls.saveDraft ? calls.saveDraft(input) : saveDraft(input, config, ctx()),
      ),
      exportTemplate: fromPromise(({ input }: { input: BuilderCallInput }) =>
        calls.exportTemplate ? calls.exportTemplate(input) : exportTemplate(input, config, ctx()),
      ),
    },
  });
}

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A new source of a provider: the schema's defaults, its publishing account preselected when the team has one, and
 * (§4 "Exclude-accounts filter") an untouched excluded-accounts list following the team's own accounts.
 */
export function newSourceOf(served: ServedConfig, provider: string): Record<string, unknown> {
  const source = structuredClone(served.defaults?.sources[provider] ?? { type: provider }) as Record<
    string,
    unknown
  >;
  const accounts = served.team.accounts[provider] ?? [];
  const publication = source.publication as Record<string, unknown> | undefined;
  if (
    publication &&
    accounts[0] &&
    (publication.account_id === null || publication.account_id === undefined)
  ) {
    publication.account_id = accounts[0].account_id;
  }
  const exclude = source.exclude_accounts as Record<string, unknown> | undefined;
  const features = new Set(served.team.features);
  const mayExclude = !features.has("contestBuilder") || features.has("draw.excludeAccounts");
  if (exclude && exclude.touched !== true && mayExclude) {
    exclude.list = accounts.map((a) => `@${a.screen_name}`);
    exclude.enabled = accounts.length > 0;
  }
  return source;
}

/** What a new builder starts with: the schemas' defaults (config.defaults). */
export function newForm(served: ServedConfig) {
  return {
    base: structuredClone(served.defaults?.base ?? {}),
    sources: [],
    summary: structuredClone(served.defaults?.summary ?? {}),
  };
}

export function builderInput(
  served: ServedConfig,
  config: CompiledConfig,
  origin: Origin,
  form: unknown | undefined,
  copyName?: (name: string) => string,
): BuilderInput {
  return {
    config,
    origin,
    ...(form === undefined ? {} : { form }),
    now: () => new Date(),
    teamFeatures: new Set(served.team.features),
    quotas: served.team.quotas,
    newSource: (provider) => newSourceOf(served, provider),
    newId: newKey,
    ...(copyName ? { copyName } : {}),
  };
}

/** The rjsf formContext of a part, stable for the life of the builder (form-context.ts). */
export function makeFormContext(options: {
  part: string;
  served: ServedConfig;
  actor: BuilderActor;
  locale: () => string;
  features: ReadonlySet<string>;
  /** The team's shortlink-on-paste setting now (the settings modal may change it while the builder is open). */
  shortlinksOnPaste: () => ShortlinksOnPaste;
}): BuilderFormContext {
  const { part, served, actor, features } = options;
  const m = /^sources\.(\d+)$/.exec(part);
  const sourceIndex = m ? Number(m[1]) : null;
  const form = () => actor.getSnapshot().context.form;
  const errors = () => actor.getSnapshot().context.errors;
  const domain = constants.shortlinks.domains[0] ?? "fdraw.co";
  const quotas = new Map<string, Promise<AccountQuota>>();
  const ctx: BuilderFormContext = {
    config: served,
    get form() {
      return form();
    },
    sourceIndex,
    get provider() {
      if (sourceIndex === null) return null;
      const type = getPath(form(), `sources.${sourceIndex}.type`);
      return typeof type === "string" ? type : null;
    },
    part,
    get locale() {
      return options.locale();
    },
    get createShortlinksOnPaste() {
      return options.shortlinksOnPaste();
    },
    accounts: served.team.accounts,
    now: () => new Date(),
    hasFeature: (feature) => features.has(feature),
    upload: uploadMedia,
    mediaUrl,
    shortlink: async (url) => shortUrl(await createShortlink(url, domain)),
    quota: (accountId) => {
      // Once per account: a failed ask is forgotten, so choosing the account again asks again.
      const known = quotas.get(accountId);
      if (known) return known;
      const asked = fetchAccountQuota(accountId);
      quotas.set(accountId, asked);
      asked.catch(() => quotas.delete(accountId));
      return asked;
    },
    getForm: form,
    errorsFor: (path) => errors()[path] ?? [],
    messageFor: (path) => {
      const first = errors()[path]?.[0];
      return first ? errorText(options.locale(), first) : null;
    },
    blur: (path) => actor.send({ type: "BLUR", path }),
    change: (path, value) => actor.send({ type: "CHANGE", path, value }),
    toggle: (path, on) => actor.send({ type: "TOGGLE", path, on }),
    subscribe: (listener) => {
      const sub = actor.subscribe(() => listener());
      return () => sub.unsubscribe();
    },
    getErrors: errors,
  };
  // Getters are not enumerable own data for rjsf's deep comparison of the registry: make them non-enumerable.
  for (const key of ["form", "provider", "locale", "createShortlinksOnPaste"] as const) {
    const descriptor = Object.getOwnPropertyDescriptor(ctx, key);
    if (descriptor) Object.defineProperty(ctx, key, { ...descriptor, enumerable: false });
  }
  return ctx;
}

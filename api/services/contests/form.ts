import type { ContestForm } from "../../../codegen/types";
import type { CompiledConfig } from "../../../engine/config/compile";
import type { ValidationContext } from "../../../engine/config/types";
import { minimumLeadMs } from "../../../engine/countdown";
import type { ValidationErrors } from "../../../engine/messages/types";
import { payloadChanges, payloadOf } from "../../../engine/payload";
import { locatePath } from "../../../engine/validation/scopes";
import { ALL, validate } from "../../../engine/validation/validate";
import { getIn, isPlainObject, setPathIn, toTime } from "../../../engine/values";
import type { Catalog } from "../../catalog";
import type { TeamRow } from "../../context";
import type { contests, templates } from "../../db/tables";
import { newId } from "../../ids";
import type { TeamAccount } from "../accounts";
import { isPublicationAccount } from "../publication-account";
import { teamFeatures, teamQuotas } from "../teams";

export type ContestRow = typeof contests.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;

/** What is stored of a form (cb_data): its three groups, after payloadOf. */
export type StoredForm = Pick<ContestForm, "base" | "sources" | "summary">;

/** The statuses of the default contests list (drafts only when asked for). */
export const CONTEST_STATUSES = ["planned", "started", "closed", "ended", "canceled"] as const;
export const LISTABLE_STATUSES = ["draft", ...CONTEST_STATUSES] as const;
/** Contests that hold a place in the contests quota. */
export const ACTIVE_STATUSES = ["planned", "started", "closed"] as const;

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

// ---------------------------------------------------------------------------------------------------------
// The body

/** The ajv check of the body against the catalogue's contest/form.schema.json (compiled once, there), errors by dotted path. */
export function structureErrors(catalog: Catalog, body: unknown): ValidationErrors {
  return catalog.structure(body);
}

/** Who validates: the server clock, the team's plan features and quotas (decisions.md "Time"). */
export function validationContextOf(catalog: Catalog, team: TeamRow, now: Date): ValidationContext {
  return {
    now,
    teamFeatures: new Set(teamFeatures(catalog, team)),
    quotas: teamQuotas(catalog, team),
  };
}

/** The schema defaults of the part a path belongs to, at that path; undefined when there is none. */
function defaultAt(form: unknown, config: CompiledConfig, path: string): unknown {
  const located = locatePath(form, config, path);
  if (!located) return undefined;
  const { instance, relative } = located;
  const defaults =
    instance.kind === "base"
      ? config.defaults.base
      : instance.kind === "summary"
        ? config.defaults.summary
        : config.defaults.sources[instance.provider ?? ""];
  return getIn(defaults, relative.split("."));
}

/**
 * What is stored of a form: payloadOf (fields the team may not use and fields switched off back to their
 * defaults), after the options the team's plan refuses (the team_feature rule: a draft is not validated for them)
 * are switched back to their defaults, so that what depends on them goes too.
 */
export function storedFormOf(
  form: ContestForm,
  config: CompiledConfig,
  ctx: ValidationContext,
  /** The form's full validation when the caller has it already (a submit that passed): not run again. */
  known?: ValidationErrors,
): StoredForm {
  const given: StoredForm = { base: form.base, sources: form.sources, summary: form.summary };
  const refused = Object.entries(known ?? validate(given, config, ctx, ALL))
    .filter(([, errors]) => errors.some((e) => e.rule === "team_feature"))
    .map(([path]) => path);
  // Nothing to take out (the common submit): stored as given, without a copy of the whole form.
  if (refused.length === 0 && !payloadChanges(given, config, ctx)) return given;
  const groups = structuredClone(given);
  for (const path of refused) {
    const fallback = defaultAt(groups, config, path);
    setPathIn(groups, path, fallback === undefined ? false : structuredClone(fallback));
  }
  return payloadOf(groups, config, ctx) as StoredForm;
}

/** The minimum lead of the start date (its range_duration_after:now rule): a planned contest's edit lock. */
export function startLeadMs(catalog: Catalog): number {
  const rule = catalog.builderConfig.base.fields.start_date?.rule ?? "";
  return minimumLeadMs(rule) ?? 0;
}

/** A planned contest whose stored start is within the lead window can no longer be edited (§4). */
export function isPastEditLock(row: Pick<ContestRow, "startAt">, now: Date, leadMs: number): boolean {
  const start = toTime(row.startAt);
  return start !== null && start <= now.getTime() + leadMs;
}

// ---------------------------------------------------------------------------------------------------------
// Stored columns

export function isoOrNull(value: unknown): string | null {
  const time = toTime(value);
  return time === null ? null : new Date(time).toISOString();
}

type StoredReminder = {
  id: string;
  type: string | null;
  date: string | null;
  published_at: string | null;
  post_id: string | null;
};

export type StoredSource = {
  _id: string;
  provider: string;
  post_id: string | null;
  shortcode: string | null;
  poster_id: string | null;
  account: { _id?: string; screen_name: string };
  actions: Record<string, Record<string, unknown>>;
  entries_count: number;
  reminders: StoredReminder[];
};

const ACTION_NAME = /^[a-z][a-z_]*$/;

function storedActions(actions: unknown): StoredSource["actions"] {
  const out: StoredSource["actions"] = {};
  if (!isPlainObject(actions)) return out;
  for (const [name, action] of Object.entries(actions)) {
    if (ACTION_NAME.test(name) && isPlainObject(action) && typeof action.enabled === "boolean") {
      out[name] = structuredClone(action);
    }
  }
  return out;
}

function storedReminders(reminders: unknown): StoredReminder[] {
  if (!isPlainObject(reminders) || reminders.enabled !== true || !Array.isArray(reminders.list)) return [];
  return reminders.list.filter(isPlainObject).map((r, i) => ({
    id: typeof r.id === "string" && r.id !== "" ? r.id : `r${i + 1}`,
    type: typeof r.type === "string" ? r.type : null,
    date: isoOrNull(r.creation_date),
    published_at: null,
    post_id: null,
  }));
}

/** The team account a source publishes with: its network and the number its external id is known by (publication.account_id). */
export function publishingAccount(
  accounts: readonly TeamAccount[],
  source: unknown,
): TeamAccount | undefined {
  if (!isPlainObject(source)) return undefined;
  const publication = source.publication;
  const accountId = isPlainObject(publication) ? publication.account_id : undefined;
  if (typeof accountId !== "number" && typeof accountId !== "string") return undefined;
  return accounts.find(
    (a) =>
      a.account.provider === source.type &&
      isPublicationAccount(accountId, a.account.externalId) &&
      !a.account.disabled,
  );
}

/**
 * The columns a contest row takes from its stored form: name, dates, config, stored sources (keeping the _id and
 * entries count of the source at the same place and network), providers, sandbox.
 */
export function contestColumns(
  form: StoredForm,
  accounts: readonly TeamAccount[],
  previous: readonly StoredSource[] = [],
) {
  const base = form.base;
  const sources: StoredSource[] = (form.sources as unknown as Record<string, unknown>[]).map((source, i) => {
    const provider = String(source.type);
    const before = previous[i]?.provider === provider ? previous[i] : undefined;
    const account = publishingAccount(accounts, source);
    return {
      _id: before?._id ?? newId(),
      provider,
      post_id: null,
      shortcode: null,
      poster_id: null,
      account: account
        ? { _id: account.account.id, screen_name: account.account.screenName }
        : { screen_name: "" },
      actions: storedActions(source.actions),
      entries_count: before?.entries_count ?? 0,
      reminders: storedReminders(source.reminders),
    };
  });
  const autodraw = base.autodraw.enabled === true;
  return {
    name: base.name,
    type: "tunnel",
    startAt: isoOrNull(base.start_date),
    closeAt: isoOrNull(base.close_date),
    config: {
      is_setup: false,
      nb_winners: Math.max(1, base.nb_winners),
      autodraw: { enabled: autodraw, autodraw_at: autodraw ? isoOrNull(base.autodraw.date) : null },
    },
    sources: sources as unknown as Record<string, unknown>[],
    providers: [...new Set(sources.map((s) => s.provider))],
    sandbox: form.sources.some((s) => publishingAccount(accounts, s)?.account.sandbox === true),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Quotas

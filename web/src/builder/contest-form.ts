/**
 * A builder form for a contest that has no builder data (cb_data null: made before the builder, by an import, or
 * stored without it): the empty form (engine/builder/form.ts) with the schemas' defaults, filled from what the contest
 * stores — its name, type, dates, number of winners and automatic draw, and one source per stored source with its
 * network, its publishing account (when the team still has it) and its participation actions. The person then sees
 * the contest they opened, not an empty form, and completes the rest.
 */
import { emptyForm, FIRST_SOURCE_ID } from "../../../engine/builder/form";
import { isPlainObject } from "../../../engine/values";
import type { ServedConfig } from "./api";

/** What GET …/contests/{id} answers that the form is built from (schemas/stored/contest.schema.json). */
export type StoredContest = {
  name?: string;
  type?: string;
  start_at?: string | null;
  close_at?: string | null;
  config?: { nb_winners?: number; autodraw?: { enabled?: boolean; autodraw_at?: string | null } };
  sources?: {
    provider: string;
    account?: { _id?: string; screen_name?: string };
    actions?: Record<string, unknown>;
  }[];
};

/** `over` laid on `under`: objects merged key by key, anything else (lists included) replaced. */
function merged(under: unknown, over: unknown): unknown {
  if (!isPlainObject(under) || !isPlainObject(over)) return over === undefined ? under : over;
  const out: Record<string, unknown> = { ...under };
  for (const [key, value] of Object.entries(over)) out[key] = merged(under[key], value);
  return out;
}

export function formFromContest(contest: StoredContest, served?: ServedConfig) {
  const empty = emptyForm();
  const defaults = served?.defaults;
  const base: Record<string, unknown> = {
    ...empty.base,
    ...structuredClone(defaults?.base ?? {}),
  };
  if (contest.name !== undefined) base.name = contest.name;
  if (contest.type !== undefined) base.type = contest.type;
  base.start_date = contest.start_at ?? null;
  base.close_date = contest.close_at ?? null;
  const config = contest.config;
  if (typeof config?.nb_winners === "number") base.nb_winners = config.nb_winners;
  if (config?.autodraw) {
    base.autodraw = {
      ...(isPlainObject(base.autodraw) ? base.autodraw : {}),
      enabled: config.autodraw.enabled === true,
      date: config.autodraw.autodraw_at ?? null,
    };
  }
  const sources = (contest.sources ?? []).map((stored, i) => {
    const provider = stored.provider;
    const source = structuredClone(defaults?.sources[provider] ?? {}) as Record<string, unknown>;
    const linked = served?.team.accounts[provider]?.find((a) => a._id === stored.account?._id);
    if (linked) {
      source.publication = {
        ...(isPlainObject(source.publication) ? source.publication : {}),
        account_id: linked.account_id,
      };
    }
    // Only the actions the provider's form has (its schema allows no others).
    const actions = isPlainObject(source.actions) ? source.actions : null;
    if (actions && isPlainObject(stored.actions)) {
      for (const [name, value] of Object.entries(stored.actions)) {
        if (name in actions) actions[name] = merged(actions[name], value);
      }
    }
    return { ...source, id: FIRST_SOURCE_ID + i, type: provider };
  });
  return { base, sources, summary: structuredClone(defaults?.summary ?? empty.summary) };
}

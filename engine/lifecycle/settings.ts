/**
 * Where each action and filter setting lives in a stored builder form (schemas/contest/base.schema.json,
 * schemas/contest/sources/*.schema.json, schemas/contest/parts/*): read once per source into a typed object, so
 * the checks never walk untyped JSON. A missing or malformed setting reads as "off".
 */
import { actionCapabilityOf, type ProviderFacts } from "../provider";
import { type HandleProvider, handleKey } from "../text/handle";
import { type ActionKindName, type ActionSettings, actionKinds, type KindSettings } from "./action-kinds";
import { cleanTerms } from "./action-kinds/comment";
import { at, on, positiveNumber, strings } from "./action-kinds/read";

export type { ActionSettings };

export type FilterSettings = {
  /**
   * Handle keys (engine/text/handle.ts handleKey: normalised by the network's rule, no "@") excluded by the
   * source's list and the contest's list, both read with the handle rule of the network filtered.
   */
  excludedAccounts: Set<string>;
  /** Folded bad words of the contest (base.exclude_contains_badword). */
  badWords: string[];
  /** account_age.months_old when on (twitter, bluesky). */
  accountAgeMonths: number | null;
  /** check_retweet_rate.max_percent_contests when on (twitter). */
  retweetRateMax: number | null;
  /** anti_bots.enabled (twitter). */
  antiBots: boolean;
  /** base.exclude_previous_winners.nb_months when on. */
  previousWinnersMonths: number | null;
};

type Json = Record<string, unknown>;

function readKind<K extends ActionKindName>(
  kind: K,
  source: Json,
  network: ProviderFacts | undefined,
): KindSettings[K] {
  const def = actionKinds[kind];
  const key = Object.entries(network?.actions ?? {}).find(([, action]) => action.kind === kind)?.[0];
  // An action no API of the network lists is never checked (capabilities.actions: unchecked), whatever the form says.
  if (kind !== "custom" && actionCapabilityOf(network, kind).read === "unchecked") return def.off;
  return key === undefined ? def.off : def.read(at(source, "actions", key), { source, network });
}

/**
 * The actions a source asks of its participants: each action of the source's network (its provider definition's
 * `actions`) read by its kind. Without a definition, a source asks nothing it could check.
 */
export function actionSettings(source: Json, network: ProviderFacts | undefined): ActionSettings {
  const read = <K extends ActionKindName>(kind: K) => readKind(kind, source, network);
  // Every kind of the registry (the type says so when one is added).
  return {
    validate: source.validate_actions !== false,
    comment: read("comment"),
    repost: read("repost"),
    quote: read("quote"),
    like: read("like"),
    follow: read("follow"),
    react: read("react"),
    custom: read("custom"),
  };
}

/**
 * The filters that apply to a source's entrants: the source's own (twitter, bluesky) and the contest's (base).
 * `network` is the provider definition of the entrants filtered: the excluded accounts are read with its handle
 * rule (the contest's list holds accounts of every network, each read the way the network filtered reads it).
 */
export function filterSettings(
  source: Json,
  base: Json | undefined,
  network?: HandleProvider,
): FilterSettings {
  const excluded = [
    ...(on(source, "exclude_accounts") ? strings(at(source, "exclude_accounts", "list")) : []),
    ...(on(base, "exclude_accounts") ? strings(at(base, "exclude_accounts", "list")) : []),
  ];
  return {
    excludedAccounts: new Set(excluded.map((h) => handleKey(network, h)).filter((h) => h !== "")),
    badWords: on(base, "exclude_contains_badword")
      ? cleanTerms(at(base, "exclude_contains_badword", "list"), undefined)
      : [],
    accountAgeMonths: on(source, "account_age")
      ? positiveNumber(at(source, "account_age", "months_old"))
      : null,
    retweetRateMax: on(source, "check_retweet_rate")
      ? positiveNumber(at(source, "check_retweet_rate", "max_percent_contests"))
      : null,
    antiBots: on(source, "anti_bots"),
    previousWinnersMonths: on(base, "exclude_previous_winners")
      ? positiveNumber(at(base, "exclude_previous_winners", "nb_months"))
      : null,
  };
}

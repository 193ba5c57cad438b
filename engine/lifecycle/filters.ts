/**
 * The anti-contestant filters (contest-builder.md §3–§5): every entrant gets a verdict with each reason that
 * removes it, in the fixed order of FILTER_REASONS, and the funnel counts each removed entrant once, under its
 * first reason, so total = valid + Σ removed.
 *
 * Settings come from the stored builder form: the contest's base (previous winners, excluded accounts, bad
 * words) and the entrant's source (excluded accounts, account age, retweet rate, anti-bots, actions).
 */
import { type HandleProvider, type HandleProviders, handleKey, handleProviderOf } from "../text/handle";
import { toTime } from "../values";
import { ACTION_FAILURES, checkActionSettings } from "./actions";
import { addMonths } from "./calendar";
import type { Entrant } from "./entrant";
import { type ActionSettings, actionSettings, type FilterSettings, filterSettings } from "./settings";
import { containsAnyTerm } from "./text-match";

export const FILTER_REASONS = [
  "previous_winner",
  "excluded_account",
  "bad_word",
  "account_age",
  "retweet_rate",
  "anti_bot",
  "duplicate",
  ...ACTION_FAILURES,
] as const;

/** previous_winner | excluded_account | bad_word | account_age | retweet_rate | anti_bot | duplicate | ActionFailure */
export type FilterReason = (typeof FILTER_REASONS)[number];

export type FilterContext = {
  now: string;
  previousWinners: readonly { external_id: string; provider: string; won_at: string }[];
  /**
   * The provider definitions (schemas/providers/*.json) by name: each network's handle rule reads the excluded
   * accounts and the accounts to follow, and the entrants' handles, so they compare as that network does.
   */
  providers: HandleProviders;
};
export type Verdict = { id: string; valid: boolean; reasons: FilterReason[] };
/** removed[reason] counts the entrants whose first reason is that one; every reason is listed, 0 included. */
export type Funnel = { total: number; removed: Record<string, number>; valid: number };

/** The contest as stored: its form's sources and, when given, its base (cb_data can be passed as it is). */
export type FilterContest = { sources: readonly Record<string, unknown>[]; base?: Record<string, unknown> };

/** `network`: the provider definition whose handle rule built the filters' keys (the source's). */
type SourceRules = {
  actions: ActionSettings | null;
  filters: FilterSettings;
  network: HandleProvider | undefined;
};

/** Each source's rules, read once, under its builder id and its stored _id. */
function rulesBySource(contest: FilterContest, providers: HandleProviders): Map<string, SourceRules> {
  const map = new Map<string, SourceRules>();
  for (const source of contest.sources) {
    const network = typeof source.type === "string" ? handleProviderOf(providers, source.type) : undefined;
    const rules = {
      actions: actionSettings(source, network),
      filters: filterSettings(source, contest.base, network),
      network,
    };
    for (const key of [source.id, source._id]) {
      if ((typeof key === "string" || typeof key === "number") && !map.has(String(key)))
        map.set(String(key), rules);
    }
  }
  return map;
}

/**
 * The entrant's handle, normalised by the network's rule, is one of the excluded keys (normalised the same way):
 * case is ignored where the network ignores it, and a bluesky "@brand" is "brand.bsky.social" (its rule's suffix).
 */
function isExcluded(
  entrant: Entrant,
  excluded: ReadonlySet<string>,
  network: HandleProvider | undefined,
): boolean {
  return excluded.size > 0 && excluded.has(handleKey(network, entrant.screen_name));
}

/** A previous winner: same network and account, won at or after now − months. */
function recentWinners(ctx: FilterContext, months: number, now: number): Set<string> {
  const since = addMonths(now, -months);
  const keys = new Set<string>();
  for (const w of ctx.previousWinners) {
    const wonAt = toTime(w.won_at);
    if (wonAt !== null && wonAt >= since) keys.add(`${w.provider}:${w.external_id}`);
  }
  return keys;
}

/**
 * The entries after the first of the same account in the same source: "first" by first_at (unreadable dates
 * last), then by position in the list.
 */
function duplicatePositions(entrants: readonly Entrant[]): Set<number> {
  const order = entrants
    .map((e, index) => ({ e, index, time: toTime(e.first_at) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.time - b.time || a.index - b.index);
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  for (const { e, index } of order) {
    const key = `${e.source_id}\u0000${e.provider}\u0000${e.external_id}`;
    if (seen.has(key)) duplicates.add(index);
    else seen.add(key);
  }
  return duplicates;
}

export function applyFilters(
  entrants: readonly Entrant[],
  contest: FilterContest,
  ctx: FilterContext,
): { verdicts: Verdict[]; funnel: Funnel } {
  const now = toTime(ctx.now);
  if (now === null)
    throw new RangeError(`FilterContext.now is not an ISO 8601 date: ${JSON.stringify(ctx.now)}`);
  const bySource = rulesBySource(contest, ctx.providers);
  // An entrant of a source the contest does not list still meets the contest-wide filters, read for its network.
  const noSource = new Map<string, SourceRules>();
  const contestWide = (provider: string): SourceRules => {
    let rules = noSource.get(provider);
    if (!rules) {
      const network = handleProviderOf(ctx.providers, provider);
      rules = { actions: null, filters: filterSettings({}, contest.base, network), network };
      noSource.set(provider, rules);
    }
    return rules;
  };
  const duplicates = duplicatePositions(entrants);
  const winnersCache = new Map<number, Set<string>>();

  const verdicts = entrants.map((entrant, index): Verdict => {
    const rules = bySource.get(entrant.source_id) ?? contestWide(entrant.provider);
    const f = rules.filters;
    const reasons: FilterReason[] = [];
    if (f.previousWinnersMonths !== null) {
      let winners = winnersCache.get(f.previousWinnersMonths);
      if (!winners) {
        winners = recentWinners(ctx, f.previousWinnersMonths, now);
        winnersCache.set(f.previousWinnersMonths, winners);
      }
      if (winners.has(`${entrant.provider}:${entrant.external_id}`)) reasons.push("previous_winner");
    }
    if (isExcluded(entrant, f.excludedAccounts, rules.network)) reasons.push("excluded_account");
    if (f.badWords.length > 0 && entrant.comments.some((c) => containsAnyTerm(c.text, f.badWords))) {
      reasons.push("bad_word");
    }
    if (f.accountAgeMonths !== null) {
      // An account whose creation date is unknown is not removed: nothing shows it is young.
      const created = toTime(entrant.account_created_at);
      if (created !== null && addMonths(created, f.accountAgeMonths) > now) reasons.push("account_age");
    }
    if (
      f.retweetRateMax !== null &&
      entrant.repost_ratio !== null &&
      entrant.repost_ratio > f.retweetRateMax
    ) {
      reasons.push("retweet_rate");
    }
    if (f.antiBots && entrant.is_bot_signal) reasons.push("anti_bot");
    if (duplicates.has(index)) reasons.push("duplicate");
    if (rules.actions) reasons.push(...checkActionSettings(entrant, rules.actions));
    return { id: entrant.id, valid: reasons.length === 0, reasons };
  });

  const removed: Record<string, number> = Object.fromEntries(FILTER_REASONS.map((r) => [r, 0]));
  let valid = 0;
  for (const v of verdicts) {
    const first = v.reasons[0];
    if (first === undefined) valid++;
    else removed[first] = (removed[first] ?? 0) + 1;
  }
  return { verdicts, funnel: { total: entrants.length, removed, valid } };
}

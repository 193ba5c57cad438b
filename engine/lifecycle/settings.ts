/**
 * Where each action and filter setting lives in a stored builder form (schemas/contest/base.schema.json,
 * schemas/contest/sources/*.schema.json, schemas/contest/parts/*): read once per source into a typed object, so
 * the checks never walk untyped JSON. A missing or malformed setting reads as "off".
 */
import { type HandleProvider, handleKey } from "../text/handle";
import { addKeyword, addTwitterKeyword } from "../text/normalize";
import { getIn } from "../values";
import { fold } from "./text-match";

export type CommentAccept = "replies_and_quotes" | "only_quotes" | "only_replies";
export type CommentTarget = "first" | "all" | "last";

export type ActionSettings = {
  /** validate_actions: false means entries are not checked against the actions at all. */
  validate: boolean;
  comment: {
    enabled: boolean;
    /** twitter: which tweets count as comments (null: replies and quotes). */
    accept: CommentAccept | null;
    /** facebook, instagram: which of a participant's comments count (null: all of them). */
    target: CommentTarget | null;
    /** Folded keywords, one of which a comment must hold; empty when the keyword check is off. */
    keywords: string[];
    /** Distinct accounts a comment must mention; 0 when the mention check is off. */
    mentionsMin: number;
    /** Folded prediction answers, one of which a comment must hold; null when prediction is off or lists none. */
    prediction: string[] | null;
  };
  /** twitter retweet, bluesky repost. */
  repost: { enabled: boolean; acceptQuotes: boolean };
  like: boolean;
  /**
   * twitter and bluesky follow: the publishing account (by external id) and the other accounts (by handle key of
   * `network`, the source's provider, whose handle rule also reads the accounts an entrant follows).
   */
  follow: { enabled: boolean; author: string | null; others: string[]; network: HandleProvider | undefined };
  /** facebook react: the reactions that count. */
  react: { enabled: boolean; accept: string[] };
};

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

function at(root: unknown, ...path: string[]): unknown {
  return getIn(root, path);
}

function on(root: unknown, ...path: string[]): boolean {
  return at(root, ...path, "enabled") === true;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function positiveNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | null {
  return allowed.find((a) => a === value) ?? null;
}

/** A keyword list as the builder keeps it (trimmed; empty, lone "#" and duplicates dropped), then folded. */
function cleanTerms(list: unknown, twitter: boolean): string[] {
  const add = twitter ? addTwitterKeyword : addKeyword;
  const cleaned = strings(list).reduce<string[]>((kept, item) => add(kept, item), []);
  return [...new Set(cleaned.map(fold).filter((term) => term !== ""))];
}

export const REACTIONS = ["like", "love", "wow", "haha", "sad", "angry"] as const;

/**
 * The actions a source asks of its participants (read the same way for every network). `network` is the
 * source's provider definition: its handle rule reads the accounts to follow (without it they are compared
 * trimmed, without "@", ignoring case).
 */
export function actionSettings(source: Json, network?: HandleProvider): ActionSettings {
  const twitter = source.type === "twitter";
  const comment = at(source, "actions", "comment");
  const commentOn = on(comment);
  const prediction = on(comment, "prediction") ? cleanTerms(at(comment, "prediction", "list"), twitter) : [];
  const repost = at(source, "actions", twitter ? "retweet" : "repost");
  const follow = at(source, "actions", "follow");
  const author = at(follow, twitter ? "tweet_author" : "post_author") === true;
  const accountId = at(source, "publication", "account_id");
  const react = at(source, "actions", "react");
  const acceptList = at(react, "accept", "list");
  return {
    validate: source.validate_actions !== false,
    comment: {
      enabled: commentOn,
      accept: oneOf(at(comment, "accept"), ["replies_and_quotes", "only_quotes", "only_replies"] as const),
      target: oneOf(at(comment, "target"), ["first", "all", "last"] as const),
      keywords: on(comment, "keywords") ? cleanTerms(at(comment, "keywords", "list"), twitter) : [],
      mentionsMin: on(comment, "mentions")
        ? Math.floor(positiveNumber(at(comment, "mentions", "nb_min")) ?? 0)
        : 0,
      prediction: prediction.length > 0 ? prediction : null,
    },
    repost: { enabled: on(repost), acceptQuotes: at(repost, "accept_quotes") === true },
    like: on(source, "actions", "like"),
    follow: {
      enabled: on(follow),
      author:
        author && (typeof accountId === "number" || typeof accountId === "string") && String(accountId) !== ""
          ? String(accountId)
          : null,
      others: on(follow, "other_accounts")
        ? strings(at(follow, "other_accounts", "list")).map((h) => handleKey(network, h))
        : [],
      network,
    },
    react: {
      enabled: on(react),
      // The schema's default is every reaction; an absent list means that default.
      accept: Array.isArray(acceptList) ? strings(acceptList) : [...REACTIONS],
    },
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
      ? cleanTerms(at(base, "exclude_contains_badword", "list"), false)
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

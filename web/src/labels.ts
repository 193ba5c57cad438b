/**
 * The web app's words for what the schemas name, keyed by the schemas' own words: a provider's actions (by their
 * kind, schemas/providers/<name>.json `actions`), plan features (schemas/features.json), select choices and
 * providers. A word without a label of its own here still reads well in every language: an action by its kind's
 * label (`action.kind.<kind>` in schemas/messages), a feature by the engine catalog's `feature.<name>`, then by
 * its catalogue description. So a provider, an action or a feature added under schemas/ shows a real label.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FeatureCatalogue } from "../../codegen/types";
import { catalogChain } from "../../engine/messages/catalogs";
import featuresJson from "../../schemas/features.json";
import { providerOf } from "./providers";

const FEATURES = featuresJson as unknown as FeatureCatalogue;

/** The engine catalog's text for `key` in the person's language (English last), or null. */
function catalogText(i18n: I18n, key: string): string | null {
  for (const catalog of catalogChain(i18n.locale)) {
    const text = catalog[key];
    if (text) return text;
  }
  return null;
}

/** "check_still_exists" → "Check still exists", "fediwisp.keywords" → "Fediwisp keywords": the last resort. */
export function humanize(word: string): string {
  const words = word.replace(/[_.]/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The kind of a provider's action (schemas/providers/<name>.json `actions`), or undefined. */
export function actionKindOf(provider: string, action: string): string | undefined {
  const actions = providerOf(provider)?.actions;
  return actions && Object.hasOwn(actions, action) ? actions[action]?.kind : undefined;
}

/** A provider's action by its kind's label ("retweet" and "boost" both read "Repost"), else its own word. */
export function actionLabel(i18n: I18n, provider: string, action: string): string {
  const kind = actionKindOf(provider, action);
  return (kind && catalogText(i18n, `action.kind.${kind}`)) || humanize(action);
}

/** An action kind's label ("like" → "Like"), from the engine catalog in the person's language. */
export function actionKindLabel(i18n: I18n, kind: string): string {
  return catalogText(i18n, `action.kind.${kind}`) || humanize(kind);
}

/** The network's name as people know it (display_name), else its name. */
export function providerLabel(provider: string): string {
  return providerOf(provider)?.display_name ?? provider;
}

const FEATURE_LABELS: Record<string, MessageDescriptor> = {
  contestBuilder: msg`Contest builder`,
  multiplatform: msg`Several networks in one contest`,
  templates: msg`Templates`,
  closeDate: msg`Close date`,
  darkPosts: msg`Dark posts on X (Twitter)`,
  additionalFollow: msg`Follow further accounts`,
  "reminders.acceptEntries": msg`Entries on reminders`,
  "contest.winningMoments": msg`Winning moments`,
  "draw.automatic": msg`Automatic draw`,
  "draw.manualCheck": msg`Manual check`,
  "draw.excludePreviousWinners": msg`Exclude previous winners`,
  "draw.excludeAccounts": msg`Exclude accounts from the draw`,
  "draw.excludeContainsBadword": msg`Exclude entries with banned words`,
  "draw.sendPrivateMessageToWinners": msg`Private message to winners`,
  "draw.prediction": msg`Prediction contests`,
  "draw.remindToFollow": msg`Remind winners to follow`,
  antiContestantsFilter: msg`Contest-hunter filter`,
  accountAgeFilter: msg`Account age filter`,
  excludeAccounts: msg`Exclusion list per source`,
  testDraws: msg`Test draws`,
  exportEntries: msg`Entries export`,
  freeLoad: msg`Free reloads of entries`,
  multiContests: msg`Merged contests`,
  "contest.statistics": msg`Contest statistics`,
  shortlinksCustomKey: msg`Custom shortlink keys`,
  "shortlinks.statistics": msg`Shortlink statistics`,
};

/** A plan feature: its own label, else the engine catalog's `feature.<name>`, else its catalogue description. */
export function featureLabel(i18n: I18n, name: string): string {
  const own = FEATURE_LABELS[name];
  if (own) return i18n._(own);
  const described = FEATURES.features.find((f) => f.name === name)?.description;
  return catalogText(i18n, `feature.${name}`) ?? described ?? humanize(name);
}

/** The choices of select fields (`in:` rules and enums: comment accept and target, follow-up types), by value. */
const CHOICES: Record<string, MessageDescriptor> = {
  replies_and_quotes: msg`Replies and quotes`,
  only_quotes: msg`Quotes only`,
  only_replies: msg`Replies only`,
  first: msg`The first comment of each person`,
  all: msg`Every comment`,
  last: msg`The last comment of each person`,
  comment: msg`Comment`,
  repost: msg`Repost`,
  retweet: msg`Repost`,
  quote: msg`Quote`,
  reply: msg`Reply`,
  like: msg`Like`,
  love: msg`Love`,
  wow: msg`Wow`,
  haha: msg`Haha`,
  sad: msg`Sad`,
  angry: msg`Angry`,
};

export function choiceLabel(i18n: I18n, value: string): string {
  const own = CHOICES[value];
  return own ? i18n._(own) : humanize(value);
}

/**
 * What the widgets call the values of the schemas (reactions, manual-check reasons, retweet-rate levels; choices are
 * web/src/labels.ts choiceLabel),
 * as Lingui descriptors translated where they are drawn. A value this file does not know still shows, as written.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { EntryRejection } from "../../../../engine/text/normalize";
import constants from "../../../../schemas/constants.json";

/** Facebook reactions (schemas: like, love, wow, haha, sad, angry); their marks are SVG icons (ReactionsWidget). */
export const REACTIONS: Readonly<Record<string, { label: MessageDescriptor }>> = {
  like: { label: msg`Like` },
  love: { label: msg`Love` },
  wow: { label: msg`Wow` },
  haha: { label: msg`Haha` },
  sad: { label: msg`Sad` },
  angry: { label: msg`Angry` },
};

/** The reasons offered for a manual check (schemas/manual-check-reasons.json keys). */
export const MANUAL_CHECK_REASON_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  tooManyContests: msg`Takes part in too many contests`,
  seemsAutomated: msg`Seems automated`,
  teamOrFriendAccount: msg`Team or friend account`,
  violatePlatformRules: msg`Breaks the network's rules`,
  publishHatingContent: msg`Publishes hateful content`,
  didntCompleteEntry: msg`Did not complete the entry`,
};

/** Why a typed entry was not added to a list, to say so beside the input. */
export const REJECTION_LABELS: Readonly<Record<EntryRejection, MessageDescriptor>> = {
  empty: msg`Type something to add.`,
  lone_hash: msg`A # alone is not a keyword.`,
  duplicate: msg`Already in the list.`,
  too_short: msg`At least 3 characters.`,
  too_long: msg`At most 50 characters.`,
  invalid_handle: msg`Not a valid account name.`,
};

export const RETWEET_RATE = constants.contest.retweet_rate;

const LEVEL_WORDS: readonly { label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { label: msg`Very strict`, hint: msg`Excludes nearly every account that reposts contests.` },
  { label: msg`Strict`, hint: msg`Excludes accounts that often repost contests.` },
  { label: msg`Recommended`, hint: msg`Excludes accounts for which contests are most of their reposts.` },
  { label: msg`Tolerant`, hint: msg`Excludes accounts that mostly repost contests.` },
  {
    label: msg`Very tolerant`,
    hint: msg`Excludes only accounts that repost contests far more than anything else.`,
  },
  { label: msg`Minimal`, hint: msg`Excludes only accounts that repost almost nothing but contests.` },
];

export type RetweetRateLevel = { from: number; label: MessageDescriptor; hint: MessageDescriptor };

/**
 * The gauge's levels (constants: 10, 30, 50, 51, 60, 80), each running from its value to the next one. The spec
 * gives the levels but not their words: a low threshold is strict (an account is excluded once a small share of
 * its retweets are contests), 50 is the default, above it the filter grows tolerant.
 */
export const RETWEET_RATE_LEVELS: readonly RetweetRateLevel[] = RETWEET_RATE.gauge.levels.map((from, i) => ({
  from,
  // biome-ignore lint/style/noNonNullAssertion: the word list is never empty
  ...(LEVEL_WORDS[i] ?? LEVEL_WORDS.at(-1)!),
}));

/** The level a threshold falls in (the first one below the first level). */
export function retweetRateLevel(value: number): RetweetRateLevel {
  // biome-ignore lint/style/noNonNullAssertion: constants.schema.json requires levels
  let level = RETWEET_RATE_LEVELS[0]!;
  for (const candidate of RETWEET_RATE_LEVELS) if (value >= candidate.from) level = candidate;
  return level;
}

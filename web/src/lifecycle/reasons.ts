/**
 * Every reason code an entry can carry, with its label for people: the filters' codes (engine/lifecycle
 * FILTER_REASONS, action failures included) and the manual check's (schemas/manual-check-reasons.json). A
 * contest's own manual-check reasons are free text and show as they are.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FilterReason } from "../../../engine/lifecycle";
import manualCheckReasons from "../../../schemas/manual-check-reasons.json";

export const FILTER_REASON_LABELS = {
  previous_winner: msg`Won a recent contest`,
  excluded_account: msg`Excluded account`,
  bad_word: msg`Wrote a banned word`,
  account_age: msg`Account too recent`,
  retweet_rate: msg`Reposts too many contests`,
  anti_bot: msg`Looks automated`,
  duplicate: msg`Entered twice`,
  missing_comment: msg`No comment`,
  missing_keywords: msg`Keyword missing`,
  not_enough_mentions: msg`Not enough friends mentioned`,
  missing_prediction: msg`No prediction`,
  missing_repost: msg`Did not repost`,
  missing_quote: msg`Did not quote`,
  missing_like: msg`Did not like`,
  missing_follow: msg`Does not follow`,
  missing_reaction: msg`No reaction`,
} as const satisfies Record<FilterReason, MessageDescriptor>;

/** Labels of the manual check's catalogue (schemas/manual-check-reasons.json keys). */
export const MANUAL_CHECK_REASON_LABELS: Record<string, MessageDescriptor> = {
  tooManyContests: msg`Takes part in too many contests`,
  seemsAutomated: msg`Seems to be a bot`,
  teamOrFriendAccount: msg`Account of the team or a friend`,
  violatePlatformRules: msg`Breaks the network's rules`,
  publishHatingContent: msg`Publishes hateful content`,
  didntCompleteEntry: msg`Did not complete the entry`,
};

/** The catalogue's keys, in its order (product staff edit the file; the UI follows). */
export const MANUAL_CHECK_REASON_KEYS: readonly string[] = manualCheckReasons.reasons.map((r) => r.key);

export function isFilterReason(code: string): code is FilterReason {
  return Object.hasOwn(FILTER_REASON_LABELS, code);
}

/** The label of any reason code; null for a contest's own free-text reason (shown as written). */
export function reasonLabel(code: string): MessageDescriptor | null {
  if (isFilterReason(code)) return FILTER_REASON_LABELS[code];
  return Object.hasOwn(MANUAL_CHECK_REASON_LABELS, code) ? (MANUAL_CHECK_REASON_LABELS[code] ?? null) : null;
}

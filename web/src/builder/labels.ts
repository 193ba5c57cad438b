/**
 * The builder's words for what the schemas name: field labels by their pattern relative to the scope
 * ("publication.content", "reminders.list.*.type"), step titles, tab titles and the choices of select fields. All are
 * Lingui messages (`msg`) so translators see them. A field a new provider brings without a label here still shows:
 * its label comes from the engine's catalog (`field.<scope>.<pattern>`) or, last, from its name.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { catalogChain } from "../../../engine/messages/catalogs";
import constants from "../../../schemas/constants.json";
import { actionLabel } from "../labels";
import type { ProviderDefinition } from "../providers";
import { capabilityNote } from "./capability-notes";

export { choiceLabel } from "../labels";

const FIELDS: Record<string, MessageDescriptor> = {
  // base
  name: msg`Contest name`,
  start_date: msg`Start date`,
  close_date: msg`Close date`,
  nb_winners: msg`Number of winners`,
  exclude_previous_winners: msg`Previous winners`,
  "exclude_previous_winners.enabled": msg`Exclude previous winners`,
  "exclude_previous_winners.nb_months": msg`Winners of the last months`,
  manual_check: msg`Manual check`,
  "manual_check.enabled": msg`Manual check of the winners`,
  "manual_check.list": msg`Reasons to reject an entry`,
  autodraw: msg`Automatic draw`,
  "autodraw.enabled": msg`Automatic draw`,
  "autodraw.date": msg`Draw date`,
  exclude_accounts: msg`Excluded accounts`,
  "exclude_accounts.enabled": msg`Exclude accounts`,
  "exclude_accounts.list": msg`Accounts to exclude`,
  exclude_contains_badword: msg`Bad words`,
  "exclude_contains_badword.enabled": msg`Exclude entries containing bad words`,
  "exclude_contains_badword.list": msg`Bad words`,
  // summary
  parameters_verified: msg`I have verified the parameters of this contest`,
  // sources
  publication: msg`Main publication`,
  "publication.account_id": msg`Publishing account`,
  "publication.content": msg`Text`,
  "publication.dark": msg`Dark post`,
  "publication.media": msg`Media`,
  actions: msg`Participation actions`,
  "actions.comment": msg`Comment`,
  "actions.comment.enabled": msg`Comment`,
  "actions.comment.check_still_exists": msg`Check the comment still exists`,
  "actions.comment.accept": msg`Accepted comments`,
  "actions.comment.accept_replies": msg`Accept replies to comments`,
  "actions.comment.target": msg`Comments that count`,
  "actions.comment.keywords": msg`Keywords`,
  "actions.comment.keywords.enabled": msg`Require keywords`,
  "actions.comment.keywords.list": msg`Keywords`,
  "actions.comment.prediction": msg`Prediction`,
  "actions.comment.prediction.enabled": msg`Prediction`,
  "actions.comment.prediction.list": msg`Right answers`,
  "actions.comment.mentions": msg`Mentions`,
  "actions.comment.mentions.enabled": msg`Require mentions`,
  "actions.comment.mentions.nb_min": msg`Minimum number of mentions`,
  "actions.follow": msg`Follow`,
  "actions.follow.enabled": msg`Follow`,
  "actions.follow.tweet_author": msg`Follow the author of the post`,
  "actions.follow.post_author": msg`Follow the author of the post`,
  "actions.follow.other_accounts": msg`Other accounts`,
  "actions.follow.other_accounts.enabled": msg`Follow other accounts`,
  "actions.follow.other_accounts.list": msg`Accounts to follow`,
  "actions.retweet": msg`Repost`,
  "actions.retweet.enabled": msg`Repost`,
  "actions.retweet.check_still_exists": msg`Check the repost still exists`,
  "actions.retweet.accept_quotes": msg`Accept quotes`,
  "actions.repost": msg`Repost`,
  "actions.repost.enabled": msg`Repost`,
  "actions.like": msg`Like`,
  "actions.like.enabled": msg`Like`,
  "actions.react": msg`Reactions`,
  "actions.react.enabled": msg`React to the post`,
  "actions.react.accept.list": msg`Accepted reactions`,
  "actions.custom": msg`Custom action`,
  "actions.custom.enabled": msg`Custom action`,
  "actions.custom.description": msg`Description of the action`,
  reminders: msg`Reminders`,
  "reminders.enabled": msg`Reminders`,
  "reminders.accept_entries": msg`Accept entries on the reminders`,
  "reminders.list": msg`Reminders`,
  "reminders.list.*": msg`Reminder`,
  "reminders.list.*.type": msg`Type`,
  "reminders.list.*.creation_date": msg`Publication date`,
  "reminders.list.*.content": msg`Text`,
  "reminders.list.*.media": msg`Media`,
  "reminders.list.*.dark": msg`Dark post`,
  "account_age.enabled": msg`Minimum account age`,
  "account_age.months_old": msg`Months since the account was created`,
  "check_retweet_rate.enabled": msg`Contest-hunter check`,
  "check_retweet_rate.max_percent_contests": msg`Maximum share of reposts that are contests`,
  "anti_bots.enabled": msg`Anti-bots filter`,
  "anti_bots.check_source": msg`Check the application used to take part`,
  closing_publication: msg`Closing publication`,
  "closing_publication.enabled": msg`Closing publication`,
  "closing_publication.type": msg`Type`,
  "closing_publication.content": msg`Text`,
  "closing_publication.dark": msg`Dark post`,
  "closing_publication.media": msg`Media`,
  winners_publication: msg`Winners publication`,
  "winners_publication.enabled": msg`Winners publication`,
  "winners_publication.type": msg`Type`,
  "winners_publication.content": msg`Text`,
  "winners_publication.dark": msg`Dark post`,
  "winners_publication.media": msg`Media`,
  winners_private_message: msg`Private message to the winners`,
  "winners_private_message.enabled": msg`Private message to the winners`,
  "winners_private_message.content": msg`Message`,
  "winners_private_message.media": msg`Media`,
  remind_to_follow: msg`Remind to follow`,
  "remind_to_follow.enabled": msg`Remind to follow`,
  "remind_to_follow.list": msg`Messages`,
  "remind_to_follow.list.*": msg`Message`,
  "remind_to_follow.list.*.content": msg`Text`,
  "remind_to_follow.list.*.media": msg`Media`,
  "remind_to_follow.list.*.dark": msg`Dark post`,
  winning_moments: msg`Winning moments`,
  "winning_moments.enabled": msg`Winning moments`,
  "winning_moments.nb_attempts": msg`Attempts per participant`,
  "winning_moments.list": msg`Moments`,
  "winning_moments.list.*.date": msg`Date`,
  "winning_moments.won_publication": msg`Won publication`,
  "winning_moments.won_publication.content": msg`Text when won`,
  "winning_moments.won_publication.media": msg`Media when won`,
  "winning_moments.won_publication.dark": msg`Dark posts`,
  "winning_moments.lost_publication": msg`Lost publication`,
  "winning_moments.lost_publication.content": msg`Text when lost`,
  "winning_moments.lost_publication.media": msg`Media when lost`,
};

const STEPS: Record<string, MessageDescriptor> = {
  name: msg`Name`,
  dates: msg`Dates`,
  winners: msg`Winners`,
  exclude_previous_winners: msg`Previous winners`,
  manual_check: msg`Manual check`,
  autodraw: msg`Automatic draw`,
  exclude_accounts: msg`Excluded accounts`,
  exclude_contains_badword: msg`Bad words`,
  parameters_verified: msg`Verification`,
  publication: msg`Main publication`,
  actions: msg`Participation actions`,
  reminders: msg`Reminders`,
  account_age: msg`Account age`,
  check_retweet_rate: msg`Contest hunters`,
  anti_bots: msg`Anti-bots`,
  closing_publication: msg`Closing publication`,
  winners_publication: msg`Winners publication`,
  winners_private_message: msg`Private message to the winners`,
  remind_to_follow: msg`Remind to follow`,
  winning_moments: msg`Winning moments`,
};

const TABS: Record<string, MessageDescriptor> = {
  publication: msg`Publication`,
  actions: msg`Actions`,
  reminders: msg`Reminders`,
  filters: msg`Filters`,
  others: msg`Others`,
};

/** "reminders.list.3.type" → "reminders.list.*.type": list positions as the sidecars write them. */
export function patternOf(relative: string): string {
  return relative
    .split(".")
    .map((s) => (/^\d+$/.test(s) ? "*" : s))
    .join(".");
}

function humanize(pattern: string): string {
  const last =
    pattern
      .split(".")
      .filter((s) => s !== "*" && s !== "enabled" && s !== "list")
      .pop() ?? pattern;
  const words = last.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field's label: the builder's own, else the engine catalog's `field.sources.<provider>.<pattern>` (a network's own
 * label for its field) or `field.<scope>.<pattern>` in the person's language,
 * else, for a provider's action ("actions.boost", "actions.boost.enabled"), its kind's label, else its name.
 * `scope` is "base", "summary" or "sources" (any provider); `provider` the source's network.
 */
export function fieldLabel(i18n: I18n, scope: string, relative: string, provider?: string): string {
  const pattern = patternOf(relative);
  const own = FIELDS[pattern];
  if (own) return i18n._(own);
  // The files of a media slot are named by their slot.
  if (pattern.endsWith(".files") && FIELDS[pattern.slice(0, -".files".length)]) {
    return fieldLabel(i18n, scope, pattern.slice(0, -".files".length), provider);
  }
  // A network's own label (`field.sources.<provider>.<pattern>`) first: two networks may name a field alike.
  const keys = [
    ...(scope === "sources" && provider ? [`field.sources.${provider}.${pattern}`] : []),
    `field.${scope}.${pattern}`,
  ];
  for (const catalog of catalogChain(i18n.locale)) {
    for (const key of keys) {
      const text = catalog[key];
      if (text) return text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
  const action = /^actions\.([^.]+)(?:\.enabled)?$/.exec(pattern)?.[1];
  if (provider && action) return actionLabel(i18n, provider, action);
  return humanize(pattern);
}

/** Whether the builder has a label of its own for a group (an object shown with a heading). */
export function hasGroupLabel(relative: string): boolean {
  return patternOf(relative) in FIELDS;
}

export function stepLabel(i18n: I18n, id: string): string {
  const own = STEPS[id];
  return own ? i18n._(own) : humanize(id);
}

export function tabLabel(i18n: I18n, tab: string): string {
  const own = TABS[tab];
  return own ? i18n._(own) : humanize(tab);
}

/** A form path ("sources.0.anti_bots.enabled") as its scope and the path relative to it, or null. */
function scopeOf(path: string): { scope: string; relative: string } | null {
  const m = /^(base|summary)\.(.+)$/.exec(path) ?? /^(sources)\.\d+\.(.+)$/.exec(path);
  return m?.[1] && m[2] ? { scope: m[1], relative: m[2] } : null;
}

/** Why a locked field (can_edit: false) is as it is, by pattern within a source. */
const LOCKED: Record<string, MessageDescriptor> = {
  "winners_publication.enabled": msg`Not posted by the builder: after the draw, the winners announcement is made from the contest's Drawing page, naming the winners.`,
  "closing_publication.enabled": msg`Not posted by the builder: entries stop counting at the close date, and the winners announcement follows from the Drawing page after the draw.`,
  // Only a network whose API cannot answer a post locks its reminders (TikTok).
  "reminders.enabled": msg`Not available: this network's API cannot post under the contest's post, so reminders cannot be posted.`,
  "actions.comment.check_still_exists": msg`Always on: a comment deleted before the draw does not count.`,
  "actions.retweet.check_still_exists": msg`Always on: a repost undone before the draw does not count.`,
  "actions.follow.tweet_author": msg`Always on: entrants follow the publishing account.`,
  "actions.follow.post_author": msg`Always on: entrants follow the publishing account.`,
  "anti_bots.enabled": msg`Always on for every contest.`,
  "anti_bots.check_source": msg`Always on for every contest.`,
};

/**
 * Why a field the config marks `can_edit: false` cannot be changed, and what happens instead, by pattern; null
 * for a field this file does not know (it is then only shown disabled).
 */
export function lockedReason(i18n: I18n, path: string): string | null {
  const at = scopeOf(path);
  if (at?.scope !== "sources") return null;
  const pattern = patternOf(at.relative);
  const reason = LOCKED[pattern];
  return reason ? i18n._(reason) : null;
}

/**
 * The sentence shown under a field, or null. A source's field that asks what its network cannot check says so
 * (capability-notes.ts). The anti-bots switch says what it leaves out, with the figures of
 * schemas/constants.json (contest-builder.md §9 "Anti-bot figures shown in text"), in the person's number format.
 */
export function fieldDescription(
  i18n: I18n,
  path: string,
  provider?: ProviderDefinition,
  account: Parameters<typeof capabilityNote>[3] = null,
): string | null {
  const at = scopeOf(path);
  if (at?.scope === "sources") {
    // What the network's API cannot check, or checks only in part (or not with this account), said beside it.
    const note = capabilityNote(i18n, provider, patternOf(at.relative), account);
    if (note) return note;
  }
  if (at?.scope === "sources" && patternOf(at.relative) === "anti_bots.enabled") {
    const accounts = i18n.number(constants.contest.anti_bots.automated_accounts);
    const applications = i18n.number(constants.contest.anti_bots.suspicious_applications);
    return i18n._(
      msg`Leaves out the entries of ${accounts} known automated accounts and ${applications} suspicious applications.`,
    );
  }
  return null;
}

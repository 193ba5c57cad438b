/**
 * Does an entrant satisfy the actions its source requires (contest-builder.md §3 "Actions")? The answer is the
 * list of what is missing, in a fixed order; empty means every required action is done. A custom action cannot be
 * checked from the data and is not; a source with validate_actions off asks for nothing.
 */

import { type HandleProvider, handleKey } from "../text/handle";
import { toTime } from "../values";
import type { Entrant, EntrantComment } from "./entrant";
import { type ActionSettings, actionSettings } from "./settings";
import { containsAnyTerm, mentionedAccounts } from "./text-match";

export const ACTION_FAILURES = [
  "missing_comment",
  "missing_keywords",
  "not_enough_mentions",
  "missing_prediction",
  "missing_repost",
  "missing_quote",
  "missing_like",
  "missing_follow",
  "missing_reaction",
] as const;

export type ActionFailure = (typeof ACTION_FAILURES)[number];

type ContentFailure = "missing_keywords" | "not_enough_mentions" | "missing_prediction";

/** What one comment lacks of the content rules (keywords: any one of them; mentions: distinct accounts). */
function contentFailures(
  comment: EntrantComment,
  rules: ActionSettings["comment"],
  self: string,
): ContentFailure[] {
  const failures: ContentFailure[] = [];
  if (rules.keywords.length > 0 && !containsAnyTerm(comment.text, rules.keywords))
    failures.push("missing_keywords");
  if (rules.mentionsMin > 0 && mentionedAccounts(comment.text, self).size < rules.mentionsMin) {
    failures.push("not_enough_mentions");
  }
  if (rules.prediction && !containsAnyTerm(comment.text, rules.prediction))
    failures.push("missing_prediction");
  return failures;
}

/** The comments that count for the target (first, last or all), in chronological order. */
function countedComments(comments: readonly EntrantComment[], target: ActionSettings["comment"]["target"]) {
  const ordered = comments
    .map((comment, index) => ({ comment, index, time: toTime(comment.at) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map((c) => c.comment);
  if (ordered.length === 0) return ordered;
  if (target === "first") return ordered.slice(0, 1);
  if (target === "last") return ordered.slice(-1);
  return ordered;
}

/**
 * The comment action: there must be a comment (or, on twitter, a quote when quotes are accepted; only a quote when
 * only quotes are). One counted comment must then meet every content rule at once; when none does, the failures
 * of the comment that comes closest (fewest failures, earliest on a tie) are reported.
 */
function commentFailures(entrant: Entrant, rules: ActionSettings["comment"]): ActionFailure[] {
  if (rules.accept === "only_quotes" && !entrant.did.quote) return ["missing_quote"];
  const comments = countedComments(entrant.comments, rules.target);
  const quoteCounts = rules.accept !== "only_replies";
  if (comments.length === 0) {
    if (!(quoteCounts && entrant.did.quote)) return ["missing_comment"];
    // A quote without a recorded text cannot show keywords, mentions or a prediction.
    return contentFailures({ id: "", text: "", at: "" }, rules, entrant.screen_name);
  }
  let best: ContentFailure[] | null = null;
  for (const comment of comments) {
    const failures = contentFailures(comment, rules, entrant.screen_name);
    if (failures.length === 0) return [];
    if (best === null || failures.length < best.length) best = failures;
  }
  return best ?? [];
}

/** Whether the entrant follows `key`: a handle key of `network` (an external id reads as itself). */
function follows(entrant: Entrant, key: string, network: HandleProvider | undefined): boolean {
  return entrant.did.follows.some((f) => handleKey(network, f) === key);
}

/**
 * What `entrant` has not done of the actions `source` (the stored builder source) requires, in ACTION_FAILURES
 * order. `network` is the source's provider definition, whose handle rule reads the accounts to follow.
 */
export function checkActions(
  entrant: Entrant,
  source: Record<string, unknown>,
  network?: HandleProvider,
): ActionFailure[] {
  return checkActionSettings(entrant, actionSettings(source, network));
}

/** checkActions with the source already read (the filters read each source once for all its entrants). */
export function checkActionSettings(entrant: Entrant, rules: ActionSettings): ActionFailure[] {
  if (!rules.validate) return [];
  const failures = new Set<ActionFailure>();
  if (rules.comment.enabled) for (const f of commentFailures(entrant, rules.comment)) failures.add(f);
  if (rules.repost.enabled && !(entrant.did.repost || (rules.repost.acceptQuotes && entrant.did.quote))) {
    failures.add("missing_repost");
  }
  if (rules.like && !entrant.did.like) failures.add("missing_like");
  if (rules.follow.enabled) {
    const { author, others, network } = rules.follow;
    const followsAuthor = author === null || follows(entrant, handleKey(undefined, author), undefined);
    if (!followsAuthor || !others.every((key) => follows(entrant, key, network)))
      failures.add("missing_follow");
  }
  if (rules.react.enabled && !entrant.did.reactions.some((r) => rules.react.accept.includes(r))) {
    failures.add("missing_reaction");
  }
  return ACTION_FAILURES.filter((f) => failures.has(f));
}

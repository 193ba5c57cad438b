import { keepsKeywordSpacing, type ProviderFacts } from "../../provider";
import { mentionedAccounts } from "../../text/mentions";
import { addKeyword, addTwitterKeyword } from "../../text/normalize";
import { toTime } from "../../values";
import type { Entrant, EntrantComment } from "../entrant";
import { containsAnyTerm, fold } from "../text-match";
import { type ActionFailure, defineAction } from "./define";
import { at, on, oneOf, positiveNumber, strings } from "./read";

export type CommentAccept = "replies_and_quotes" | "only_quotes" | "only_replies";
export type CommentTarget = "first" | "all" | "last";

export type CommentSettings = {
  enabled: boolean;
  /** Which posts count as comments where quotes may (null: replies and quotes). */
  accept: CommentAccept | null;
  /** Which of a participant's comments count (null: all of them). */
  target: CommentTarget | null;
  /** Folded keywords, one of which a comment must hold; empty when the keyword check is off. */
  keywords: string[];
  /** Distinct accounts a comment must mention; 0 when the mention check is off. */
  mentionsMin: number;
  /** Folded prediction answers, one of which a comment must hold; null when prediction is off or lists none. */
  prediction: string[] | null;
  /** The source's network: its handle rule is the mention grammar. */
  network: ProviderFacts | undefined;
};

/** A keyword list as the builder keeps it (trimmed; empty, lone "#" and duplicates dropped), then folded. */
export function cleanTerms(list: unknown, network: ProviderFacts | undefined): string[] {
  const add = keepsKeywordSpacing(network) ? addTwitterKeyword : addKeyword;
  const cleaned = strings(list).reduce<string[]>((kept, item) => add(kept, item), []);
  return [...new Set(cleaned.map(fold).filter((term) => term !== ""))];
}

type ContentFailure = "missing_keywords" | "not_enough_mentions" | "missing_prediction";

/** What one comment lacks of the content rules (keywords: any one of them; mentions: distinct accounts). */
function contentFailures(comment: EntrantComment, s: CommentSettings, self: string): ContentFailure[] {
  const failures: ContentFailure[] = [];
  if (s.keywords.length > 0 && !containsAnyTerm(comment.text, s.keywords)) failures.push("missing_keywords");
  if (s.mentionsMin > 0 && mentionedAccounts(comment.text, s.network, self).size < s.mentionsMin) {
    failures.push("not_enough_mentions");
  }
  if (s.prediction && !containsAnyTerm(comment.text, s.prediction)) failures.push("missing_prediction");
  return failures;
}

/** The comments that count for the target (first, last or all), in chronological order. */
function countedComments(comments: readonly EntrantComment[], target: CommentTarget | null) {
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
 * A comment: there must be one (or a quote, when quotes are accepted; only a quote when only quotes are). One
 * counted comment must then meet every content rule at once; when none does, the failures of the comment that
 * comes closest (fewest failures, earliest on a tie) are reported.
 */
function commentFailures(entrant: Entrant, s: CommentSettings): readonly ActionFailure[] {
  if (s.accept === "only_quotes" && !entrant.did.quote) return ["missing_quote"];
  const comments = countedComments(entrant.comments, s.target);
  const quoteCounts = s.accept !== "only_replies";
  if (comments.length === 0) {
    if (!(quoteCounts && entrant.did.quote)) return ["missing_comment"];
    // A quote without a recorded text cannot show keywords, mentions or a prediction.
    return contentFailures({ id: "", text: "", at: "" }, s, entrant.screen_name);
  }
  let best: ContentFailure[] | null = null;
  for (const comment of comments) {
    const failures = contentFailures(comment, s, entrant.screen_name);
    if (failures.length === 0) return [];
    if (best === null || failures.length < best.length) best = failures;
  }
  return best ?? [];
}

/** A comment under the publication, with the keywords, mentions and prediction the source asks for. */
export const comment = defineAction<CommentSettings>({
  kind: "comment",
  failures: [
    "missing_comment",
    "missing_keywords",
    "not_enough_mentions",
    "missing_prediction",
    "missing_quote",
  ],
  off: {
    enabled: false,
    accept: null,
    target: null,
    keywords: [],
    mentionsMin: 0,
    prediction: null,
    network: undefined,
  },
  read: (action, { network }) => {
    const prediction = on(action, "prediction") ? cleanTerms(at(action, "prediction", "list"), network) : [];
    return {
      enabled: on(action),
      accept: oneOf(at(action, "accept"), ["replies_and_quotes", "only_quotes", "only_replies"] as const),
      target: oneOf(at(action, "target"), ["first", "all", "last"] as const),
      keywords: on(action, "keywords") ? cleanTerms(at(action, "keywords", "list"), network) : [],
      mentionsMin: on(action, "mentions")
        ? Math.floor(positiveNumber(at(action, "mentions", "nb_min")) ?? 0)
        : 0,
      prediction: prediction.length > 0 ? prediction : null,
      network,
    };
  },
  check: (entrant, s) => (s.enabled ? commentFailures(entrant, s) : []),
});

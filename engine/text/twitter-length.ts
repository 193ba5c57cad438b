/**
 * Twitter's weighted length (twitter-text's parseTweet: most characters 1, CJK and emoji 2, any URL 23) of a
 * publication whose placeholders are replaced by what they will become (contest-builder.md §5):
 * a number token like {1} counts 18, {SEED} 16, {DRAW_LINK} a short link, the winner-name token {NAME} 16.
 */
import twitterText from "twitter-text";

export const PLACEHOLDER_WEIGHTS = { number: 18, seed: 16, name: 16 } as const;

/** A stand-in link for {DRAW_LINK}: twitter-text weighs every URL alike (t.co length). */
const SHORT_LINK = "https://fdraw.co/aBcD12";

export function withPlaceholdersReplaced(text: string): string {
  return text
    .replace(/\{\d+\}/g, "x".repeat(PLACEHOLDER_WEIGHTS.number))
    .replace(/\{SEED\}/g, "x".repeat(PLACEHOLDER_WEIGHTS.seed))
    .replace(/\{NAME\}/g, "x".repeat(PLACEHOLDER_WEIGHTS.name))
    .replace(/\{DRAW_LINK\}/g, SHORT_LINK);
}

/** The weighted length of a raw text (no placeholder handling). */
export function weightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

/** The weighted length a publication will have once its placeholders are filled in. */
export function publicationWeightedLength(text: string): number {
  return weightedLength(withPlaceholdersReplaced(text));
}

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

/** Texts are checked again and again while a contest is edited; twitter-text is the dear part, so remember. */
const lengthCache = new Map<string, number>();

/** Forgets every remembered length (memory control; the benchmark's cold case). */
export function clearLengthCache(): void {
  lengthCache.clear();
}

/** The weighted length a publication will have once its placeholders are filled in. */
export function publicationWeightedLength(text: string): number {
  const cached = lengthCache.get(text);
  if (cached !== undefined) return cached;
  if (lengthCache.size > 2048) lengthCache.clear();
  const length = weightedLength(withPlaceholdersReplaced(text));
  lengthCache.set(text, length);
  return length;
}

/**
 * The live counter of a text field, counted the way its rule will count it on blur (contest-builder.md §5):
 * `weighted_length[:max]` weighs the text with twitter-text once its placeholders are replaced (the
 * engine uses it for twitter and bluesky alike, so the counter does too); `between:min,max` counts characters
 * (code points, as the engine's `between` does). A field with neither has no limit.
 */
import { publicationWeightedLength } from "../../../../engine/text/twitter-length";
import { numberArg, ruleArgs } from "./field-rules";

export type TextLimit = { kind: "weighted" | "characters"; max: number };

/** The weighted_length rule's default maximum. */
export const DEFAULT_WEIGHTED_MAX = 280;

export function textLimitOf(rule: string | undefined): TextLimit | null {
  const weighted = ruleArgs(rule, "weighted_length");
  if (weighted) return { kind: "weighted", max: numberArg(weighted, 0) ?? DEFAULT_WEIGHTED_MAX };
  const max = numberArg(ruleArgs(rule, "between"), 1);
  return max === null ? null : { kind: "characters", max };
}

export function textLength(text: string, kind: TextLimit["kind"]): number {
  return kind === "weighted" ? publicationWeightedLength(text) : [...text].length;
}

/** How a text stands against its limit: its length, what is left (negative when over) and whether it is over. */
export function countText(text: string, limit: TextLimit): { length: number; left: number; over: boolean } {
  const length = textLength(text, limit.kind);
  return { length, left: limit.max - length, over: length > limit.max };
}

import { publicationWeightedLength } from "../text/twitter-length";
import { defineRule } from "./define";

/** Twitter/bluesky text: weighted length with placeholders replaced, at most max (280 by default). */
export const weightedLength = defineRule({
  name: "weighted_length",
  params: [{ name: "max", kind: "integer", optional: true }],
  message: "validation.between.string.max",
  check: (value, [max = 280]) => {
    if (typeof value !== "string") return true;
    return (
      publicationWeightedLength(value) <= max || { key: "validation.between.string.max", values: { n: max } }
    );
  },
});

import { isEmpty } from "../values";
import { defineRule } from "./define";

/**
 * Plan gate. Applies only to teams with the contestBuilder feature (a paid one-shot contest is not gated
 * option by option). The value passes when it is off (empty, false, 0 or '0'), a non-empty list, or when the
 * team holds the feature (contest-builder.md §5).
 */
export const teamFeature = defineRule({
  name: "team_feature",
  params: [{ name: "feature", kind: "feature" }],
  message: "validation.team_feature",
  implicit: true,
  check: (value, [feature], ctx) => {
    if (!ctx.teamFeatures.has("contestBuilder")) return true;
    // Off: empty as the validator means it (a blank text too; it used to be refused as "on"), false, 0 or '0'.
    if (isEmpty(value) || value === false || value === 0 || value === "0") return true;
    // As the spec words it: a list passes (empty is off; a non-empty list is allowed as well).
    if (Array.isArray(value)) return true;
    return ctx.teamFeatures.has(feature);
  },
});

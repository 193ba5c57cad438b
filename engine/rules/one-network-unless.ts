import { getIn } from "../values";
import { defineRule } from "./define";

/**
 * Plan gate on a source's network (the multiplatform feature): a source may be of a network that an earlier source
 * of the form is not of only when the team holds the feature. The error sits on the first source of a second
 * network. Like team_feature, it applies only to teams with the contest builder (a paid one-shot is not gated).
 */
export const oneNetworkUnless = defineRule({
  name: "one_network_unless",
  params: [{ name: "feature", kind: "feature" }],
  message: "validation.one_network_unless",
  check: (value, [feature], ctx) => {
    if (!ctx.teamFeatures.has("contestBuilder") || ctx.teamFeatures.has(feature)) return true;
    const sources = getIn(ctx.form, ["sources"]);
    if (!Array.isArray(sources) || ctx.sourceIndex === undefined) return true;
    const earlier = sources.slice(0, ctx.sourceIndex).map((s) => getIn(s, ["type"]));
    return earlier.length === 0 || earlier.every((type) => type === value);
  },
});

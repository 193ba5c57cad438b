import { isEmpty } from "../values";
import { defineRule } from "./define";

/**
 * Outside the contest form: a filled value needs the team to hold the plan feature, whatever else the team has
 * (a custom shortlink key needs shortlinksCustomKey). Unlike team_feature, no exemption for one-shot contests.
 */
export const hasFeature = defineRule({
  name: "has_feature",
  params: [{ name: "feature", kind: "feature" }],
  message: "validation.team_feature",
  check: (value, [feature], ctx) => isEmpty(value) || value === false || ctx.teamFeatures.has(feature),
});

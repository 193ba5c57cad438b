import { compileConfig } from "../../../engine/config/compile";
import type { BuilderConfig } from "../../../engine/config/types";

/** A small config that exercises targets, gates, `when`, steps and ties without depending on schemas/. */
export const testConfig: BuilderConfig = {
  base: {
    fields: {
      name: { rule: "required|string|between:4,50" },
      nb_winners: { rule: "required|integer|range:1,$quota.winners" },
      "manual_check.enabled": {
        rule: "boolean|team_feature:draw.manualCheck|incompatible_with:base.autodraw.enabled",
        feature: "draw.manualCheck",
      },
      "manual_check.list": {
        rule: "array|array_min:1",
        feature: "draw.manualCheck",
        when: ["manual_check.enabled"],
      },
      "manual_check.list.*": { rule: "required|string|between:3,50", when: ["manual_check.enabled"] },
      "autodraw.enabled": { rule: "boolean|incompatible_with:base.manual_check.enabled" },
    },
    steps: [
      { id: "name", fields: ["name"] },
      { id: "winners", fields: ["nb_winners"] },
      { id: "manual_check", fields: ["manual_check"], toggle: "manual_check.enabled", optional: true },
      { id: "autodraw", fields: ["autodraw"], toggle: "autodraw.enabled", optional: true },
    ],
  },
  summary: { fields: { parameters_verified: { rule: "required|boolean|equals:true" } } },
  sources: {
    testnet: {
      fields: {
        "publication.content": { rule: "required|string|between:1,10" },
        "actions.comment.enabled": { rule: "boolean|needed_by:sources.$SOURCE.actions.follow.enabled" },
        "actions.like.enabled": { rule: "boolean" },
        "actions.follow.enabled": {
          rule: "boolean|needs_any:sources.$SOURCE.actions.comment.enabled,sources.$SOURCE.actions.like.enabled",
        },
        "reminders.list.*.content": {
          rule: "required|string",
          when: ["reminders.enabled", "reminders.list.*.type!=retweet"],
        },
      },
      steps: [
        { id: "publication", fields: ["publication"] },
        {
          id: "actions",
          fields: ["actions"],
          at_least_one_of: ["actions.comment.enabled", "actions.like.enabled", "actions.follow.enabled"],
        },
      ],
    },
  },
  providers: { testnet: { maxSourcesLimitCB: 2 } },
  limits: {},
};

export const compiled = compileConfig(testConfig);

export const NOW = new Date("2026-06-01T12:00:00.000Z");

export function ctxWith(features: string[] = ["contestBuilder"], quotas = { winners: 10 }) {
  return { now: NOW, teamFeatures: new Set(features), quotas };
}

export function source(i: number, over: Record<string, unknown> = {}) {
  return {
    id: 100 + i,
    type: "testnet",
    publication: { content: "hello" },
    actions: { comment: { enabled: true }, like: { enabled: false }, follow: { enabled: false } },
    reminders: { enabled: false, list: [] },
    ...over,
  };
}

export function validForm() {
  return {
    base: {
      name: "Summer",
      nb_winners: 2,
      manual_check: { enabled: false, list: [] as string[] },
      autodraw: { enabled: false },
    },
    sources: [source(0)],
    summary: { parameters_verified: true },
  };
}

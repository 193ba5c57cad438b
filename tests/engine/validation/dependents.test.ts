/** Which fields a change re-validates, derived from the real rule strings (engine/validation/dependents.ts). */
import { describe, expect, it } from "vitest";
import { MAXIMAL_NOW, maximalContest } from "../../../bench/fixtures/maximal-contest";
import { compileConfig } from "../../../engine/config/compile";
import { builderConfigFrom, loadSchemaSet } from "../../../engine/node/load-schemas";
import { dependencyMap, dependentsOf } from "../../../engine/validation/dependents";
import { validate } from "../../../engine/validation/validate";
import { getPath, setPathIn } from "../../../engine/values";
import { FEATURE_NAMES } from "../../helpers/schema-facts";

const config = compileConfig(builderConfigFrom(loadSchemaSet()));
const form = maximalContest();
const index = (provider: string) => form.sources.findIndex((s) => s.type === provider);
const TWITTER = index("twitter");
const FACEBOOK = index("facebook");
const INSTAGRAM = index("instagram");

describe("the fields a change re-validates", () => {
  it("names follow when retweet or like changes (needs_any)", () => {
    for (const action of ["retweet", "like"]) {
      expect(dependentsOf(form, config, `sources.${TWITTER}.actions.${action}.enabled`)).toContain(
        `sources.${TWITTER}.actions.follow.enabled`,
      );
    }
  });

  it("names what a needed_by lists when the needed option changes", () => {
    const deps = dependentsOf(form, config, `sources.${TWITTER}.actions.comment.enabled`);
    expect(deps).toEqual(
      expect.arrayContaining([
        `sources.${TWITTER}.actions.follow.enabled`,
        `sources.${TWITTER}.winners_private_message.enabled`,
        `sources.${TWITTER}.winning_moments.enabled`,
        // `when: actions.comment.enabled` of the comment's own options
        `sources.${TWITTER}.actions.comment.keywords.enabled`,
      ]),
    );
  });

  it("keeps a source's ties inside that source", () => {
    const deps = dependentsOf(form, config, `sources.${TWITTER}.actions.comment.enabled`);
    expect(deps.every((p) => p.startsWith(`sources.${TWITTER}.`))).toBe(true);
  });

  it("names the close date and every reminder date of every source when the start changes", () => {
    const deps = dependentsOf(form, config, "base.start_date");
    expect(deps).toContain("base.close_date");
    const reminders = (getPath(form, `sources.${FACEBOOK}.reminders.list`) as unknown[]).length;
    expect(reminders).toBeGreaterThan(1);
    for (let i = 0; i < reminders; i++) {
      expect(deps).toContain(`sources.${FACEBOOK}.reminders.list.${i}.creation_date`);
    }
    // max_contest_duration reads the contest dates without naming them
    expect(deps).toContain(`sources.${INSTAGRAM}.winners_private_message.enabled`);
  });

  it("names the manual check's ties in base and in the sources (base → source)", () => {
    const deps = dependentsOf(form, config, "base.manual_check.enabled");
    expect(deps).toEqual(
      expect.arrayContaining([
        "base.autodraw.enabled",
        "base.nb_winners",
        `sources.${TWITTER}.actions.comment.prediction.enabled`,
        `sources.${TWITTER}.winning_moments.enabled`,
      ]),
    );
  });

  it("names only the reminder whose type changed, not its neighbours", () => {
    const deps = dependentsOf(form, config, `sources.${TWITTER}.reminders.list.2.type`);
    expect(deps).toContain(`sources.${TWITTER}.reminders.list.2.content`);
    expect(deps).not.toContain(`sources.${TWITTER}.reminders.list.3.content`);
  });

  it("names every reminder's fields when the list is replaced whole", () => {
    const deps = dependentsOf(form, config, `sources.${TWITTER}.reminders.list`);
    expect(deps).toContain(`sources.${TWITTER}.reminders.list.0.content`);
    expect(deps).toContain(`sources.${TWITTER}.reminders.list.5.content`);
  });

  it("names the actions step's error when an action changes (at_least_one_of)", () => {
    expect(dependentsOf(form, config, `sources.${FACEBOOK}.actions.react.enabled`)).toContain(
      `sources.${FACEBOOK}.actions`,
    );
  });

  it("names nothing for a field no rule reads", () => {
    expect(dependentsOf(form, config, "base.name")).toEqual([]);
  });

  it("derives the map once per compiled config", () => {
    expect(dependencyMap(config)).toBe(dependencyMap(config));
  });
});

describe("validating one field", () => {
  const ctx = { now: MAXIMAL_NOW, teamFeatures: new Set(FEATURE_NAMES), quotas: { winners: 500 } };

  it("answers a step's none-enabled error as validating its part does", () => {
    const f = maximalContest();
    const actions = f.sources[FACEBOOK]?.actions as Record<string, { enabled: boolean }>;
    for (const action of Object.values(actions)) action.enabled = false;
    const path = `sources.${FACEBOOK}.actions`;
    const part = validate(f, config, ctx, { kind: "part", prefix: `sources.${FACEBOOK}` });
    expect(part[path]).toEqual([{ key: "validation.step.none_enabled", rule: "at_least_one_of" }]);
    expect(validate(f, config, ctx, { kind: "field", path })).toEqual({ [path]: part[path] });
    setPathIn(f, `${path}.react.enabled`, true);
    expect(validate(f, config, ctx, { kind: "field", path })).toEqual({});
  });
});

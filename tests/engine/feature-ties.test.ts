/** The feature ties of contest-builder.md §4, on the real schemas and sidecars. */
import { describe, expect, it } from "vitest";
import { MAXIMAL_NOW, maximalContest } from "../../bench/fixtures/maximal-contest";
import { compileConfig } from "../../engine/config/compile";
import { catalogChain } from "../../engine/messages/catalogs";
import { formatErrors } from "../../engine/messages/format";
import { builderConfigFrom, loadSchemaSet } from "../../engine/node/load-schemas";
import { setToggle } from "../../engine/ties";
import { validate } from "../../engine/validation/validate";
import { getPath, setPathIn } from "../../engine/values";
import { FEATURE_NAMES } from "../helpers/schema-facts";

const config = compileConfig(builderConfigFrom(loadSchemaSet()));
/** Every plan feature of schemas/features.json: the maximal contest uses them all. */
const everything = new Set(FEATURE_NAMES);
const ctx = { now: MAXIMAL_NOW, teamFeatures: everything, quotas: { winners: 500 } };
const TWITTER = 1;
const FACEBOOK = 0;

function contest(edit: (f: ReturnType<typeof maximalContest>) => void = () => {}) {
  const f = maximalContest();
  edit(f);
  return f;
}
const set = (f: unknown, path: string, value: unknown) => setPathIn(f, path, value);
const errorsOf = (f: unknown) => formatErrors(catalogChain("en"), validate(f, config, ctx));

describe("feature ties on the real schemas", () => {
  it("starts from a maximal contest that is valid", () => {
    expect(errorsOf(contest())).toEqual({});
  });

  it("makes manual check and automatic draw exclude each other", () => {
    const f = contest();
    const on = setToggle(config, f, "base.manual_check.enabled", true);
    expect(on.ok && on.switchedOff).toEqual(expect.arrayContaining(["base.autodraw.enabled"]));
    const both = contest((c) => {
      set(c, "base.manual_check", { enabled: true, list: ["tooManyContests"] });
      set(c, "sources", [c.sources[FACEBOOK]]);
    });
    expect(errorsOf(both)).toMatchObject({
      "base.manual_check.enabled": ["Is not compatible with automatic draw."],
      "base.autodraw.enabled": ["Is not compatible with manual check."],
    });
  });

  it("lets prediction on only with manual check", () => {
    const f = contest((c) =>
      set(c, `sources.${TWITTER}.actions.comment.prediction`, { enabled: true, list: ["42"] }),
    );
    expect(errorsOf(f)[`sources.${TWITTER}.actions.comment.prediction.enabled`]).toEqual([
      "Can't be checked alone.",
    ]);
  });

  it("makes winning moments exclude manual check and need comments", () => {
    const f = contest();
    const on = setToggle(config, f, "base.manual_check.enabled", true);
    expect(on.ok && on.switchedOff).toContain(`sources.${TWITTER}.winning_moments.enabled`);
    const offComment = setToggle(config, f, `sources.${TWITTER}.actions.comment.enabled`, false);
    expect(offComment.ok).toBe(false);
    expect(!offComment.ok && offComment.blockedBy).toContain(`sources.${TWITTER}.winning_moments.enabled`);
  });

  it("needs comments (or a follow on twitter) for the private message to winners", () => {
    const f = contest((c) => {
      set(c, `sources.${TWITTER}.actions.comment.enabled`, false);
      set(c, `sources.${TWITTER}.actions.follow.enabled`, false);
      set(c, `sources.${TWITTER}.winning_moments.enabled`, false);
      set(c, `sources.${TWITTER}.remind_to_follow.enabled`, false);
    });
    expect(errorsOf(f)[`sources.${TWITTER}.winners_private_message.enabled`]).toEqual([
      "Can't be checked alone.",
    ]);
    set(f, `sources.${TWITTER}.actions.follow.enabled`, true);
    expect(errorsOf(f)[`sources.${TWITTER}.winners_private_message.enabled`]).toBeUndefined();
  });

  it("needs another action for a follow, and keeps that action on while the follow depends on it", () => {
    const f = contest((c) => {
      for (const a of ["comment", "retweet", "like", "custom"])
        set(c, `sources.${TWITTER}.actions.${a}.enabled`, false);
      set(c, `sources.${TWITTER}.winning_moments.enabled`, false);
    });
    expect(errorsOf(f)[`sources.${TWITTER}.actions.follow.enabled`]).toEqual(["Can't be checked alone."]);
    set(f, `sources.${TWITTER}.actions.like.enabled`, true);
    const off = setToggle(config, f, `sources.${TWITTER}.actions.like.enabled`, false);
    expect(!off.ok && off.blockedBy).toContain(`sources.${TWITTER}.actions.follow.enabled`);
  });

  it("refuses a source with every participation action off", () => {
    const f = contest((c) => {
      const actions = getPath(c, `sources.${FACEBOOK}.actions`) as Record<string, { enabled: boolean }>;
      for (const a of Object.values(actions)) a.enabled = false;
    });
    expect(errorsOf(f)[`sources.${FACEBOOK}.actions`]).toEqual([
      "At least one participation action must be on.",
    ]);
  });

  it("allows the private message on meta networks only for contests under 7 days", () => {
    const f = contest((c) =>
      set(c, "base.close_date", new Date(MAXIMAL_NOW.getTime() + 9 * 86_400_000).toISOString()),
    );
    expect(errorsOf(f)[`sources.${FACEBOOK}.winners_private_message.enabled`]).toEqual([
      "Only available on contests lasting less than 7 days.",
    ]);
    expect(errorsOf(f)[`sources.${TWITTER}.winners_private_message.enabled`]).toBeUndefined();
  });

  it("wants the additional follow accounts mentioned in the main publication", () => {
    const f = contest((c) => set(c, `sources.${TWITTER}.actions.follow.other_accounts.list`, ["@partner"]));
    expect(errorsOf(f)[`sources.${TWITTER}.actions.follow.other_accounts.list`]).toEqual([
      "The additional accounts need to be mentionned in the main publication.",
    ]);
  });

  it("requires media on instagram and threads publications", () => {
    const instagram = 4;
    const f = contest((c) => set(c, `sources.${instagram}.publication.media`, { files: [], count: 0 }));
    expect(errorsOf(f)[`sources.${instagram}.publication.media.files`]).toEqual(["Is required."]);
  });
});

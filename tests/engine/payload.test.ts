import { describe, expect, it } from "vitest";
import { compileConfig } from "../../engine/config/compile";
import { builderConfigFrom, loadSchemaSet } from "../../engine/node/load-schemas";
import { lockedToDefaults, payloadOf } from "../../engine/payload";
import { getPath } from "../../engine/values";

const config = compileConfig(builderConfigFrom(loadSchemaSet()));
const ctx = (features: string[]) => ({
  now: new Date(),
  teamFeatures: new Set(features),
  quotas: { winners: 10 },
});

function form() {
  return {
    base: {
      ...config.defaults.base,
      name: "Summer",
      manual_check: { enabled: false, list: ["tooManyContests", "seemsAutomated"] },
      exclude_previous_winners: { enabled: false, nb_months: 9 },
    },
    sources: [
      {
        ...config.defaults.sources.twitter,
        id: 100,
        reminders: {
          enabled: false,
          accept_entries: false,
          list: [{ id: "r1", type: "reply", content: "secret" }],
        },
      },
    ],
    summary: { parameters_verified: true },
  };
}

describe("payloadOf", () => {
  it("sends a switched-off option's fields as their defaults, not what was typed before it went off", () => {
    const payload = payloadOf(
      form(),
      config,
      ctx(["contestBuilder", "draw.manualCheck", "draw.excludePreviousWinners"]),
    );
    expect(getPath(payload, "base.manual_check")).toEqual({ enabled: false, list: [] });
    expect(getPath(payload, "base.exclude_previous_winners.nb_months")).toBe(3);
    expect(getPath(payload, "sources.0.reminders.list")).toEqual([]);
  });

  it("keeps what is switched on", () => {
    const f = form();
    f.base.manual_check.enabled = true;
    const payload = payloadOf(f, config, ctx(["contestBuilder", "draw.manualCheck"]));
    expect(getPath(payload, "base.manual_check.list")).toEqual(["tooManyContests", "seemsAutomated"]);
  });

  it("leaves the form it was given untouched", () => {
    const f = form();
    payloadOf(f, config, ctx(["contestBuilder"]));
    expect(f.base.manual_check.list).toHaveLength(2);
  });

  it("gives every provider's new source its schema defaults (bluesky reposts by default)", () => {
    expect(getPath(config.defaults.sources.bluesky, "actions.repost.enabled")).toBe(true);
    expect(getPath(config.defaults.sources.twitter, "check_retweet_rate.max_percent_contests")).toBe(50);
    expect(getPath(config.defaults.sources.facebook, "actions.react.accept.list")).toEqual([
      "like",
      "love",
      "wow",
      "haha",
      "sad",
      "angry",
    ]);
  });
});

describe("payloadOf and can_edit", () => {
  it("keeps a field the builder shows disabled at its default, whatever the client sent", () => {
    const f = form();
    const twitter = f.sources[0] as Record<string, unknown> & { anti_bots: { enabled: boolean } };
    twitter.anti_bots = { ...twitter.anti_bots, enabled: false };
    const payload = payloadOf(f, config, ctx(["contestBuilder"]));
    expect(getPath(payload, "sources.0.anti_bots.enabled")).toBe(
      getPath(config.defaults.sources.twitter, "anti_bots.enabled"),
    );
  });
});

describe("payloadOf on a form with nothing to take out", () => {
  /** The form above with its switched-off options back at their defaults: what most submits look like. */
  function clean() {
    const f = form();
    f.base.manual_check = { enabled: false, list: [] };
    f.base.exclude_previous_winners.nb_months = 3;
    f.sources[0] = { ...f.sources[0], reminders: { ...f.sources[0]?.reminders, list: [] } } as never;
    return f;
  }
  const features = ["contestBuilder", "draw.manualCheck", "draw.excludePreviousWinners"];

  it("answers the form itself, not a copy", () => {
    const f = clean();
    expect(payloadOf(f, config, ctx(features))).toBe(f);
  });

  it("still takes out one hidden field that differs from its default", () => {
    const f = clean();
    f.base.exclude_previous_winners.nb_months = 7;
    const payload = payloadOf(f, config, ctx(features));
    expect(payload).not.toBe(f);
    expect(getPath(payload, "base.exclude_previous_winners.nb_months")).toBe(3);
    expect(f.base.exclude_previous_winners.nb_months).toBe(7);
  });
});

describe("lockedToDefaults", () => {
  function tiktok() {
    const source = structuredClone(config.defaults.sources.tiktok) as unknown as Record<string, unknown>;
    Object.assign(source, { id: 100, type: "tiktok" });
    source.reminders = {
      enabled: true,
      accept_entries: false,
      list: [{ id: "r1", content: "x".repeat(400) }],
    };
    return { base: { ...config.defaults.base, name: "Summer" }, sources: [source], summary: {} };
  }

  it("puts a locked part (TikTok's reminders switch) back to its default and leaves what is editable alone", () => {
    const f = tiktok();
    const reset = lockedToDefaults(f, config);
    expect(getPath(reset, "sources.0.reminders.enabled")).toBe(false);
    expect(getPath(reset, "base.name")).toBe("Summer");
    expect(getPath(f, "sources.0.reminders.enabled")).toBe(true);
  });

  it("answers the form itself when nothing locked differs from its default", () => {
    const f = tiktok();
    (f.sources[0] as { reminders: { enabled: boolean } }).reminders.enabled = false;
    expect(lockedToDefaults(f, config)).toBe(f);
  });
});

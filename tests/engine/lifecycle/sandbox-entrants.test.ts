import { afterEach, describe, expect, it, vi } from "vitest";
import {
  applyFilters,
  type FilterReason,
  sandboxEntrants as generate,
  RETURNING_MAX,
  type SandboxOptions,
} from "../../../engine/lifecycle";
import { PROVIDERS as DEFINITIONS, fullyConfiguredTwitter, NOW, networkOf, source } from "./fixtures";

/** The networks that host contests, as schemas/providers/ lists them. */
const PROVIDERS = [...DEFINITIONS.values()].filter((p) => p.contestbuilder).map((p) => p.name);
/** The sandbox's entrants of a source of its own network, as the sandbox driver asks for them. */
const sandboxEntrants = (opts: Omit<SandboxOptions, "network">) =>
  generate({ ...opts, network: networkOf(opts.source) });
const { source: twitter, base: contestBase } = fullyConfiguredTwitter();
/** What a fully configured twitter source can catch: every reason but the quote-only and facebook ones. */
const TWITTER_REASONS: FilterReason[] = [
  "previous_winner",
  "excluded_account",
  "bad_word",
  "account_age",
  "retweet_rate",
  "anti_bot",
  "duplicate",
  "missing_comment",
  "missing_keywords",
  "not_enough_mentions",
  "missing_prediction",
  "missing_repost",
  "missing_like",
  "missing_follow",
];

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every reason the filters give to the sandbox entrants of `s`, with one of them recorded as a recent winner. */
function reasonsCaught(
  s: Record<string, unknown>,
  b?: Record<string, unknown>,
  count = 80,
): Set<FilterReason> {
  const entrants = sandboxEntrants({ contestId: "contest-1", source: s, base: b, count, now: NOW });
  const winner = entrants[0];
  const previousWinners = winner
    ? [{ provider: winner.provider, external_id: winner.external_id, won_at: "2030-05-01T00:00:00.000Z" }]
    : [];
  const { verdicts } = applyFilters(
    entrants,
    { sources: [s], base: b },
    { now: NOW, previousWinners, providers: DEFINITIONS },
  );
  return new Set(verdicts.flatMap((v) => v.reasons));
}

describe("sandboxEntrants", () => {
  it("gives the same entrants for the same contest, source and count", () => {
    const opts = { contestId: "contest-1", source: twitter, base: contestBase, count: 50, now: NOW };
    expect(sandboxEntrants(opts)).toEqual(sandboxEntrants({ ...opts }));
  });

  it("gives other entrants to another contest and to another source", () => {
    const opts = { contestId: "contest-1", source: twitter, count: 20, now: NOW };
    const ids = (o: typeof opts) => sandboxEntrants(o).map((e) => e.id);
    expect(ids({ ...opts, contestId: "contest-2" })).not.toEqual(ids(opts));
    expect(ids({ ...opts, source: { ...twitter, id: 101 } })).not.toEqual(ids(opts));
  });

  it("never calls Math.random", () => {
    const spy = vi.spyOn(Math, "random");
    sandboxEntrants({ contestId: "c", source: twitter, base: contestBase, count: 40, now: NOW });
    expect(spy).not.toHaveBeenCalled();
  });

  it("makes exactly count entrants, none for a count of 0", () => {
    expect(sandboxEntrants({ contestId: "c", source: twitter, count: 37, now: NOW })).toHaveLength(37);
    expect(sandboxEntrants({ contestId: "c", source: twitter, count: 0, now: NOW })).toEqual([]);
  });

  it("gives each entrant the shape the server stores: provider:external_id, the source's id, sorted by entry time", () => {
    const entrants = sandboxEntrants({
      contestId: "c",
      source: twitter,
      base: contestBase,
      count: 60,
      now: NOW,
    });
    for (const e of entrants) {
      expect(e.id).toBe(`twitter:${e.external_id}`);
      expect(e.source_id).toBe("100");
      expect(e.screen_name).toMatch(/^\w{1,15}$/);
      expect(e.name.length).toBeGreaterThan(0);
      expect(e.profile_url).toBe(`https://x.com/${e.screen_name}`);
      expect(Date.parse(e.first_at)).toBeLessThanOrEqual(Date.parse(NOW));
    }
    const times = entrants.map((e) => e.first_at);
    expect(times).toEqual([...times].sort());
  });

  it("gives each account once but for the duplicates, which enter later than the first entry", () => {
    const entrants = sandboxEntrants({
      contestId: "c",
      source: twitter,
      base: contestBase,
      count: 200,
      now: NOW,
    });
    const firstSeen = new Map<string, string>();
    let repeats = 0;
    for (const e of entrants) {
      const seen = firstSeen.get(e.id);
      if (seen === undefined) firstSeen.set(e.id, e.first_at);
      else {
        repeats++;
        expect(e.first_at > seen).toBe(true);
      }
    }
    expect(repeats).toBeGreaterThan(0);
    expect(repeats).toBeLessThan(entrants.length / 5);
  });

  it("gives every filter and action check something to catch on a fully configured twitter source", () => {
    const caught = reasonsCaught(twitter, contestBase);
    for (const reason of TWITTER_REASONS) expect(caught, reason).toContain(reason);
  });

  it("gives the quote and reaction checks something to catch where those actions exist", () => {
    const quotes = source("twitter", {
      "actions.comment.enabled": true,
      "actions.comment.accept": "only_quotes",
    });
    expect(reasonsCaught(quotes)).toContain("missing_quote");
    const facebook = source("facebook", { "actions.react.enabled": true });
    expect(reasonsCaught(facebook)).toContain("missing_reaction");
  });

  it("catches one of each defect already with as few entrants as there are defects", () => {
    // 13 defects this source can catch; previous_winner comes from the context.
    expect([...reasonsCaught(twitter, contestBase, 13)].sort()).toEqual([...TWITTER_REASONS].sort());
  });

  it("makes most entrants valid", () => {
    const entrants = sandboxEntrants({
      contestId: "c",
      source: twitter,
      base: contestBase,
      count: 300,
      now: NOW,
    });
    const { funnel } = applyFilters(
      entrants,
      { sources: [twitter], base: contestBase },
      { now: NOW, previousWinners: [], providers: DEFINITIONS },
    );
    expect(funnel.valid / funnel.total).toBeGreaterThan(0.55);
    expect(funnel.valid / funnel.total).toBeLessThan(0.9);
  });

  it("uses the contest's bad words, or a few fixed ones when it lists none", () => {
    const listed = sandboxEntrants({
      contestId: "c",
      source: twitter,
      base: contestBase,
      count: 80,
      now: NOW,
    });
    const texts = listed.flatMap((e) => e.comments.map((c) => c.text)).join(" ");
    expect(texts).toMatch(/\b(arnaque|scam)\b/);
    const fixed = sandboxEntrants({ contestId: "c", source: source("facebook"), count: 80, now: NOW });
    expect(fixed.flatMap((e) => e.comments.map((c) => c.text)).join(" ")).toMatch(/\b(scam|idiot|garbage)\b/);
  });

  it("follows the accounts it is told to, besides those the source names", () => {
    const s = source("twitter", { "actions.follow.enabled": true, "actions.like.enabled": true });
    const entrants = sandboxEntrants({
      contestId: "c",
      source: s,
      count: 10,
      now: NOW,
      accountsToFollow: ["777"],
    });
    const clean = entrants.filter((e) => e.did.follows.length > 0);
    expect(clean.length).toBeGreaterThan(0);
    for (const e of clean) expect(e.did.follows).toEqual(expect.arrayContaining(["777", "4242"]));
  });

  it.each(PROVIDERS)("makes entrants for a default %s source", (provider) => {
    const s = source(provider);
    const entrants = sandboxEntrants({ contestId: "c", source: s, count: 30, now: NOW });
    expect(entrants).toHaveLength(30);
    expect(entrants.every((e) => e.provider === provider && e.id === `${provider}:${e.external_id}`)).toBe(
      true,
    );
    const { funnel } = applyFilters(
      entrants,
      { sources: [s] },
      { now: NOW, previousWinners: [], providers: DEFINITIONS },
    );
    expect(funnel.valid).toBeGreaterThan(0);
  });

  it("lets the team's returning accounts enter again, clean, under their own id, handle and name", () => {
    const returning = [
      { external_id: "111", screen_name: "ada_wins", name: "Ada Winner" },
      { external_id: "222", screen_name: "bo_wins", name: "Bo Winner" },
    ];
    const opts = { contestId: "contest-7", source: twitter, base: contestBase, count: 60, now: NOW };
    const entrants = sandboxEntrants({ ...opts, returning });
    const back = entrants.filter((e) => e.external_id === "111" || e.external_id === "222");
    expect(back.map((e) => [e.id, e.screen_name, e.name]).sort()).toEqual([
      ["twitter:111", "ada_wins", "Ada Winner"],
      ["twitter:222", "bo_wins", "Bo Winner"],
    ]);
    expect(back.every((e) => e.profile_url === `https://x.com/${e.screen_name}`)).toBe(true);
    expect(entrants).toHaveLength(60);
    // The same for every run, and nothing changes without them.
    expect(sandboxEntrants({ ...opts, returning })).toEqual(entrants);
    expect(sandboxEntrants({ ...opts, returning: [] })).toEqual(sandboxEntrants(opts));

    // Only their network's, the first RETURNING_MAX of them.
    const many = Array.from({ length: 6 }, (_, i) => ({ external_id: `9${i}`, provider: "twitter" }));
    const elsewhere = { external_id: "333", provider: "facebook" };
    const ids = sandboxEntrants({ ...opts, returning: [elsewhere, ...many] }).map((e) => e.external_id);
    expect(ids).not.toContain("333");
    expect(many.filter((m) => ids.includes(m.external_id))).toEqual(many.slice(0, RETURNING_MAX));
  });

  it("gives the previous-winners filter a returning winner to catch in a rehearsal", () => {
    const returning = [{ external_id: "111", screen_name: "ada_wins", name: "Ada Winner" }];
    const entrants = sandboxEntrants({
      contestId: "contest-7",
      source: twitter,
      base: contestBase,
      count: 60,
      now: NOW,
      returning,
    });
    const previousWinners = [{ provider: "twitter", external_id: "111", won_at: "2030-05-01T00:00:00.000Z" }];
    const { verdicts } = applyFilters(
      entrants,
      { sources: [twitter], base: contestBase },
      { now: NOW, previousWinners, providers: DEFINITIONS },
    );
    const caught = entrants.filter((_, i) => verdicts[i]?.reasons.includes("previous_winner"));
    expect(caught.map((e) => e.id)).toEqual(["twitter:111"]);
    expect(verdicts[entrants.indexOf(caught[0] as (typeof entrants)[number])]?.reasons).toEqual([
      "previous_winner",
    ]);
  });

  it("refuses a now that is not a date", () => {
    expect(() => sandboxEntrants({ contestId: "c", source: twitter, count: 1, now: "now" })).toThrow(
      RangeError,
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  applyFilters,
  type Entrant,
  FILTER_REASONS,
  type FilterContext,
  type FilterReason,
} from "../../../engine/lifecycle";
import {
  base,
  cleanTwitterEntrant,
  entrant,
  fullyConfiguredTwitter,
  NOW,
  PROVIDERS,
  source,
} from "./fixtures";

const { source: twitter, base: contestBase } = fullyConfiguredTwitter();
const contest = { sources: [twitter], base: contestBase };
const ctx: FilterContext = { now: NOW, previousWinners: [], providers: PROVIDERS };

function reasonsOf(e: Entrant, c: Parameters<typeof applyFilters>[1] = contest, context = ctx) {
  const [verdict] = applyFilters([e], c, context).verdicts;
  return verdict?.reasons;
}

describe("applyFilters: one reason each", () => {
  it("lets an entrant that meets every filter and action through", () => {
    const { verdicts } = applyFilters([cleanTwitterEntrant()], contest, ctx);
    expect(verdicts).toEqual([{ id: "twitter:111", valid: true, reasons: [] }]);
  });

  it("removes a winner of the last nb_months months on the same network", () => {
    const recent = { provider: "twitter", external_id: "111", won_at: "2030-01-01T00:00:00.000Z" };
    expect(reasonsOf(cleanTwitterEntrant(), contest, { ...ctx, previousWinners: [recent] })).toEqual([
      "previous_winner",
    ]);
  });

  it("keeps a winner from longer ago, or from another network, or when the option is off", () => {
    const old = { provider: "twitter", external_id: "111", won_at: "2029-12-14T00:00:00.000Z" };
    const elsewhere = { provider: "bluesky", external_id: "111", won_at: "2030-06-01T00:00:00.000Z" };
    expect(reasonsOf(cleanTwitterEntrant(), contest, { ...ctx, previousWinners: [old, elsewhere] })).toEqual(
      [],
    );
    const off = {
      sources: [twitter],
      base: base({ exclude_previous_winners: { enabled: false, nb_months: 6 } }),
    };
    const recent = { ...old, won_at: "2030-06-01T00:00:00.000Z" };
    expect(reasonsOf(cleanTwitterEntrant(), off, { ...ctx, previousWinners: [recent] })).toEqual([]);
  });

  it("removes an account of the source's excluded list, whatever the case of the handle", () => {
    expect(reasonsOf(cleanTwitterEntrant({ screen_name: "Competitor" }))).toEqual(["excluded_account"]);
  });

  it("removes an account of the contest's excluded list too", () => {
    expect(reasonsOf(cleanTwitterEntrant({ screen_name: "rival_brand" }))).toEqual(["excluded_account"]);
  });

  it("matches a bluesky handle against an excluded account written without its domain", () => {
    const sky = source("bluesky", {
      "actions.repost.enabled": false,
      "actions.like.enabled": true,
      exclude_accounts: { enabled: true, touched: true, list: ["@brand"] },
    });
    const e = entrant({ provider: "bluesky", screen_name: "brand.bsky.social", did: { like: true } });
    expect(reasonsOf(e, { sources: [sky] })).toEqual(["excluded_account"]);
  });

  it("removes an entrant whose comment holds a bad word, ignoring case and accents", () => {
    const text = "France @bob @carol #cafe, c'est une ARNAQUÉ";
    const e = cleanTwitterEntrant({ comments: [{ id: "c", text, at: "2030-06-14T10:00:00.000Z" }] });
    expect(reasonsOf(e)).toEqual(["bad_word"]);
  });

  it("does not take a bad word inside a longer word", () => {
    const text = "France @bob @carol #cafe, no scammers here";
    const e = cleanTwitterEntrant({ comments: [{ id: "c", text, at: "2030-06-14T10:00:00.000Z" }] });
    expect(reasonsOf(e)).toEqual([]);
  });

  it("removes an account younger than months_old months, keeps one exactly that old", () => {
    expect(reasonsOf(cleanTwitterEntrant({ account_created_at: "2030-04-01T00:00:00.000Z" }))).toEqual([
      "account_age",
    ]);
    expect(reasonsOf(cleanTwitterEntrant({ account_created_at: "2030-03-15T12:00:00.000Z" }))).toEqual([]);
  });

  it("keeps an account whose creation date is unknown", () => {
    expect(reasonsOf(cleanTwitterEntrant({ account_created_at: null }))).toEqual([]);
  });

  it("removes an account whose repost ratio is above the threshold, keeps one at it", () => {
    expect(reasonsOf(cleanTwitterEntrant({ repost_ratio: 51 }))).toEqual(["retweet_rate"]);
    expect(reasonsOf(cleanTwitterEntrant({ repost_ratio: 50 }))).toEqual([]);
    expect(reasonsOf(cleanTwitterEntrant({ repost_ratio: null }))).toEqual([]);
  });

  it("removes an automated account while anti-bots is on, keeps it when off", () => {
    expect(reasonsOf(cleanTwitterEntrant({ is_bot_signal: true }))).toEqual(["anti_bot"]);
    const off = {
      sources: [{ ...twitter, anti_bots: { enabled: false, check_source: true } }],
      base: contestBase,
    };
    expect(reasonsOf(cleanTwitterEntrant({ is_bot_signal: true }), off)).toEqual([]);
  });

  it("keeps the first entry of an account in a source and removes the later ones as duplicates", () => {
    const first = cleanTwitterEntrant({ first_at: "2030-06-14T10:00:00.000Z" });
    const again = cleanTwitterEntrant({ first_at: "2030-06-14T11:00:00.000Z" });
    const { verdicts } = applyFilters([again, first], contest, ctx);
    expect(verdicts.map((v) => v.reasons)).toEqual([["duplicate"], []]);
  });

  it("does not call the same account in two sources a duplicate", () => {
    const second = { ...twitter, id: 101 };
    const a = cleanTwitterEntrant();
    const b = cleanTwitterEntrant({ source_id: "101" });
    const { verdicts } = applyFilters([a, b], { sources: [twitter, second], base: contestBase }, ctx);
    expect(verdicts.every((v) => v.valid)).toBe(true);
  });

  it.each<[FilterReason, string | null]>([
    ["missing_comment", null],
    ["missing_keywords", "France @bob @carol"],
    ["not_enough_mentions", "coffee France @bob"],
    ["missing_prediction", "coffee @bob @carol"],
  ])("removes an entrant for %s", (reason, text) => {
    const comments = text === null ? [] : [{ id: "c", text, at: NOW }];
    expect(reasonsOf(cleanTwitterEntrant({ comments }))).toEqual([reason]);
  });

  it.each([
    ["missing_repost", { repost: false, like: true, follows: ["4242", "fairdraw"] }],
    ["missing_like", { repost: true, like: false, follows: ["4242", "fairdraw"] }],
    ["missing_follow", { repost: true, like: true, follows: ["4242"] }],
  ] as const)("removes an entrant for %s", (reason, did) => {
    const e = cleanTwitterEntrant();
    expect(reasonsOf({ ...e, did: { ...e.did, ...did, follows: [...did.follows] } })).toEqual([reason]);
  });

  it("removes an entrant for missing_quote when only quotes count", () => {
    const s = source("twitter", { "actions.comment.enabled": true, "actions.comment.accept": "only_quotes" });
    expect(reasonsOf(entrant({ comments: [{ id: "c", text: "hi", at: NOW }] }), { sources: [s] })).toEqual([
      "missing_quote",
    ]);
  });

  it("removes an entrant for missing_reaction on facebook", () => {
    const fb = source("facebook", { "actions.react.enabled": true });
    expect(reasonsOf(entrant({ provider: "facebook" }), { sources: [fb] })).toEqual(["missing_reaction"]);
  });
});

describe("applyFilters: verdicts and funnel", () => {
  it("lists every reason of an entrant, in the fixed filter order", () => {
    const e = cleanTwitterEntrant({
      screen_name: "competitor",
      is_bot_signal: true,
      repost_ratio: 90,
      comments: [],
    });
    expect(reasonsOf(e)).toEqual(["excluded_account", "retweet_rate", "anti_bot", "missing_comment"]);
  });

  it("counts each removed entrant once, under its first reason, so the funnel adds up", () => {
    const entrants = [
      cleanTwitterEntrant({ external_id: "1" }),
      cleanTwitterEntrant({ external_id: "2" }),
      cleanTwitterEntrant({ external_id: "3", is_bot_signal: true, repost_ratio: 99 }),
      cleanTwitterEntrant({ external_id: "4", is_bot_signal: true }),
      cleanTwitterEntrant({ external_id: "5", comments: [] }),
    ];
    const { funnel, verdicts } = applyFilters(entrants, contest, ctx);
    expect(funnel.total).toBe(5);
    expect(funnel.valid).toBe(2);
    expect(funnel.removed).toMatchObject({ retweet_rate: 1, anti_bot: 1, missing_comment: 1, bad_word: 0 });
    const removed = Object.values(funnel.removed).reduce((a, b) => a + b, 0);
    expect(funnel.valid + removed).toBe(funnel.total);
    expect(verdicts.filter((v) => v.valid)).toHaveLength(funnel.valid);
  });

  it("lists every reason in the funnel, 0 included, in filter order", () => {
    expect(Object.keys(applyFilters([], contest, ctx).funnel.removed)).toEqual([...FILTER_REASONS]);
  });

  it("applies only the contest-wide filters to an entrant of a source the contest does not list", () => {
    const stray = entrant({ source_id: "999", screen_name: "rival_brand" });
    expect(reasonsOf(stray)).toEqual(["excluded_account"]);
    expect(reasonsOf(entrant({ source_id: "999" }))).toEqual([]);
  });

  it("finds a source by its stored _id as well as by its builder id", () => {
    const stored = { ...twitter, _id: "src_abc" };
    const e = cleanTwitterEntrant({ source_id: "src_abc", is_bot_signal: true });
    expect(reasonsOf(e, { sources: [stored], base: contestBase })).toEqual(["anti_bot"]);
  });

  it("reads only the sources when the contest has no base", () => {
    expect(reasonsOf(cleanTwitterEntrant({ screen_name: "rival_brand" }), { sources: [twitter] })).toEqual(
      [],
    );
  });

  it("refuses a context whose now is not a date", () => {
    expect(() => applyFilters([], contest, { ...ctx, now: "today" })).toThrow(RangeError);
  });
});

describe("applyFilters: accounts compared by their network's handle rule", () => {
  const skyEntrant = (screen_name: string, did: { follows?: string[] } = {}) =>
    entrant({ provider: "bluesky", screen_name, did: { like: true, ...did } });
  const sky = (overrides: Record<string, unknown>) =>
    source("bluesky", { "actions.repost.enabled": false, "actions.like.enabled": true, ...overrides });

  it("removes a bluesky entrant whose dotted handle the source excludes, whatever its case", () => {
    const s = sky({
      exclude_accounts: { enabled: true, touched: true, list: ["@alice.bsky.social", "@News.Example.com"] },
    });
    expect(reasonsOf(skyEntrant("alice.bsky.social"), { sources: [s] })).toEqual(["excluded_account"]);
    expect(reasonsOf(skyEntrant("Alice.BSKY.social"), { sources: [s] })).toEqual(["excluded_account"]);
    expect(reasonsOf(skyEntrant("news.example.com"), { sources: [s] })).toEqual(["excluded_account"]);
    expect(reasonsOf(skyEntrant("alice.example.com"), { sources: [s] })).toEqual([]);
    expect(reasonsOf(skyEntrant("bob.bsky.social"), { sources: [s] })).toEqual([]);
  });

  it("removes a bluesky entrant the contest-wide list excludes, and not a twitter account of the same name", () => {
    const contestWide = base({
      exclude_accounts: { enabled: true, touched: true, list: ["@news.example.com", "@carol"] },
    });
    const tw = source("twitter", { "actions.like.enabled": true }, 200);
    const c = { sources: [sky({}), tw], base: contestWide };
    expect(reasonsOf(skyEntrant("news.example.com"), c)).toEqual(["excluded_account"]);
    expect(reasonsOf(skyEntrant("carol.bsky.social"), c)).toEqual(["excluded_account"]);
    const twitterNews = entrant({ source_id: "200", screen_name: "news", did: { like: true } });
    expect(reasonsOf(twitterNews, c)).toEqual([]);
    const twitterCarol = entrant({ source_id: "200", screen_name: "Carol", did: { like: true } });
    expect(reasonsOf(twitterCarol, c)).toEqual(["excluded_account"]);
  });

  it("counts a follow of a bluesky account to follow however either side writes it", () => {
    const s = sky({
      "actions.follow.enabled": true,
      "actions.follow.post_author": false,
      "actions.follow.other_accounts": { enabled: true, list: ["@news.example.com", "@brand"] },
    });
    const follows = ["News.Example.com", "@brand.bsky.social"];
    expect(reasonsOf(skyEntrant("zoe.bsky.social", { follows }), { sources: [s] })).toEqual([]);
    expect(
      reasonsOf(skyEntrant("zoe.bsky.social", { follows: ["news.example.com"] }), { sources: [s] }),
    ).toEqual(["missing_follow"]);
  });
});

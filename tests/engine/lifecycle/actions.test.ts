import { describe, expect, it } from "vitest";
import { actionsMissing as checkActions, entrant, source } from "./fixtures";

const AT = "2030-06-14T10:00:00.000Z";
const said = (...texts: string[]) =>
  texts.map((text, i) => ({ id: `c${i}`, text, at: `2030-06-14T1${i}:00:00.000Z` }));

const twitterComment = (comment: Record<string, unknown>) =>
  source("twitter", {
    "actions.comment.enabled": true,
    "actions.comment.accept": "replies_and_quotes",
    ...comment,
  });

describe("checkActions: nothing asked", () => {
  it("asks nothing of an entrant when every action is off", () => {
    expect(checkActions(entrant(), source("twitter"))).toEqual([]);
  });

  it("asks nothing when the source does not validate actions", () => {
    const s = source("twitter", { validate_actions: false, "actions.like.enabled": true });
    expect(checkActions(entrant(), s)).toEqual([]);
  });

  it("cannot check a custom action, so does not", () => {
    const s = source("facebook", { "actions.custom": { enabled: true, description: "Share it in a story" } });
    expect(checkActions(entrant({ provider: "facebook" }), s)).toEqual([]);
  });
});

describe("checkActions: comment", () => {
  it("reports a missing comment", () => {
    expect(checkActions(entrant(), twitterComment({}))).toEqual(["missing_comment"]);
    expect(checkActions(entrant({ comments: said("Count me in") }), twitterComment({}))).toEqual([]);
  });

  it("counts a quote as a comment when replies and quotes are accepted, not when only replies are", () => {
    const quoted = entrant({ did: { quote: true } });
    expect(checkActions(quoted, twitterComment({}))).toEqual([]);
    expect(checkActions(quoted, twitterComment({ "actions.comment.accept": "only_replies" }))).toEqual([
      "missing_comment",
    ]);
  });

  it("asks for a quote when only quotes are accepted", () => {
    const s = twitterComment({ "actions.comment.accept": "only_quotes" });
    expect(checkActions(entrant({ comments: said("a reply") }), s)).toEqual(["missing_quote"]);
    expect(checkActions(entrant({ did: { quote: true } }), s)).toEqual([]);
  });

  it("asks for one of the keywords, ignoring case and accents", () => {
    const s = twitterComment({
      "actions.comment.keywords": { enabled: true, list: ["  Café ", "#Giveaway"] },
    });
    expect(checkActions(entrant({ comments: said("I love CAFE") }), s)).toEqual([]);
    expect(checkActions(entrant({ comments: said("#giveaway time") }), s)).toEqual([]);
    expect(checkActions(entrant({ comments: said("I love tea") }), s)).toEqual(["missing_keywords"]);
  });

  it("matches keywords as whole words only", () => {
    const s = twitterComment({ "actions.comment.keywords": { enabled: true, list: ["win"] } });
    expect(checkActions(entrant({ comments: said("a winner!") }), s)).toEqual(["missing_keywords"]);
    expect(checkActions(entrant({ comments: said("I want to WIN.") }), s)).toEqual([]);
  });

  it("matches keywords inside a sentence of a script written without spaces", () => {
    const s = source("facebook", {
      "actions.comment": { enabled: true, target: "all", keywords: { enabled: true, list: ["コーヒー"] } },
    });
    const e = entrant({ provider: "facebook", comments: said("私はコーヒーが大好きです") });
    expect(checkActions(e, s)).toEqual([]);
  });

  it("ignores the keyword list while the keyword check is off", () => {
    const s = twitterComment({ "actions.comment.keywords": { enabled: false, list: ["coffee"] } });
    expect(checkActions(entrant({ comments: said("tea") }), s)).toEqual([]);
  });

  it("asks for at least nb_min distinct mentions, not counting the entrant's own handle or e-mail addresses", () => {
    const s = twitterComment({ "actions.comment.mentions": { enabled: true, nb_min: 2 } });
    const check = (text: string) => checkActions(entrant({ screen_name: "alice", comments: said(text) }), s);
    expect(check("@bob @carol")).toEqual([]);
    expect(check("@bob.bsky.social and @Carol.")).toEqual([]);
    expect(check("@bob @BOB")).toEqual(["not_enough_mentions"]);
    expect(check("@bob @alice")).toEqual(["not_enough_mentions"]);
    expect(check("@bob mail me at carol@example.com")).toEqual(["not_enough_mentions"]);
  });

  it("asks for one of the prediction answers", () => {
    const s = twitterComment({ "actions.comment.prediction": { enabled: true, list: ["France", "Brésil"] } });
    expect(checkActions(entrant({ comments: said("I say bresil 2-1") }), s)).toEqual([]);
    expect(checkActions(entrant({ comments: said("no idea") }), s)).toEqual(["missing_prediction"]);
  });

  it("wants one comment that meets every content rule at once, and names what the closest one lacks", () => {
    const s = twitterComment({
      "actions.comment.keywords": { enabled: true, list: ["coffee"] },
      "actions.comment.mentions": { enabled: true, nb_min: 1 },
      "actions.comment.prediction": { enabled: true, list: ["France"] },
    });
    expect(checkActions(entrant({ comments: said("coffee", "@bob France") }), s)).toEqual([
      "missing_keywords",
    ]);
    expect(checkActions(entrant({ comments: said("coffee", "coffee @bob France") }), s)).toEqual([]);
    expect(checkActions(entrant({ comments: said("hello") }), s)).toEqual([
      "missing_keywords",
      "not_enough_mentions",
      "missing_prediction",
    ]);
  });

  it("reads only the first or the last comment when the target says so (facebook, instagram)", () => {
    const comments = said("no keyword here", "coffee please");
    const withTarget = (target: string) =>
      source("instagram", {
        "actions.comment": { enabled: true, target, keywords: { enabled: true, list: ["coffee"] } },
      });
    const e = entrant({ provider: "instagram", comments });
    expect(checkActions(e, withTarget("first"))).toEqual(["missing_keywords"]);
    expect(checkActions(e, withTarget("last"))).toEqual([]);
    expect(checkActions(e, withTarget("all"))).toEqual([]);
  });

  it("orders the comments by date before choosing the first or the last", () => {
    const e = entrant({
      provider: "facebook",
      comments: [
        { id: "late", text: "coffee", at: "2030-06-14T12:00:00.000Z" },
        { id: "early", text: "tea", at: AT },
      ],
    });
    const s = source("facebook", {
      "actions.comment": { enabled: true, target: "first", keywords: { enabled: true, list: ["coffee"] } },
    });
    expect(checkActions(e, s)).toEqual(["missing_keywords"]);
  });
});

describe("checkActions: repost, like, follow, reactions", () => {
  it("asks for a retweet, taking a quote only when quotes are accepted", () => {
    const s = source("twitter", { "actions.retweet.enabled": true });
    expect(checkActions(entrant(), s)).toEqual(["missing_repost"]);
    expect(checkActions(entrant({ did: { repost: true } }), s)).toEqual([]);
    expect(checkActions(entrant({ did: { quote: true } }), s)).toEqual(["missing_repost"]);
    const quotes = source("twitter", {
      "actions.retweet": { enabled: true, check_still_exists: true, accept_quotes: true },
    });
    expect(checkActions(entrant({ did: { quote: true } }), quotes)).toEqual([]);
  });

  it("asks for a bluesky repost, which is on by default", () => {
    const s = source("bluesky");
    expect(checkActions(entrant({ provider: "bluesky" }), s)).toEqual(["missing_repost"]);
    expect(checkActions(entrant({ provider: "bluesky", did: { repost: true } }), s)).toEqual([]);
  });

  it("asks for a like", () => {
    const s = source("twitter", { "actions.like.enabled": true });
    expect(checkActions(entrant(), s)).toEqual(["missing_like"]);
    expect(checkActions(entrant({ did: { like: true } }), s)).toEqual([]);
  });

  it("asks to follow the publishing account by its id, and the other accounts by handle", () => {
    const s = source("twitter", {
      "actions.like.enabled": true,
      "actions.follow.enabled": true,
      "actions.follow.other_accounts": { enabled: true, list: ["@FairDraw", "@coffee_co"] },
    });
    const liked = { like: true };
    expect(
      checkActions(entrant({ did: { ...liked, follows: ["4242", "fairdraw", "@Coffee_Co"] } }), s),
    ).toEqual([]);
    expect(checkActions(entrant({ did: { ...liked, follows: ["4242", "fairdraw"] } }), s)).toEqual([
      "missing_follow",
    ]);
    expect(checkActions(entrant({ did: { ...liked, follows: ["fairdraw", "coffee_co"] } }), s)).toEqual([
      "missing_follow",
    ]);
  });

  it("does not ask to follow the publishing account when tweet_author is off", () => {
    const s = source("twitter", {
      "actions.like.enabled": true,
      "actions.follow": { enabled: true, tweet_author: false },
    });
    expect(checkActions(entrant({ did: { like: true } }), s)).toEqual([]);
  });

  it("asks a bluesky entrant to follow the post author", () => {
    const s = source("bluesky", { "actions.follow.enabled": true });
    expect(checkActions(entrant({ provider: "bluesky", did: { repost: true } }), s)).toEqual([
      "missing_follow",
    ]);
    expect(
      checkActions(entrant({ provider: "bluesky", did: { repost: true, follows: ["4242"] } }), s),
    ).toEqual([]);
  });

  it("asks for one of the accepted facebook reactions", () => {
    const s = source("facebook", { "actions.react": { enabled: true, accept: { list: ["love", "wow"] } } });
    const fb = (reactions: string[]) => entrant({ provider: "facebook", did: { reactions } });
    expect(checkActions(fb([]), s)).toEqual(["missing_reaction"]);
    expect(checkActions(fb(["angry"]), s)).toEqual(["missing_reaction"]);
    expect(checkActions(fb(["wow"]), s)).toEqual([]);
  });

  it("accepts every reaction by default", () => {
    const s = source("facebook", { "actions.react.enabled": true });
    expect(checkActions(entrant({ provider: "facebook", did: { reactions: ["haha"] } }), s)).toEqual([]);
  });

  it("lists every missing action, in a fixed order", () => {
    const s = source("twitter", {
      "actions.comment.enabled": true,
      "actions.comment.accept": "replies_and_quotes",
      "actions.retweet.enabled": true,
      "actions.like.enabled": true,
      "actions.follow.enabled": true,
    });
    expect(checkActions(entrant(), s)).toEqual([
      "missing_comment",
      "missing_repost",
      "missing_like",
      "missing_follow",
    ]);
  });
});

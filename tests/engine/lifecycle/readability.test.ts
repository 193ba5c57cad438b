import { describe, expect, it } from "vitest";
import {
  askedKinds,
  checkActions,
  checkableSource,
  entrantsHash,
  entrantsListText,
  type FrozenListRead,
  isIncomplete,
  listedOf,
  listReadLine,
  readAsNetwork,
  sandboxEntrants,
  sha256Hex,
} from "../../../engine/lifecycle";
import { actionSettings } from "../../../engine/lifecycle/settings";
import type { ProviderFacts } from "../../../engine/provider";
import twitter from "../../../schemas/providers/twitter.json";
import youtube from "../../../schemas/providers/youtube.json";

const X = twitter as unknown as ProviderFacts;
const YT = youtube as unknown as ProviderFacts;
const NOW = "2026-06-01T12:00:00.000Z";

function xEntrants(count: number) {
  const source = {
    id: "s1",
    type: "twitter",
    actions: { comment: { enabled: true }, like: { enabled: true }, retweet: { enabled: true } },
  };
  return { source, entrants: sandboxEntrants({ contestId: "c1", network: X, source, count, now: NOW }) };
}

describe("reading entrants the way the network lists them", () => {
  it("asks the kinds of the actions switched on, custom aside, in the definition's order", () => {
    expect(
      askedKinds(X, {
        actions: { like: { enabled: true }, custom: { enabled: true }, comment: { enabled: true } },
      }),
    ).toEqual(["comment", "like"]);
  });

  it("lists at most X's 100 most recent likers and reposters, and reports the true totals", () => {
    const { source, entrants } = xEntrants(400);
    const read = readAsNetwork(entrants, X, askedKinds(X, source));
    const likers = entrants.filter((e) => e.did.like);
    expect(likers.length).toBeGreaterThan(100);
    expect(read.lists).toContainEqual({ action: "like", listed: 100, total: likers.length });
    const listed = read.entrants.filter((e) => e.did.like);
    expect(listed).toHaveLength(100);
    // The most recent ones: no liker left out entered after one that was listed.
    const earliestListed = listed.map((e) => e.first_at).sort()[0] ?? "";
    const left = likers.filter((e) => !listed.some((l) => l.id === e.id));
    expect(left.every((e) => e.first_at <= earliestListed)).toBe(true);
    // Comments are checked: everyone who commented is listed.
    const commenters = entrants.filter((e) => e.comments.length > 0).length;
    expect(read.lists).toContainEqual({ action: "comment", listed: commenters, total: commenters });
  });

  it("lists nobody for an action the network cannot list (YouTube likes) and still reports the total", () => {
    const source = { id: "s1", type: "youtube", actions: { comment: { enabled: true } } };
    const entrants = sandboxEntrants({ contestId: "c1", network: YT, source, count: 30, now: NOW });
    const liked = entrants.map((e) => ({ ...e, did: { ...e.did, like: true } }));
    const read = readAsNetwork(liked, YT, ["comment", "like"]);
    expect(read.entrants.some((e) => e.did.like)).toBe(false);
    expect(read.lists).toContainEqual({ action: "like", listed: 0, total: 30 });
  });

  it("counts what a real driver listed, without a total of its own", () => {
    const { entrants } = xEntrants(50);
    expect(listedOf(entrants, ["like"])).toEqual([
      { action: "like", listed: entrants.filter((e) => e.did.like).length, total: null },
    ]);
  });
});

describe("what the draw checks of a list read in part", () => {
  it("calls a list incomplete when fewer are listed than the total, or a partial list is full without a total", () => {
    expect(isIncomplete(X, { action: "like", listed: 100, total: 412 })).toBe(true);
    expect(isIncomplete(X, { action: "like", listed: 60, total: 60 })).toBe(false);
    expect(isIncomplete(X, { action: "like", listed: 100, total: null })).toBe(true);
    expect(isIncomplete(X, { action: "like", listed: 99, total: null })).toBe(false);
    expect(isIncomplete(X, { action: "comment", listed: 5000, total: null })).toBe(false);
  });

  it("does not remove an entrant the network did not list when its list was read in part", () => {
    const { source, entrants } = xEntrants(400);
    const read = readAsNetwork(entrants, X, askedKinds(X, source));
    const unlisted = read.entrants.find((e) => !e.did.like && e.comments.length > 0 && e.did.repost);
    if (!unlisted) throw new Error("no unlisted liker in the fixture");
    expect(checkActions(unlisted, source, X)).toContain("missing_like");
    expect(checkActions(unlisted, checkableSource(source, X, read.lists), X)).not.toContain("missing_like");
    // The copy only: the stored form is left as it was.
    expect(source.actions.like.enabled).toBe(true);
  });

  it("never checks an action the network cannot list, whatever the form asks", () => {
    const definition = {
      ...X,
      capabilities: { ...twitter.capabilities, actions: { like: { read: "unchecked" } } },
    };
    const settings = actionSettings({ actions: { like: { enabled: true } } }, definition as ProviderFacts);
    expect(settings.like.enabled).toBe(false);
  });
});

describe("the frozen list's metadata under its hash", () => {
  const reads: FrozenListRead[] = [
    { source_id: "s1", provider: "twitter", action: "like", listed: 100, total: 412 },
    { source_id: "s1", provider: "twitter", action: "comment", listed: 3, total: null },
  ];
  const ids = ["twitter:2", "twitter:1"];

  it("hashes a list frozen without metadata as it always did", () => {
    expect(entrantsHash(ids)).toBe(sha256Hex("twitter:1\ntwitter:2"));
    expect(entrantsHash(ids, [])).toBe(entrantsHash(ids));
  });

  it("covers each read after the ids, one '#read' line each, '-' for a total the network did not say", () => {
    expect(reads.map(listReadLine)).toEqual([
      "#read s1 twitter like 100 412",
      "#read s1 twitter comment 3 -",
    ]);
    const text = "twitter:1\ntwitter:2\n#read s1 twitter like 100 412\n#read s1 twitter comment 3 -";
    expect(entrantsListText(ids, reads)).toBe(text);
    expect(entrantsHash(ids, reads)).toBe(sha256Hex(text));
    // Another count is another hash.
    expect(entrantsHash(ids, [{ ...reads[0], listed: 99 } as FrozenListRead])).not.toBe(
      entrantsHash(ids, reads.slice(0, 1)),
    );
  });
});

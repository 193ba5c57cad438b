import { describe, expect, it } from "vitest";
import { highlightSegments } from "../../../web/src/lifecycle/highlight";
import { rerunDraw } from "../../../web/src/lifecycle/verify";
import { verifyDrawn, verifyTampered, verifyWithReads } from "../../../web/src/testing/lifecycle-fixtures";

const marked = (text: string, keywords: string[], prediction: string[] = []) =>
  highlightSegments(text, { keywords, prediction })
    .filter((s) => s.kind !== "plain")
    .map((s) => `${s.kind}:${s.text}`);

describe("highlighting a comment", () => {
  it("marks a keyword whatever its case and accents, in the entrant's own spelling", () => {
    expect(marked("I love ÉTÉ and summer", ["ete", "summer"])).toEqual(["keyword:ÉTÉ", "keyword:summer"]);
  });

  it("marks whole words only, as the filters match them", () => {
    expect(marked("a classic class", ["ass"])).toEqual([]);
    expect(marked("#summer!", ["#summer"])).toEqual(["keyword:#summer"]);
  });

  it("matches across runs of spaces and keeps the text intact", () => {
    const segments = highlightSegments("go   team  go", { keywords: ["team go"], prediction: [] });
    expect(segments.map((s) => s.text).join("")).toBe("go   team  go");
    expect(segments.find((s) => s.kind === "keyword")?.text).toBe("team  go");
  });

  it("shows a prediction over a keyword where they overlap", () => {
    expect(marked("score 2-1 today", ["2-1 today"], ["2-1"])).toEqual(["prediction:2-1", "keyword: today"]);
  });

  it("marks nothing without terms", () => {
    expect(highlightSegments("hello", { keywords: [], prediction: [] })).toEqual([
      { text: "hello", kind: "plain" },
    ]);
  });
});

describe("re-running a draw in the browser", () => {
  it("passes every check on the published data of docs/draw.md's test vector", () => {
    const { seed, entrants } = verifyDrawn;
    const rerun = rerunDraw({ ...verifyDrawn, seed: seed ?? "", entrants: entrants ?? [] });
    expect(rerun.checks.map((c) => [c.id, c.passed])).toEqual([
      ["commitment", true],
      ["list", true],
      ["winners", true],
    ]);
    expect(rerun.winners).toEqual(["twitter:1040", "twitter:1019", "twitter:1002"]);
    expect(rerun.substitutes).toEqual(["twitter:1029", "twitter:1030"]);
  });

  it("fails the winners check when the published winners are not the drawn ones", () => {
    const rerun = rerunDraw({
      ...verifyTampered,
      seed: verifyTampered.seed ?? "",
      entrants: verifyTampered.entrants ?? [],
    });
    expect(rerun.passed).toBe(false);
    expect(rerun.checks.find((c) => c.id === "winners")?.passed).toBe(false);
    expect(rerun.checks.find((c) => c.id === "commitment")?.passed).toBe(true);
  });

  it("fails the list check when an entrant was left out of the published list", () => {
    const entrants = (verifyDrawn.entrants ?? []).slice(1);
    const rerun = rerunDraw({ ...verifyDrawn, seed: verifyDrawn.seed ?? "", entrants });
    expect(rerun.checks.find((c) => c.id === "list")?.passed).toBe(false);
  });

  it("checks what the network let us read as part of the list: the same counts pass, another count fails", () => {
    const { seed, entrants } = verifyWithReads;
    const published = { ...verifyWithReads, seed: seed ?? "", entrants: entrants ?? [] };
    expect(rerunDraw(published).passed).toBe(true);
    const [comments, likes] = published.list_reads;
    const altered = [comments, { ...likes, listed: 412 }] as typeof published.list_reads;
    expect(rerunDraw({ ...published, list_reads: altered }).checks.find((c) => c.id === "list")?.passed).toBe(
      false,
    );
    // A list frozen without them (every list before) keeps its hash of the ids alone.
    expect(rerunDraw({ ...published, list_reads: [] }).checks.find((c) => c.id === "list")?.passed).toBe(
      false,
    );
    expect(verifyDrawn.list_reads).toEqual([]);
  });

  it("fails the seed check when the revealed seed is not the committed one", () => {
    const rerun = rerunDraw({ ...verifyDrawn, seed: "0".repeat(64), entrants: verifyDrawn.entrants ?? [] });
    expect(rerun.checks.find((c) => c.id === "commitment")?.passed).toBe(false);
  });
});

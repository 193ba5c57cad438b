import { describe, expect, it } from "vitest";
import {
  insertPaste,
  isShortLink,
  linksToShorten,
  pasteAction,
  pasteModeOf,
  replaceLinks,
} from "../../../../web/src/builder/widgets/shortlink-paste";

describe("linksToShorten", () => {
  it("finds the http and https links of a pasted text, each once, without the sentence's punctuation", () => {
    expect(
      linksToShorten(
        "Win at https://shop.example.com/summer?utm=x. Rules: http://example.org/rules, again https://shop.example.com/summer?utm=x",
      ),
    ).toEqual(["https://shop.example.com/summer?utm=x", "http://example.org/rules"]);
  });

  it("leaves links already on the three short domains alone", () => {
    expect(
      linksToShorten("https://fdraw.co/abc https://fdr.aw/x https://drw.to/y https://www.fdraw.co/z"),
    ).toEqual([]);
  });

  it("finds nothing in a text without links", () => {
    expect(linksToShorten("just words and fdraw.co")).toEqual([]);
  });

  it("tells short links from look-alikes", () => {
    expect(isShortLink("https://fdraw.co/abc")).toBe(true);
    expect(isShortLink("https://notfdraw.co/abc")).toBe(false);
    expect(isShortLink("not a url")).toBe(false);
  });
});

describe("pasteAction", () => {
  const links = ["https://example.com"];

  it("follows the team setting: always replaces, always_ask asks, never leaves", () => {
    expect(pasteAction("always", links, true)).toBe("replace");
    expect(pasteAction("always_ask", links, true)).toBe("ask");
    expect(pasteAction("never", links, true)).toBe("leave");
  });

  it("asks when the team never chose", () => {
    expect(pasteModeOf(null)).toBe("always_ask");
    expect(pasteModeOf(undefined)).toBe("always_ask");
    expect(pasteModeOf("always")).toBe("always");
    expect(pasteModeOf("never")).toBe("never");
  });

  it("leaves the paste alone without long links or without the right to create shortlinks", () => {
    expect(pasteAction("always", [], true)).toBe("leave");
    expect(pasteAction("always", links, false)).toBe("leave");
  });
});

describe("replaceLinks", () => {
  it("replaces every occurrence of each long link by its shortlink", () => {
    expect(
      replaceLinks("a https://ex.com/p b https://ex.com/p c https://ex.com/p/long", {
        "https://ex.com/p": "https://fdraw.co/1",
        "https://ex.com/p/long": "https://fdraw.co/2",
      }),
    ).toBe("a https://fdraw.co/1 b https://fdraw.co/1 c https://fdraw.co/2");
  });
});

describe("insertPaste", () => {
  it("puts the pasted text in place of the selection and moves the caret after it", () => {
    expect(insertPaste("Hello world", 6, 11, "there")).toEqual({ text: "Hello there", caret: 11 });
    expect(insertPaste("ab", 1, 1, "X")).toEqual({ text: "aXb", caret: 2 });
    expect(insertPaste("ab", 10, 20, "X")).toEqual({ text: "abX", caret: 3 });
  });
});

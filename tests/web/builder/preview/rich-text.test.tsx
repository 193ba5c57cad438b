import { describe, expect, it } from "vitest";
import { facebookSource, twitterSource } from "../../../../stories/builder/preview/fixtures";
import { formWith } from "../../../../stories/builder/widgets/fixtures";
import { publicationsOf } from "../../../../web/src/builder/preview/publications";
import { segmentsOf } from "../../../../web/src/builder/preview/rich-text";
import { drawLinkOf } from "../../../../web/src/builder/preview/tokens";

const kinds = (text: string) => segmentsOf(text).map((s) => [s.kind, s.text]);

describe("segmentsOf", () => {
  it("highlights links, mentions and hashtags and keeps the rest as written", () => {
    expect(kinds("Follow @fairdraw, use #Win2026 and see https://ex.com/a.\nBye")).toEqual([
      ["text", "Follow "],
      ["mention", "@fairdraw"],
      ["text", ", use "],
      ["hashtag", "#Win2026"],
      ["text", " and see "],
      ["link", "https://ex.com/a"],
      ["text", ".\nBye"],
    ]);
  });

  it("finds links written without http, and bluesky's domain handles", () => {
    expect(kinds("at fairdraw.app with @alice.bsky.social.")).toEqual([
      ["text", "at "],
      ["link", "fairdraw.app"],
      ["text", " with "],
      ["mention", "@alice.bsky.social"],
      ["text", "."],
    ]);
    expect(segmentsOf("fairdraw.app")[0]).toMatchObject({ href: "https://fairdraw.app" });
  });

  it("does not take an e-mail address, a lone # or a number tag for a mention or a hashtag", () => {
    expect(kinds("mail me@example.com # #123")).toEqual([["text", "mail me@example.com # #123"]]);
  });

  it("shows {DRAW_LINK} as the link the post will carry: the public address's verify page of the contest", () => {
    const segments = segmentsOf("Proof {DRAW_LINK}", 1, drawLinkOf("https://draw.brand.example/", "abc123"));
    expect(segments.find((s) => s.kind === "token")?.text).toBe("https://draw.brand.example/verify/abc123");
    expect(drawLinkOf("https://draw.brand.example", null)).toBe(
      "https://draw.brand.example/verify/0190a1b2c3d4000012ab34cd",
    );
  });

  it("shows the tokens as sample values", () => {
    const segments = segmentsOf("Seed {SEED}, proof {DRAW_LINK}, hi {NAME}, winners {WINNERS}, n {1}", 5);
    expect(segments.filter((s) => s.kind === "token").map((s) => [s.text, "token" in s && s.token])).toEqual([
      ["3f9a1c0b7d2e4f60", "{SEED}"],
      ["https://fairdraw.example/verify/0190a1b2c3d4000012ab34cd", "{DRAW_LINK}"],
      ["Alex", "{NAME}"],
      ["@winner_1, @winner_2, @winner_3, …", "{WINNERS}"],
      ["123456789012345678", "{1}"],
    ]);
  });
});

describe("publicationsOf", () => {
  it("lists every publication a twitter source makes, in the tabs' order", () => {
    expect(publicationsOf(twitterSource, formWith().base).map((p) => `${p.kind}:${p.mode}`)).toEqual([
      "main:post",
      "reminder:quote",
      "reminder:repost",
      "won:participant_reply",
      "lost:participant_reply",
      "remind_to_follow:participant_reply",
      "closing:post",
      "winners:post",
      "message:message",
    ]);
  });

  it("leaves out what is switched off, and what a facebook source cannot make", () => {
    expect(publicationsOf(facebookSource, formWith().base).map((p) => `${p.kind}:${p.mode}`)).toEqual([
      "main:post",
      "reminder:quote",
      "closing:reply",
    ]);
  });

  it("dates the main publication at the start and a reminder at its own date", () => {
    const [main, reminder] = publicationsOf(twitterSource, formWith().base);
    expect(main?.date).toBe("2026-07-01T10:00:00.000Z");
    expect(reminder?.date).toBe("2026-07-03T10:00:00.000Z");
  });
});

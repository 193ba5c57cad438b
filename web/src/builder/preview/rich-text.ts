/**
 * A publication's text cut into the pieces a network highlights: links (twitter-text finds them, with or without
 * http), @mentions (bluesky's domain handles included), #hashtags, and the builder's tokens shown as sample values
 * (tokens.ts). Everything else is plain text, kept as written (line breaks included).
 */
import twitterText from "twitter-text";
import { sampleOf, TOKEN_PATTERN } from "./tokens";

export type Segment =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "mention"; text: string }
  | { kind: "hashtag"; text: string }
  | { kind: "token"; text: string; token: string; link: boolean };

type Range = { start: number; end: number; segment: Segment };

const MENTION = /(^|[^\w@/])(@\w+(?:\.[A-Za-z0-9-]*[A-Za-z0-9])*)/g;
const HASHTAG = /(^|[^\p{L}\p{N}_&#/])(#[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;

function hrefOf(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/** The entities of a plain piece of text (no tokens in it). */
function entities(text: string): Segment[] {
  const ranges: Range[] = [];
  for (const { url, indices } of twitterText.extractUrlsWithIndices(text)) {
    ranges.push({
      start: indices[0],
      end: indices[1],
      segment: { kind: "link", text: url, href: hrefOf(url) },
    });
  }
  const overlaps = (start: number, end: number) => ranges.some((r) => start < r.end && end > r.start);
  const collect = (pattern: RegExp, kind: "mention" | "hashtag") => {
    for (const m of text.matchAll(pattern)) {
      const lead = m[1] ?? "";
      const value = m[2] ?? "";
      const start = (m.index ?? 0) + lead.length;
      const end = start + value.length;
      if (!overlaps(start, end)) ranges.push({ start, end, segment: { kind, text: value } });
    }
  };
  collect(MENTION, "mention");
  collect(HASHTAG, "hashtag");
  ranges.sort((a, b) => a.start - b.start);
  const out: Segment[] = [];
  let at = 0;
  for (const r of ranges) {
    if (r.start > at) out.push({ kind: "text", text: text.slice(at, r.start) });
    out.push(r.segment);
    at = r.end;
  }
  if (at < text.length) out.push({ kind: "text", text: text.slice(at) });
  return out;
}

/**
 * The segments of a publication's text, tokens replaced by their samples for a contest of `nbWinners`; {DRAW_LINK}
 * by `drawLink`, the link the post will carry (tokens.ts drawLinkOf); {WINNERS} by `winners` once they are known.
 */
export function segmentsOf(text: string, nbWinners = 1, drawLink?: string, winners?: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKEN_PATTERN)) {
    const start = m.index ?? 0;
    if (start > at) out.push(...entities(text.slice(at, start)));
    const token = m[1] ?? "";
    out.push({
      kind: "token",
      text: sampleOf(token, nbWinners, drawLink, winners),
      token: m[0],
      link: token === "DRAW_LINK",
    });
    at = start + m[0].length;
  }
  if (at < text.length) out.push(...entities(text.slice(at)));
  return out;
}

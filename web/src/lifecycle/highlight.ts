/**
 * Where a comment holds the contest's keywords and prediction answers, for the manual check (contest-builder.md
 * §4: prediction words purple, keywords yellow). It finds what engine/lifecycle/text-match.ts matches — folded
 * text (case and accents ignored, runs of whitespace one space), whole words only — and maps each match back to
 * the characters the entrant wrote, so the reviewer sees their own text with the matches marked.
 */
import { fold } from "../../../engine/lifecycle/text-match";

export type SegmentKind = "plain" | "keyword" | "prediction";
export type Segment = { text: string; kind: SegmentKind };

// The same word rules as engine/lifecycle/text-match.ts (kept private there).
const WORD = /[\p{L}\p{N}_]/u;
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && char !== "" && WORD.test(char) && !UNSPACED.test(char);
}

function lastChar(text: string): string | undefined {
  const chars = [...text];
  return chars[chars.length - 1];
}

/** The folded text, with for each of its code units the raw range [from, to) it came from. */
function foldWithMap(raw: string): { folded: string; from: number[]; to: number[] } {
  let folded = "";
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const char of raw) {
    const start = index;
    index += char.length;
    if (/\s/u.test(char)) {
      if (folded !== "" && !folded.endsWith(" ")) {
        folded += " ";
        from.push(start);
        to.push(index);
      }
      continue;
    }
    const piece = char
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase();
    for (let k = 0; k < piece.length; k++) {
      from.push(start);
      to.push(index);
    }
    folded += piece;
  }
  return { folded, from, to };
}

/** Every whole-word occurrence of folded `term` in folded `text`, as [start, end) offsets of `text`. */
function occurrences(text: string, term: string): [number, number][] {
  if (term === "") return [];
  const startsWord = isWordChar([...term][0]);
  const endsWord = isWordChar(lastChar(term));
  const found: [number, number][] = [];
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + 1)) {
    const end = at + term.length;
    if (startsWord && isWordChar(lastChar(text.slice(0, at)))) continue;
    if (endsWord && isWordChar([...text.slice(end)][0])) continue;
    found.push([at, end]);
  }
  return found;
}

/**
 * The comment cut into plain, keyword and prediction pieces. Terms are given folded (as engine/lifecycle
 * settings read them, or raw: they are folded again here). Where a keyword and a prediction overlap, the
 * prediction shows.
 */
export function highlightSegments(
  raw: string,
  terms: { keywords: readonly string[]; prediction: readonly string[] },
): Segment[] {
  const kinds: SegmentKind[] = Array.from({ length: raw.length }, () => "plain");
  const { folded, from, to } = foldWithMap(raw);
  const mark = (list: readonly string[], kind: SegmentKind) => {
    for (const term of new Set(list.map(fold))) {
      for (const [a, b] of occurrences(folded, term)) {
        const start = from[a] ?? 0;
        const end = to[b - 1] ?? raw.length;
        for (let i = start; i < end; i++) {
          if (kind === "prediction" || kinds[i] === "plain") kinds[i] = kind;
        }
      }
    }
  };
  mark(terms.keywords, "keyword");
  mark(terms.prediction, "prediction");
  const segments: Segment[] = [];
  for (let i = 0; i < raw.length; i++) {
    const kind = kinds[i] ?? "plain";
    const last = segments[segments.length - 1];
    if (last && last.kind === kind) last.text += raw[i];
    else segments.push({ text: raw[i] ?? "", kind });
  }
  return segments;
}

/**
 * Matching the builder's word lists (keywords, bad words, prediction answers) against what entrants wrote: both
 * sides folded (case and accents ignored, runs of whitespace made one space), and a term only matches as a whole
 * word, so the bad word "ass" does not remove a comment about a "class".
 */

/** Case- and accent-insensitive form: compatibility-decomposed, combining marks dropped, lower case, spaces collapsed. */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A character that continues a word. Scripts written without spaces (Chinese, Japanese, Thai, …) are left out, so
 * a term in them matches inside a sentence.
 */
const WORD = /[\p{L}\p{N}_]/u;
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && char !== "" && WORD.test(char) && !UNSPACED.test(char);
}

/** The last code point before `index` and the first at `index` (a surrogate pair read as one). */
function charBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return text.slice(start, index);
}

function charAt(text: string, index: number): string | undefined {
  const code = text.codePointAt(index);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

/** Whether folded `text` holds folded `term` as a whole word (a term edge that is not a word character needs no boundary). */
export function containsTerm(text: string, term: string): boolean {
  if (term === "") return false;
  const startsWord = isWordChar(charAt(term, 0));
  const endsWord = isWordChar(charBefore(term, term.length));
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + 1)) {
    if (startsWord && isWordChar(charBefore(text, at))) continue;
    if (endsWord && isWordChar(charAt(text, at + term.length))) continue;
    return true;
  }
  return false;
}

/** Whether `text` (raw) holds any of `terms` (already folded), as whole words. */
export function containsAnyTerm(text: string, foldedTerms: readonly string[]): boolean {
  if (foldedTerms.length === 0) return false;
  const folded = fold(text);
  return foldedTerms.some((term) => containsTerm(folded, term));
}

/**
 * Shortlinks on paste (contest-builder.md §2 "builder settings and replace links", app-shell.md §9): a link pasted
 * into a builder text may be replaced by a shortlink, as the team's setting says — always_ask: ask first,
 * always: replace, never: leave it. Links already on one of the short domains are left alone.
 */
import constants from "../../../../schemas/constants.json";

export type PasteMode = "always_ask" | "always" | "never";
export type PasteAction = "leave" | "ask" | "replace";

export const SHORT_DOMAINS: readonly string[] = constants.shortlinks.domains;

/** The team setting as a mode: unset (never chosen) asks, like always_ask. */
export function pasteModeOf(setting: unknown): PasteMode {
  return setting === "always" || setting === "never" ? setting : "always_ask";
}

/** A link on one of the short domains (or a subdomain of one), which is not shortened again. */
export function isShortLink(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return SHORT_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Trailing punctuation that ends a sentence rather than the link ("see https://a.b/c."). */
const TRAILING = /[.,;:!?)\]}'"»]+$/;

/** The http(s) links of a pasted text that would become shortlinks, each once, in order. */
export function linksToShorten(pasted: string): string[] {
  const found = pasted.match(/https?:\/\/[^\s<>"]+/gi) ?? [];
  const links = found
    .map((link) => link.replace(TRAILING, ""))
    .filter((link) => {
      try {
        return new URL(link).hostname !== "" && !isShortLink(link);
      } catch {
        return false;
      }
    });
  return [...new Set(links)];
}

/** What a paste does: nothing without long links, the setting, or nothing when the person may not create any. */
export function pasteAction(mode: PasteMode, links: readonly string[], canCreate: boolean): PasteAction {
  if (links.length === 0 || !canCreate || mode === "never") return "leave";
  return mode === "always" ? "replace" : "ask";
}

/** The text with each long link (a key of `shortlinks`) replaced by its shortlink, wherever it appears. */
export function replaceLinks(text: string, shortlinks: Readonly<Record<string, string>>): string {
  let out = text;
  // Longest first, so a link that begins another link does not cut it.
  for (const long of Object.keys(shortlinks).sort((a, b) => b.length - a.length)) {
    const short = shortlinks[long];
    if (short) out = out.split(long).join(short);
  }
  return out;
}

/** The text once `pasted` replaces the selection [start, end), and where the caret lands. */
export function insertPaste(
  text: string,
  start: number,
  end: number,
  pasted: string,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + pasted + text.slice(to), caret: from + pasted.length };
}
